import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { OrderWeeks } from './order-weeks';

vi.setConfig({ testTimeout: 60_000 });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the farm’s orders per week', () => {
  it('shows orders per pickup week with their value, weighed orders at their weighed total', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({
      weeks: [
        { week_start: '2030-06-03', orders: 3, reserved_value: 46 },
        { week_start: '2030-06-17', orders: 1, reserved_value: 0 },
      ],
    } as never);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <OrderWeeks />
      </QueryClientProvider>,
    );
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Pickup week of', 'Orders', 'Order value']);
    const [, first] = within(table).getAllByRole('row');
    expect(
      within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Jun 3', '3', '$46.00']);
    expect(screen.getByText(/By the week of their pickup/).textContent).toContain('weighed ones at their weighed total');
  });
});
