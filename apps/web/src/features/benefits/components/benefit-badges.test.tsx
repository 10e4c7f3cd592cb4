import { type BenefitTable, DEFAULT_BENEFIT_TABLE } from '@farmstand/shared/benefits/programmes';
import type { ProductCategory } from '@farmstand/shared/constants/catalog';
import type { PublicBenefits } from '@farmstand/shared/schemas/benefits';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, configure, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { FarmBenefitBadges, ProductBenefitBadges } from './benefit-badges';

vi.setConfig({ testTimeout: 60_000 });
// First renders are slow on a loaded machine: wait for states longer than the 1 s default.
configure({ asyncUtilTimeout: 15_000 });

const TAKES_ALL: PublicBenefits = {
  producer_user_id: 7,
  state: 'KY',
  takes: ['snap', 'wic_fmnp', 'senior_fmnp', 'incentive'],
  incentive_name: 'Kentucky Double Dollars',
  incentive_market: 'Berea Farmers Market',
  incentive_markets: ['Berea Farmers Market', 'Bowling Green Farmers Market'],
  incentive_places: [
    { point_id: 1, name: 'Berea market', state: 'KY', market: 'Berea Farmers Market', incentive_name: 'Kentucky Double Dollars' },
    {
      point_id: 2,
      name: 'Bowling Green market',
      state: 'KY',
      market: 'Bowling Green Farmers Market',
      incentive_name: 'Kentucky Double Dollars',
    },
  ],
};

function serve(benefits: PublicBenefits, table: BenefitTable = DEFAULT_BENEFIT_TABLE) {
  return vi.spyOn(api, 'get').mockImplementation(async (url: string) => {
    if (url === `/benefits/producers/${benefits.producer_user_id}`) return benefits as never;
    if (url === '/benefits/programmes') return table as never;
    throw new Error(`unexpected GET ${url}`);
  });
}

let client: QueryClient;
const show = (node: ReactNode) => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
};

/** Waits until the farm's answer is in the cache and drawn, so an empty page means "nothing to show". */
async function answered() {
  await vi.waitFor(() => expect(client.getQueryState(['benefits', 'producer', 7])?.status).toBe('success'), { timeout: 15_000 });
  // The cache tells its observers on the next task.
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

const product = (category: ProductCategory) => ({ producer_user_id: 7, category, inspection: null });

/** The badge texts in the list of sure answers, and the "Ask about …" ones with their reasons. */
async function badges() {
  await screen.findByRole('heading', { name: 'Benefits at pickup' });
  const sure = screen.queryByRole('list', { name: 'Benefits that can pay for this product' });
  const ask = screen.queryByRole('list', { name: 'Benefits to ask the farm about' });
  return {
    sure: sure
      ? within(sure)
          .getAllByRole('listitem')
          .map((li) => li.textContent)
      : [],
    ask: ask
      ? within(ask)
          .getAllByRole('listitem')
          .map((li) => li.textContent)
      : [],
  };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('benefit badges on the farm page', () => {
  it('show each benefit the farm takes, the incentive by its name and its market', async () => {
    serve(TAKES_ALL);
    show(<FarmBenefitBadges producerUserId={7} />);
    const list = await screen.findByRole('list', { name: 'Benefits this farm takes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Takes SNAP', 'WIC FMNP coupons', 'Senior FMNP coupons', 'Kentucky Double Dollars']);
    // The markets its pickup places are (decision 540), not one market for the farm.
    expect(
      screen.getByText('Kentucky Double Dollars at pickups at Berea Farmers Market and Bowling Green Farmers Market.'),
    ).toBeTruthy();
  });

  it('show only what the farm takes', async () => {
    serve({ ...TAKES_ALL, takes: ['wic_fmnp'], incentive_market: null, incentive_markets: [] });
    show(<FarmBenefitBadges producerUserId={7} />);
    const list = await screen.findByRole('list', { name: 'Benefits this farm takes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['WIC FMNP coupons']);
  });

  it('show nothing when the farm takes nothing', async () => {
    const get = serve({ ...TAKES_ALL, takes: [], incentive_market: null, incentive_markets: [] });
    const { container } = show(<FarmBenefitBadges producerUserId={7} />);
    await answered();
    expect(get).toHaveBeenCalledWith('/benefits/producers/7', undefined, expect.anything());
    expect(container.textContent).toBe('');
  });
});

describe('benefit badges on a product page', () => {
  it('eggs: SNAP yes, no coupons, and ask about the incentive (meat, eggs and dairy only at some markets)', async () => {
    serve(TAKES_ALL);
    show(<ProductBenefitBadges product={product('eggs')} />);
    const { sure, ask } = await badges();
    expect(sure).toEqual(['Takes SNAP']);
    expect(ask).toEqual([
      'Ask about Kentucky Double DollarsCheck with the programme: Kentucky Double Dollars matches Kentucky-raised meat, eggs and dairy (participating markets)',
    ]);
    expect(screen.queryByText(/WIC FMNP/)).toBeNull();
  });

  it('produce from a Kentucky farm: every benefit it takes and Kentucky Double Dollars', async () => {
    serve(TAKES_ALL);
    show(<ProductBenefitBadges product={product('produce')} />);
    const { sure, ask } = await badges();
    expect(sure).toEqual(['Takes SNAP', 'WIC FMNP coupons', 'Senior FMNP coupons', 'Kentucky Double Dollars']);
    expect(ask).toEqual([]);
  });

  it('produce from a farm taking only SNAP: SNAP alone, though the product could take coupons', async () => {
    serve({ ...TAKES_ALL, takes: ['snap'], incentive_market: null, incentive_markets: [] });
    show(<ProductBenefitBadges product={product('produce')} />);
    const { sure, ask } = await badges();
    expect(sure).toEqual(['Takes SNAP']);
    expect(ask).toEqual([]);
  });

  it('an item the rules cannot place says to ask, with the reason as text', async () => {
    serve({ ...TAKES_ALL, takes: ['snap'], incentive_market: null, incentive_markets: [] });
    show(<ProductBenefitBadges product={product('other')} />);
    const { sure, ask } = await badges();
    expect(sure).toEqual([]);
    expect(ask).toEqual(['Ask about SNAPCheck with the programme: we cannot tell whether this is food to prepare at home']);
  });

  it('pet food: nothing, even from a farm that takes everything', async () => {
    const get = serve(TAKES_ALL);
    const { container } = show(<ProductBenefitBadges product={product('pet_food')} />);
    await answered();
    expect(get).toHaveBeenCalledWith('/benefits/producers/7', undefined, expect.anything());
    expect(container.textContent).toBe('');
  });

  it('cut flowers listed as produce, which the farm says are not food: nothing, from a farm that takes everything', async () => {
    serve(TAKES_ALL);
    const { container } = show(<ProductBenefitBadges product={{ ...product('produce'), tax_class: 'non_food' }} />);
    await answered();
    expect(container.textContent).toBe('');
  });

  it('nothing when the farm takes nothing', async () => {
    const get = serve({ ...TAKES_ALL, takes: [], incentive_market: null, incentive_markets: [] });
    const { container } = show(<ProductBenefitBadges product={product('produce')} />);
    await answered();
    expect(get).toHaveBeenCalledWith('/benefits/producers/7', undefined, expect.anything());
    expect(container.textContent).toBe('');
  });

  it('follow the table in force: an incentive switched off shows no badge', async () => {
    const switchedOff: BenefitTable = {
      ...DEFAULT_BENEFIT_TABLE,
      incentives: DEFAULT_BENEFIT_TABLE.incentives.map((incentive) => ({ ...incentive, active: false })),
    };
    const get = serve(TAKES_ALL, switchedOff);
    show(<ProductBenefitBadges product={product('produce')} />);
    await vi.waitFor(() => expect(client.getQueryState(['benefits', 'programmes'])?.status).toBe('success'), {
      timeout: 15_000,
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    const { sure, ask } = await badges();
    expect(sure).toEqual(['Takes SNAP', 'WIC FMNP coupons', 'Senior FMNP coupons']);
    expect(ask).toEqual([]);
    expect(screen.queryByText(/Double Dollars/)).toBeNull();
    expect(get).toHaveBeenCalledWith('/benefits/programmes', undefined, expect.anything());
  });

  it('follow the table in force: a state’s coupons an admin extended to honey', async () => {
    const honey: BenefitTable = {
      ...DEFAULT_BENEFIT_TABLE,
      programmes: DEFAULT_BENEFIT_TABLE.programmes.map((row) =>
        row.programme === 'wic_fmnp' && row.state === 'KY' ? { ...row, covers: ['produce', 'honey'] } : row,
      ),
    };
    serve({ ...TAKES_ALL, takes: ['wic_fmnp'], incentive_market: null, incentive_markets: [] }, honey);
    show(<ProductBenefitBadges product={product('honey')} />);
    expect((await badges()).sure).toEqual(['WIC FMNP coupons']);
  });

  it('no coupon or incentive badge for produce grown in another state', async () => {
    serve(TAKES_ALL);
    show(<ProductBenefitBadges product={{ ...product('produce'), origin_state: 'OH' }} />);
    const { sure, ask } = await badges();
    expect(sure).toEqual(['Takes SNAP']);
    expect(ask).toEqual([]);
  });
});
