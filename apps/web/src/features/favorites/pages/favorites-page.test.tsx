import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

const auth = vi.hoisted(() => ({ user: { id: 1, userType: 'consumer' } as { id: number; userType: string } | null }));
vi.mock('@/shared/auth-context', () => ({ useAuth: () => ({ user: auth.user, isLoading: false }) }));
vi.mock('@/lib/document-title', () => ({ useDocumentTitle: () => {} }));
vi.mock('@/shared/favorites/favorite-button', () => ({ FavoriteButton: () => null }));
vi.mock('@/shared/favorites/api', () => ({
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

import FavoritesPage from './favorites-page';

const show = () =>
  render(
    <MemoryRouter>
      <FavoritesPage />
    </MemoryRouter>,
  );

// First renders are slow on a loaded machine; these check wording, not speed.
vi.setConfig({ testTimeout: 60_000 });

describe('the favourites page', () => {
  afterEach(cleanup);

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
