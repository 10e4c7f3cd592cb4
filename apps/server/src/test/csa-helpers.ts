import { bearer } from './factories';
import type { TestProducer } from './listing-factories';
import type { TestApp } from './test-app';

/**
 * A summer vegetable share on the Saturday market of `setUpMarket` (season June to August 2030),
 * its sizes and cap as given: the plan as the API answers it.
 */
export async function addSummerShare(
  app: TestApp,
  farm: TestProducer & { pointId: number },
  { sizes = [{ name: 'Small', price: 20 }], cap = 5 }: { sizes?: { name: string; price: number }[]; cap?: number } = {},
): Promise<{ id: number }> {
  const plan = await app.inject({
    method: 'POST',
    url: '/api/csa',
    headers: bearer(farm),
    payload: {
      name: 'Summer Veggie Share',
      description: 'Whatever is best that week',
      sizes,
      season_start: '2030-06-01',
      season_end: '2030-08-31',
      skip_dates: [],
      places: [{ point_id: farm.pointId, weekday: 6, start: '09:00', cap }],
    },
  });
  if (plan.statusCode !== 201) throw new Error(`plan: ${plan.body}`);
  return plan.json().plan;
}
