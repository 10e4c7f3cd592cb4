import type { MarketInput } from '@farmstand/shared/schemas/markets';
import { marketStaff, markets, marketVendors, pickupPoints } from '../db/schema';
import { bearer, buildUser, type TestUser } from './factories';
import type { TestApp } from './test-app';

/**
 * Markets for tests (issue 48): a market's fields that pass validation, a market straight in the
 * database, its staff and its vendors. 2027-04-03 is a Saturday: the season runs Saturdays from
 * then to November 20.
 */
export const validMarketInput = (overrides: Partial<MarketInput> = {}): MarketInput => ({
  name: 'Lexington Farmers Market',
  description: 'Saturday mornings downtown.',
  address: '100 W Vine St',
  city: 'Lexington',
  state: 'KY',
  zip: '40507',
  latitude: 38.0464,
  longitude: -84.4967,
  timeZone: 'America/New_York',
  seasonStart: '2027-04-03',
  seasonEnd: '2027-11-20',
  marketDays: [{ weekday: 6, opens: '07:00', closes: '12:00' }],
  closedDates: [],
  boothSnap: true,
  boothCredit: true,
  boothWic: false,
  boothSenior: false,
  incentiveId: 'ky_double_dollars',
  matchCapCents: null,
  snapTokenCents: 100,
  creditTokenCents: 500,
  feeKind: 'none',
  feeCents: 0,
  feePercentBp: 0,
  feeMinCents: null,
  feeMaxCents: null,
  shareContacts: false,
  basketOn: false,
  basketOpensDays: 6,
  basketClosesHours: 36,
  basketFeeKind: 'none',
  basketFeeCents: 0,
  basketFeePercentBp: 0,
  ...overrides,
});

let sequence = 0;

/** A market straight in the database (a unique slug per call); returns its row. */
export async function buildMarket(app: TestApp, overrides: Partial<MarketInput> = {}) {
  const input = validMarketInput(overrides);
  const [row] = await app.ctx.db
    .insert(markets)
    .values({ ...input, slug: `market-${process.pid}-${++sequence}` })
    .returning();
  return row;
}

/** Grants an account a role at a market. */
export async function grantMarketRole(app: TestApp, marketId: number, userId: number, role: 'manager' | 'volunteer') {
  await app.ctx.db.insert(marketStaff).values({ marketId, userId, role, addedAt: app.ctx.clock.now() });
}

/** A new account (consumer unless told) with a role at the market. */
export async function buildMarketStaff(
  app: TestApp,
  marketId: number,
  role: 'manager' | 'volunteer',
  userType: 'consumer' | 'producer' = 'consumer',
): Promise<TestUser> {
  const user = await buildUser(app, { userType });
  await grantMarketRole(app, marketId, user.id, role);
  return user;
}

/** A farm's standing at a market, straight in the database. */
export async function setVendorStatus(
  app: TestApp,
  marketId: number,
  producerUserId: number,
  status: 'applied' | 'invited' | 'approved' | 'declined' | 'removed',
  pointId: number | null = null,
) {
  await app.ctx.db
    .insert(marketVendors)
    .values({ marketId, producerUserId, status, pointId, requestedAt: app.ctx.clock.now() })
    .onConflictDoUpdate({ target: [marketVendors.marketId, marketVendors.producerUserId], set: { status, pointId } });
}

/** A pickup place of the farm (kind 'market' unless told), straight in the database; returns its id. */
export async function buildMarketPlace(
  app: TestApp,
  producerUserId: number,
  values: { name?: string; kind?: 'farm' | 'market' | 'other'; booth?: string } = {},
): Promise<number> {
  const [row] = await app.ctx.db
    .insert(pickupPoints)
    .values({
      producerUserId,
      kind: values.kind ?? 'market',
      name: values.name ?? 'Lexington Farmers Market',
      address: '100 W Vine St',
      city: 'Lexington',
      state: 'KY',
      zip: '40507',
      booth: values.booth ?? null,
    })
    .returning({ id: pickupPoints.id });
  return row.id;
}

/** Calls the API as a user (or a guest). */
export const asUser = (app: TestApp, user: TestUser | null) => ({
  get: (url: string) => app.inject({ method: 'GET', url, headers: user ? bearer(user) : {} }),
  post: (url: string, payload: object = {}) => app.inject({ method: 'POST', url, payload, headers: user ? bearer(user) : {} }),
  put: (url: string, payload: object = {}) => app.inject({ method: 'PUT', url, payload, headers: user ? bearer(user) : {} }),
  delete: (url: string) => app.inject({ method: 'DELETE', url, headers: user ? bearer(user) : {} }),
});
