import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

const auth = vi.hoisted(() => ({ user: { id: 1, userType: 'consumer' } as { id: number; userType: string } | null }));
vi.mock('@/shared/auth-context', () => ({ useAuth: () => ({ user: auth.user, isLoading: false }) }));
vi.mock('@/lib/document-title', () => ({ useDocumentTitle: () => {} }));
vi.mock('../api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api')>()),
  useFavorites: () => ({
    isPending: false,
    isError: false,
    data: {
      favorites: [
        {
          user_id: 5,
          farm_name: 'Green Acres',
          profile_image_url: null,
          city: 'Berea',
          state: 'KY',
          distance: null,
          description: null,
          verified: false,
          delivery_available: false,
          product_count: 2,
        },
      ],
    },
  }),
}));

import { api } from '@/lib/api';
import FavoritesPage from './favorites-page';

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        {/* The card is the producers feature's (composed in app/pages): here, its heading. */}
        <FavoritesPage producerCard={(producer) => <h3>{producer.farm_name}</h3>} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

// First renders are slow on a loaded machine; these check wording, not speed.
vi.setConfig({ testTimeout: 60_000 });

describe('the favourites page', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('turns one saved farm’s “ordering is open” e-mails off at once', async () => {
    auth.user = { id: 1, userType: 'consumer' };
    const farms = (notices: boolean) => ({ farms: [{ producer_user_id: 5, farm_name: 'Green Acres', notices }] });
    vi.spyOn(api, 'get').mockResolvedValue(farms(true) as never);
    const put = vi.spyOn(api, 'put').mockResolvedValue(farms(false) as never);
    show();
    const box = (await screen.findByRole('checkbox', { name: 'Green Acres' })) as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    await waitFor(() => expect(put).toHaveBeenCalledWith('/notices/subscriptions/5', { notices: false }));
    await waitFor(() => expect((screen.getByRole('checkbox', { name: 'Green Acres' }) as HTMLInputElement).checked).toBe(false));
  });

  it('tells an admin it is not for admins, not "not for producers"', () => {
    auth.user = { id: 1, userType: 'admin' };
    show();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Not available for admins');
  });

  it('keeps its headings in order: h1, then h2, then the cards', () => {
    auth.user = { id: 1, userType: 'consumer' };
    show();
    const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    levels.forEach((level, i) => {
      if (i > 0) expect(level - levels[i - 1]).toBeLessThanOrEqual(1);
    });
    expect(levels).toContain(3);
  });
});
