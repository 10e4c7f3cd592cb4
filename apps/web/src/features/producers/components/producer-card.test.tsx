import { DEFAULT_BENEFIT_TABLE } from '@farmstand/shared/benefits/programmes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { api } from '@/lib/api';
import { ProducerCard, type ProducerCardData } from './producer-card';

vi.setConfig({ testTimeout: 60_000 });

const farm: ProducerCardData = {
  user_id: 5,
  farm_name: 'Double Creek Farm',
  city: 'Paris',
  state: 'KY',
  description: 'Vegetables and eggs',
  profile_image_url: null,
  delivery_available: false,
  verified: true,
  product_count: 4,
  distance: null,
};

const show = (producer: ProducerCardData) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <ProducerCard producer={producer} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('a producer card in the search list', () => {
  it('names the benefits the farm takes at pickup today as its farm page does, the state’s incentive by its own name', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue(DEFAULT_BENEFIT_TABLE as never);
    show({ ...farm, benefit_takes: ['snap', 'wic_fmnp', 'senior_fmnp', 'incentive'] });
    const list = await screen.findByRole('list', { name: 'Benefits taken at pickup' });
    const names = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(names.slice(0, 3)).toEqual(['SNAP', 'WIC coupons', 'Senior coupons']);
    expect(names[3]).toMatch(/Double Dollars/);
    expect(get).toHaveBeenCalledWith('/benefits/programmes', undefined, expect.anything());
  });

  it('shows no benefits, and asks for no benefit table, when the farm takes none or the list does not say', () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue(DEFAULT_BENEFIT_TABLE as never);
    show({ ...farm, benefit_takes: [] });
    expect(screen.queryByRole('list', { name: 'Benefits taken at pickup' })).toBeNull();
    cleanup();
    show(farm);
    expect(screen.queryByRole('list', { name: 'Benefits taken at pickup' })).toBeNull();
    expect(get).not.toHaveBeenCalled();
  });

  it('says which markets the farm attends, each linked to the market’s page, and nothing when it attends none', () => {
    show({ ...farm, markets: [{ slug: 'lexington-farmers-market', name: 'Lexington Farmers Market' }] });
    expect(screen.getByText('At this market:')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Lexington Farmers Market' }).getAttribute('href')).toBe(
      '/markets/lexington-farmers-market',
    );
    cleanup();
    show({ ...farm, markets: [] });
    expect(screen.queryByText(/At th/)).toBeNull();
  });
});
