import { DEFAULT_BENEFIT_TABLE } from '@farmstand/shared/benefits/programmes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { FarmBenefits } from './farm-benefits';

vi.setConfig({ testTimeout: 60_000 });

const show = (takes: Parameters<typeof FarmBenefits>[0]['takes'], state = 'KY') =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <FarmBenefits takes={takes} state={state} />
    </QueryClientProvider>,
  );

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('benefits near the top of the farm page', () => {
  it('names SNAP, the coupons and the state’s incentive by its own name that the farm takes today', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(DEFAULT_BENEFIT_TABLE as never);
    show(['snap', 'wic_fmnp', 'incentive']);
    const list = await screen.findByRole('list', { name: 'Benefits taken at pickup' });
    const names = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(names.slice(0, 2)).toEqual(['SNAP', 'WIC coupons']);
    expect(names[2]).toMatch(/Double Dollars/);
    expect(screen.getByText('Takes at pickup:')).toBeTruthy();
  });

  it('shows nothing for a farm that takes no benefit', () => {
    vi.spyOn(api, 'get').mockResolvedValue(DEFAULT_BENEFIT_TABLE as never);
    const { container } = show([]);
    expect(container.textContent).toBe('');
  });
});
