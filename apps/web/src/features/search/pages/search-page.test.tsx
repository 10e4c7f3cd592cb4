import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';

vi.mock('@/lib/document-title', () => ({ usePublicPageTitle: () => {} }));
vi.mock('@/lib/analytics', () => ({ track: () => {} }));

import SearchPage from './search-page';

const get = vi.spyOn(api, 'get').mockResolvedValue({ producers: [], total: 0 } as never);

vi.setConfig({ testTimeout: 60_000 });

describe('the producer search page', () => {
  afterEach(cleanup);

  it('ignores a radius that is not one of its choices: it searches and shows the default 25 miles', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/search?radius=7&view=globe']}>
          <SearchPage resultsMap={() => null} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByText('No producers found');
    const [, query] = get.mock.calls.find(([path]) => path === '/search/producers') ?? [];
    expect((query as { radius: number }).radius).toBe(25);
    expect((screen.getByLabelText('Radius') as HTMLSelectElement).value).toBe('25');
    expect(screen.getByRole('button', { name: /list/i, pressed: true })).toBeTruthy();
  });
});
