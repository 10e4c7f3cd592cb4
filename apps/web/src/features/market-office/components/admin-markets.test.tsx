import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { testMarket } from '../market-office.fixture';
import { AdminMarkets } from './admin-markets';

vi.setConfig({ testTimeout: 60_000 });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const manager = {
  userId: 2,
  name: 'Mary Manager',
  email: 'market@farmstand.test',
  role: 'manager',
  addedAt: '2026-03-01T15:00:00.000Z',
};

/** Decision 581: the admin creates markets and grants and removes their managers. */
describe('the admin’s markets', () => {
  it('creates a market with the market’s form, then grants it a manager by e-mail and removes one', async () => {
    vi.spyOn(api, 'get').mockImplementation(
      async (path: string) => (path === '/markets/all' ? { markets: [testMarket()] } : { staff: [manager] }) as never,
    );
    const created = testMarket({ id: 8, name: 'Frankfort Farmers Market', slug: 'frankfort-farmers-market' });
    const post = vi
      .spyOn(api, 'post')
      .mockImplementation(async (path: string) => (path === '/markets' ? created : { staff: [manager] }) as never);
    const del = vi.spyOn(api, 'delete').mockResolvedValue({} as never);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <AdminMarkets />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('link', { name: 'Lexington Farmers Market' })).toHaveProperty('pathname', '/market-office/7');
    fireEvent.click(screen.getByRole('button', { name: 'New market' }));
    const form = screen.getByRole('form', { name: 'New market' });
    fireEvent.input(within(form).getByLabelText('Name'), { target: { value: 'Frankfort Farmers Market' } });
    fireEvent.input(within(form).getByLabelText('Address'), { target: { value: '100 Broadway' } });
    fireEvent.input(within(form).getByLabelText('City'), { target: { value: 'Frankfort' } });
    fireEvent.input(within(form).getByLabelText('ZIP code'), { target: { value: '40601' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create market' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        '/markets',
        expect.objectContaining({ name: 'Frankfort Farmers Market', zip: '40601', feeKind: 'none' }),
      ),
    );
    const managers = await screen.findByRole('heading', { name: 'Managers of Frankfort Farmers Market' });
    const card = managers.closest('div')?.parentElement as HTMLElement;
    fireEvent.input(within(card).getByLabelText('The manager’s e-mail (an existing account)'), {
      target: { value: 'market@farmstand.test' },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Grant manager' }));
    await waitFor(() => expect(post).toHaveBeenLastCalledWith('/markets/8/managers', { email: 'market@farmstand.test' }));
    fireEvent.click(await within(card).findByRole('button', { name: 'Remove Mary Manager' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove manager' }));
    await waitFor(() => expect(del).toHaveBeenCalledWith('/markets/8/managers/2'));
  });
});
