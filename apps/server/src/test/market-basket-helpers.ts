import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { products } from '../db/schema';
import { bearer, type TestUser } from './factories';
import type { TestProducer } from './listing-factories';
import { addVendor, buildMarket, MARKET_SATURDAY, type TestMarket } from './market-office-helpers';
import { eggs, setUpMarket } from './orders-helpers';
import type { TestApp } from './test-app';

/**
 * Market baskets for tests (issue 49, decision 584): the market office's test market (Saturdays
 * 07:00–12:00 in Lexington, 8 June 2030 a market day) with its basket on: ordering opens Sunday
 * 2 June at 7:00 AM and closes 36 hours before the opening, Thursday 6 June at 7:00 PM EDT
 * (23:00 UTC). Its vendors are farms with their own market place linked and one product each.
 */
export const BASKET_CLOSES = new Date('2030-06-06T23:00:00Z');

export type BasketFarm = TestProducer & { pointId: number; productId: number };

export async function buildBasketMarket(app: TestApp, values: Parameters<typeof buildMarket>[1] = {}): Promise<TestMarket> {
  return buildMarket(app, { basketOn: true, ...values });
}

/** A farm approved at the market with its market place linked, selling one product (eggs, 12 in stock unless told). */
export async function buildBasketFarm(
  app: TestApp,
  marketId: number,
  product: Parameters<typeof eggs>[2] = {},
  rules: Parameters<typeof setUpMarket>[1] = {},
): Promise<BasketFarm> {
  const farm = await setUpMarket(app, rules);
  await addVendor(app, marketId, farm.id, farm.pointId);
  const productId = await eggs(app, farm, product);
  return { ...farm, productId };
}

export const basketPayload = (items: { productId: number; quantity: number }[], extra: Record<string, unknown> = {}) => ({
  clientKey: randomUUID(),
  date: MARKET_SATURDAY,
  items,
  shopperName: 'Dana Shopper',
  shopperPhone: '(859) 555-0199',
  ...extra,
});

export const placeBasket = (app: TestApp, shopper: TestUser, marketId: number, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: `/api/markets/${marketId}/basket`, headers: bearer(shopper), payload });

export async function stockOf(app: TestApp, productId: number): Promise<number | null> {
  const [row] = await app.ctx.db.select({ stock: products.stockQuantity }).from(products).where(eq(products.id, productId));
  return row.stock;
}
