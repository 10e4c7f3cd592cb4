import { DEFAULT_BENEFIT_TABLE } from '@farmstand/shared/benefits/programmes';
import type { PublicBenefits } from '@farmstand/shared/schemas/benefits';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { PlannedBenefitsField } from './planned-benefits-field';
import type { PlanPlace } from './tender-plan';

vi.setConfig({ testTimeout: 60_000 });

/** A Kentucky farm taking SNAP; its Saturday market place (11) is a participating market, its farm stand (12) is not. */
const benefits: PublicBenefits = {
  producer_user_id: 7,
  state: 'KY',
  takes: ['snap', 'incentive'],
  incentive_name: 'Kentucky Double Dollars',
  incentive_market: 'Lexington Farmers Market',
  incentive_markets: ['Lexington Farmers Market'],
  incentive_places: [
    {
      point_id: 11,
      name: 'Lexington Farmers Market',
      state: 'KY',
      market: 'Lexington Farmers Market',
      incentive_name: 'Kentucky Double Dollars',
    },
  ],
};

function serve() {
  return vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
    if (path === '/benefits/me') return { uses: ['snap'] } as never;
    if (path === '/benefits/programmes') return DEFAULT_BENEFIT_TABLE as never;
    if (path === '/benefits/producers/7') return benefits as never;
    throw new Error(`unexpected GET ${path}`);
  });
}

const show = (props: { scope?: 'order' | 'share'; place?: PlanPlace }) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PlannedBenefitsField producerUserId={7} farmName="Cumberland Farm" value={['snap']} onChange={() => {}} {...props} />
    </QueryClientProvider>,
  );

describe('how a shopper plans to pay', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('says the choice holds for each pickup of a CSA share, and for this order at checkout', async () => {
    serve();
    show({ scope: 'share' });
    expect(
      await screen.findByText(
        'Only this farm sees it, for each pickup of your share. Farmstand never takes or processes benefits.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/on this order/)).toBeNull();
    cleanup();
    show({});
    expect(
      await screen.findByText('Only this farm sees it, on this order. Farmstand never takes or processes benefits.'),
    ).toBeTruthy();
  });

  it('tells a member joining at the market that Double Dollars match there, and at the farm stand that they do not', async () => {
    serve();
    show({ scope: 'share', place: { pointId: 11, name: 'Lexington Farmers Market' } });
    await waitFor(() =>
      expect(screen.getByTestId('planned-benefits-match').textContent).toBe(
        'At Lexington Farmers Market, Kentucky Double Dollars matches what you pay with SNAP or coupons on eligible food, up to $20.00 a day.',
      ),
    );
    cleanup();
    show({ scope: 'share', place: { pointId: 12, name: 'Farm stand' } });
    await waitFor(() =>
      expect(screen.getByTestId('planned-benefits-match').textContent).toBe(
        'No Kentucky Double Dollars match for a pickup at Farm stand: it is given only at pickups at Lexington Farmers Market.',
      ),
    );
  });
});
