import type { PickupPointRequest } from '@farmstand/shared/schemas/pickup';
import { bearer, type TestUser } from './factories';
import { buildProducer, buildProduct, type TestProducer } from './listing-factories';
import type { TestApp } from './test-app';

/** Wednesday 5 June 2030, 12:00 in Kentucky (EDT): the tests' "now". Saturday's market is 8 June. */
export const WEDNESDAY_NOON = new Date('2030-06-05T16:00:00Z');
/** Saturday 8 June 2030, 09:00 EDT: the market window of `setUpMarket`. */
export const SATURDAY_9AM = '2030-06-08T13:00:00.000Z';

let clock = WEDNESDAY_NOON.getTime();
/** Sets the app's clock (`ctx.clock`, read by pickup windows, orders and jobs) to `at`; `advanceHours` moves it. */
export function useTestClock(app: TestApp, at: Date = WEDNESDAY_NOON) {
  clock = at.getTime();
  app.ctx.clock = { now: () => new Date(clock) };
}
export const advanceHours = (hours: number) => {
  clock += hours * 3_600_000;
};

export const marketPoint = (overrides: Partial<PickupPointRequest> = {}): PickupPointRequest => ({
  kind: 'market',
  name: 'Lexington Farmers Market',
  address: '401 W Main St',
  city: 'Lexington',
  state: 'KY',
  zip: '40507',
  schedule: [{ weekday: 6, start: '09:00', end: '12:00' }],
  ...overrides,
});

/** A producer at Lexington with a Saturday market and the given order rules. */
export async function setUpMarket(
  app: TestApp,
  rules: { cutoff_hours?: number; cap_per_window?: number | null } = {},
  farm: Parameters<typeof buildProducer>[1] = {},
): Promise<TestProducer & { pointId: number }> {
  const producer = await buildProducer(app, { deliveryAvailable: true, deliveryRadius: 15, ...farm });
  const settings = await app.inject({
    method: 'PUT',
    url: '/api/pickup/mine/settings',
    headers: bearer(producer),
    payload: { cutoff_hours: rules.cutoff_hours ?? 24, cap_per_window: rules.cap_per_window ?? null },
  });
  if (settings.statusCode !== 200) throw new Error(`settings: ${settings.body}`);
  const point = await app.inject({
    method: 'POST',
    url: '/api/pickup/mine/points',
    headers: bearer(producer),
    payload: marketPoint(),
  });
  if (point.statusCode !== 201) throw new Error(`point: ${point.body}`);
  return { ...producer, pointId: point.json().point.id };
}

export const eggs = (app: TestApp, producer: TestProducer, values: Parameters<typeof buildProduct>[2] = {}) =>
  buildProduct(app, producer, { name: 'Farm Fresh Eggs', priceCents: 550, priceUnit: 'dozen', stockQuantity: 12, ...values });

export function orderPayload(
  producer: TestProducer & { pointId: number },
  items: { productId: number; quantity: number }[],
  extra: Record<string, unknown> = {},
) {
  return {
    producerUserId: producer.id,
    items,
    pointId: producer.pointId,
    startsAt: SATURDAY_9AM,
    shopperName: 'Dana Shopper',
    shopperPhone: '(859) 555-0199',
    note: 'I will come early',
    ...extra,
  };
}

export async function placeOrder(
  app: TestApp,
  shopper: TestUser,
  payload: ReturnType<typeof orderPayload> & { deliveryAddress?: string },
) {
  return app.inject({ method: 'POST', url: '/api/orders', headers: bearer(shopper), payload });
}

export async function move(app: TestApp, user: TestUser | null, orderId: number, to: string, reason?: string) {
  return app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/transitions`,
    headers: user ? bearer(user) : {},
    payload: { to, reason },
  });
}

/**
 * The farm takes SNAP (its FNS number 1234567 verified by `admin`) and, with `couponsUntil`, WIC
 * and Senior FMNP coupons through that date.
 */
export async function takeBenefits(app: TestApp, admin: TestUser, farm: TestUser, couponsUntil: string | null = null) {
  const coupon = { accepted: couponsUntil !== null, expires_on: couponsUntil };
  const saved = await app.inject({
    method: 'PUT',
    url: '/api/benefits/mine',
    headers: bearer(farm),
    payload: { fns_number: '1234567', wic_fmnp: coupon, senior_fmnp: coupon, incentive_market: null },
  });
  if (saved.statusCode !== 200) throw new Error(`benefits: ${saved.body}`);
  const verified = await app.inject({
    method: 'POST',
    url: `/api/admin/benefits/${farm.id}/review`,
    headers: bearer(admin),
    payload: { approve: true, note: null },
  });
  if (verified.statusCode !== 200) throw new Error(`review: ${verified.body}`);
}
