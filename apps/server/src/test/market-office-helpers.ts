import { randomUUID } from 'node:crypto';
import { marketStaff, markets, marketVendors } from '../db/schema';
import { bearer, buildUser, type TestUser } from './factories';
import type { TestApp } from './test-app';

/**
 * A market straight in the database for the market office's tests (decision 582): Saturdays
 * 07:00–12:00 in Lexington (America/New_York), season 2030-04-06 … 2030-11-30, Kentucky Double
 * Dollars ($2 tokens, $1 for $1, $20 a shopper a market day), a booth for SNAP, cards and Senior
 * FMNP (not WIC), with a manager and a booth volunteer.
 */
export const MARKET_SATURDAY = '2030-06-08';
/** 11:00 in Lexington on that Saturday. */
export const SATURDAY_11 = new Date('2030-06-08T15:00:00Z');

export type TestMarket = { id: number; manager: TestUser; volunteer: TestUser };

export async function buildMarket(app: TestApp, values: Partial<typeof markets.$inferInsert> = {}): Promise<TestMarket> {
  const [market] = await app.ctx.db
    .insert(markets)
    .values({
      slug: `market-${randomUUID()}`,
      name: 'Lexington Farmers Market',
      address: '401 W Main St',
      city: 'Lexington',
      state: 'KY',
      zip: '40507',
      timeZone: 'America/New_York',
      seasonStart: '2030-04-06',
      seasonEnd: '2030-11-30',
      marketDays: [{ weekday: 6, opens: '07:00', closes: '12:00' }],
      boothSnap: true,
      boothCredit: true,
      boothWic: false,
      boothSenior: true,
      incentiveId: 'ky_double_dollars',
      ...values,
    })
    .returning({ id: markets.id });
  const manager = await buildUser(app, { userType: 'consumer' });
  const volunteer = await buildUser(app, { userType: 'consumer' });
  const addedAt = app.ctx.clock.now();
  await app.ctx.db.insert(marketStaff).values([
    { marketId: market.id, userId: manager.id, role: 'manager', addedAt },
    { marketId: market.id, userId: volunteer.id, role: 'volunteer', addedAt },
  ]);
  return { id: market.id, manager, volunteer };
}

/** A farm approved as a vendor of the market, with its place there linked when given. */
export async function addVendor(app: TestApp, marketId: number, producerUserId: number, pointId: number | null = null) {
  const at = app.ctx.clock.now();
  await app.ctx.db
    .insert(marketVendors)
    .values({ marketId, producerUserId, status: 'approved', pointId, requestedAt: at, decidedAt: at });
}

/** One booth entry as a phone sends it. */
export const boothEntry = (values: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  at: SATURDAY_11.toISOString(),
  device: 'Booth phone 1',
  kind: 'issue',
  currency: 'snap',
  amountCents: 1000,
  match: 0,
  shopperKey: null,
  ...values,
});

export const boothSync = (app: TestApp, user: TestUser, marketId: number, entries: unknown[]) =>
  app.inject({ method: 'POST', url: `/api/markets/${marketId}/booth/sync`, headers: bearer(user), payload: { entries } });
