import { type BenefitTable, DEFAULT_BENEFIT_TABLE } from '@farmstand/shared/benefits/programmes';
import type { PublicBenefits } from '@farmstand/shared/schemas/benefits';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '@/lib/api';
import { NEVER_TAKES, type PlanLine, type PlanPlace, TenderPlanCard } from './tender-plan';

vi.setConfig({ testTimeout: 60_000 });

/** The farm's Saturday market place, a participating market of Kentucky Double Dollars; its farm stand is none. */
const MARKET_PLACE = {
  point_id: 11,
  name: 'Lexington market',
  state: 'KY',
  market: 'Lexington Farmers Market',
  incentive_name: 'Kentucky Double Dollars',
};
const AT_MARKET: PlanPlace = { pointId: 11, name: 'Lexington market' };
const AT_STAND: PlanPlace = { pointId: 12, name: 'Farm stand' };

const farm = (takes: PublicBenefits['takes'], state = 'KY'): PublicBenefits => ({
  producer_user_id: 7,
  state,
  takes,
  incentive_name: takes.includes('incentive') ? 'Kentucky Double Dollars' : null,
  incentive_market: takes.includes('incentive') ? 'Lexington Farmers Market' : null,
  incentive_markets: takes.includes('incentive') ? ['Lexington Farmers Market'] : [],
  incentive_places: takes.includes('incentive') ? [MARKET_PLACE] : [],
});

/** The farm's public profile: only its products matter here (their categories). */
const profile = {
  products: [
    { id: 1, category: 'eggs', inspection: null },
    { id: 2, category: 'produce', inspection: null },
    { id: 3, category: 'meat', inspection: 'custom_exempt' },
  ],
};

const eggs: PlanLine = { productId: 1, name: 'Eggs', totalCents: 800 };
const tomatoes: PlanLine = { productId: 2, name: 'Tomatoes', totalCents: 1000 };
const beefShare: PlanLine = { productId: 3, name: 'Quarter beef share', totalCents: 25_000 };

/**
 * The API as the plan reads it: the farm's benefits (or a 404), its public profile, and the
 * benefits the shopper saved for themselves (none unless given).
 */
function serve(benefits: PublicBenefits | 'missing', uses: string[] = [], table: BenefitTable = DEFAULT_BENEFIT_TABLE) {
  return vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
    if (path === '/benefits/me') return { uses } as never;
    if (path === '/benefits/programmes') return table as never;
    if (path === '/benefits/producers/7') {
      if (benefits === 'missing') throw new ApiError(404, 'Producer not found');
      return benefits as never;
    }
    if (path === '/producers/7') return profile as never;
    throw new Error(`unexpected GET ${path}`);
  });
}

let client: QueryClient;
const show = (lines: PlanLine[], estimated = false, place: PlanPlace = AT_MARKET) => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <TenderPlanCard producerUserId={7} lines={lines} estimated={estimated} place={place} />
    </QueryClientProvider>,
  );
};

/** Waits until every query asked so far has its answer and the card was drawn from them. */
async function answered() {
  await waitFor(() => expect(client.isFetching()).toBe(0));
  // The cache tells its observers on the next task.
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}
const askedForSaved = () => waitFor(() => expect(api.get).toHaveBeenCalledWith('/benefits/me', undefined, expect.anything()));

describe('the tender plan at checkout', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('tells a shopper at a Kentucky farm taking SNAP and Kentucky Double Dollars what eggs and produce can be paid with', async () => {
    serve(farm(['snap', 'incentive']));
    show([eggs, tomatoes]);
    expect((await screen.findByTestId('tender-plan-sentence')).textContent).toBe(
      'Pay the producer at pickup: up to $18.00 with SNAP, + $10.00 Kentucky Double Dollars at Lexington Farmers Market',
    );
    expect(screen.getByText(NEVER_TAKES)).toBeTruthy();
    const rows = [...document.querySelectorAll('dl > div')].map((row) => row.textContent);
    expect(rows).toEqual([
      'SNAP-eligible items$18.00',
      'The rest, paid another way$0.00',
      'Expected Kentucky Double Dollars match (at most $20.00 a day)up to $10.00',
    ]);
    // Eggs are matched only at participating markets: the shopper asks, with the amount.
    expect(
      screen.getByText(
        'Ask the producer about Kentucky Double Dollars on Kentucky-raised meat, eggs and dairy (participating markets): up to $8.00 more.',
      ),
    ).toBeTruthy();
  });

  it('counts the incentive as an admin edited it: half the rate, a smaller daily cap', async () => {
    const edited: BenefitTable = {
      ...DEFAULT_BENEFIT_TABLE,
      incentives: DEFAULT_BENEFIT_TABLE.incentives.map((incentive) => ({
        ...incentive,
        matchPercent: 50,
        dailyCapCents: 400,
      })),
    };
    serve(farm(['snap', 'incentive']), [], edited);
    show([eggs, tomatoes]);
    await waitFor(() =>
      expect(screen.getByTestId('tender-plan-sentence').textContent).toBe(
        'Pay the producer at pickup: up to $18.00 with SNAP, + $4.00 Kentucky Double Dollars at Lexington Farmers Market',
      ),
    );
    expect(screen.getByText('Expected Kentucky Double Dollars match (at most $4.00 a day)').nextElementSibling?.textContent).toBe(
      'up to $4.00',
    );
  });

  it('offers no Double Dollars match for a pickup at the farm stand, and says at which places it is given', async () => {
    serve(farm(['snap', 'incentive']));
    show([eggs, tomatoes], false, AT_STAND);
    expect((await screen.findByTestId('tender-plan-sentence')).textContent).toBe(
      'Pay the producer at pickup: up to $18.00 with SNAP',
    );
    const rows = [...document.querySelectorAll('dl > div')].map((row) => row.textContent);
    expect(rows).toEqual(['SNAP-eligible items$18.00', 'The rest, paid another way$0.00']);
    expect(screen.getByTestId('tender-plan-elsewhere').textContent).toBe(
      'No Kentucky Double Dollars match for a pickup at Farm stand: it is given only at pickups at Lexington market.',
    );
    expect(screen.queryByText(/Ask the producer about Kentucky Double Dollars/)).toBeNull();
  });

  it('promises no match before a pickup place is chosen and names the places that give it', async () => {
    serve(farm(['snap', 'incentive']));
    show([eggs, tomatoes], false, null);
    expect((await screen.findByTestId('tender-plan-sentence')).textContent).toBe(
      'Pay the producer at pickup: up to $18.00 with SNAP',
    );
    expect(screen.getByTestId('tender-plan-elsewhere').textContent).toBe(
      'Kentucky Double Dollars match only at pickups at Lexington market: choose one of those below to get it.',
    );
  });

  it('counts no match once an admin switched the incentive off', async () => {
    const off: BenefitTable = {
      ...DEFAULT_BENEFIT_TABLE,
      incentives: DEFAULT_BENEFIT_TABLE.incentives.map((incentive) => ({ ...incentive, active: false })),
    };
    const get = serve(farm(['snap', 'incentive']), [], off);
    show([eggs, tomatoes]);
    await waitFor(() => expect(get).toHaveBeenCalledWith('/benefits/programmes', undefined, expect.anything()));
    await waitFor(() =>
      expect(screen.getByTestId('tender-plan-sentence').textContent).toBe('Pay the producer at pickup: up to $18.00 with SNAP'),
    );
    expect(screen.queryByText(/Double Dollars/)).toBeNull();
  });

  it('asks about SNAP for a live-animal share, with its amount, and promises nothing for it', async () => {
    serve(farm(['snap']));
    show([beefShare]);
    expect((await screen.findByTestId('tender-plan-sentence')).textContent).toBe(
      'Pay the producer at pickup: nothing in this basket is sure to be covered by SNAP',
    );
    expect(screen.getByText('Ask the producer about SNAP for $250.00 of your basket (Quarter beef share).')).toBeTruthy();
    expect(screen.getByText('The rest, paid another way').nextElementSibling?.textContent).toBe('$250.00');
  });

  it('names the coupons with their own subtotal and says estimates are estimates', async () => {
    serve(farm(['snap', 'wic_fmnp']));
    show([eggs, tomatoes], true);
    expect((await screen.findByTestId('tender-plan-sentence')).textContent).toBe(
      'Pay the producer at pickup: up to $18.00 with SNAP or $10.00 with WIC FMNP coupons',
    );
    expect(screen.getByText('Items WIC FMNP coupons cover').nextElementSibling?.textContent).toBe('$10.00');
    expect(screen.getByText(/Items sold by weight are estimates/)).toBeTruthy();
  });

  it('reminds the shopper of the benefits they saved, above the breakdown, and changes nothing else', async () => {
    serve(farm(['snap', 'wic_fmnp']), ['wic_fmnp', 'snap']);
    show([eggs, tomatoes]);
    const line = await screen.findByTestId('tender-plan-uses');
    expect(line.textContent).toBe('You use: SNAP/EBT and WIC FMNP coupons.');
    // Above the breakdown.
    const breakdown = document.querySelector('dl') as HTMLElement;
    expect(line.compareDocumentPosition(breakdown) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByTestId('tender-plan-sentence').textContent).toBe(
      'Pay the producer at pickup: up to $18.00 with SNAP or $10.00 with WIC FMNP coupons',
    );
  });

  it('says nothing of saved benefits when the shopper saved none, or they could not be read', async () => {
    serve(farm(['snap']));
    show([eggs]);
    expect(await screen.findByTestId('tender-plan-sentence')).toBeTruthy();
    await askedForSaved();
    await answered();
    expect(screen.queryByTestId('tender-plan-uses')).toBeNull();
    cleanup();
    vi.restoreAllMocks();

    vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
      if (path === '/benefits/me') throw new ApiError(401, 'Please sign in to see the benefits you saved');
      if (path === '/benefits/producers/7') return farm(['snap']) as never;
      if (path === '/benefits/programmes') return DEFAULT_BENEFIT_TABLE as never;
      return profile as never;
    });
    show([eggs]);
    expect(await screen.findByTestId('tender-plan-sentence')).toBeTruthy();
    await askedForSaved();
    await answered();
    expect(screen.queryByTestId('tender-plan-uses')).toBeNull();
  });

  it('shows nothing when the farm takes no benefit', async () => {
    const get = serve(farm([]));
    const { container } = show([eggs, tomatoes]);
    await waitFor(() => expect(get).toHaveBeenCalledWith('/benefits/producers/7', undefined, expect.anything()));
    await answered();
    expect(container.innerHTML).toBe('');
    // The products are not even fetched, nor the shopper's saved benefits.
    expect(get).not.toHaveBeenCalledWith('/producers/7', undefined, expect.anything());
    expect(get).not.toHaveBeenCalledWith('/benefits/me', undefined, expect.anything());
  });

  it('shows nothing for a farm without a benefits record', async () => {
    const get = serve('missing');
    const { container } = show([eggs]);
    await waitFor(() => expect(get).toHaveBeenCalled());
    await answered();
    expect(container.innerHTML).toBe('');
  });
});
