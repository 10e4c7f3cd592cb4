import { basketFee } from '@farmstand/shared/markets/fees';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildProducer } from '../../test/listing-factories';
import { buildMarketOrders, type MarketOrderInput, type MarketPartInput } from '../../test/market-basket-factories';
import { addVendor, buildMarket, type TestMarket } from '../../test/market-office-helpers';
import { buildTestApp, type TestApp } from '../../test/test-app';

/**
 * Per-farm statements sum to the market's total to the cent (issue 49, decision 587): 1,000
 * generated market orders over four Saturdays of June 2030 at a market whose basket fee is 3.33 %
 * of each part (rounded half up per part, so the fee of the whole is not the sum of the parts'),
 * from 12 farms, 1–6 parts each, some parts cancelled or not yet picked up. The statements of the
 * first three Saturdays: each vendor's "Market basket fees" is the fees of its own parts picked up
 * then, they add up to the market's total, and so do the goods.
 */
let app: TestApp;
let market: TestMarket;
const RULES = { basketFeeKind: 'percent' as const, basketFeeCents: 0, basketFeePercentBp: 333 };
const SATURDAYS = ['2030-06-01', '2030-06-08', '2030-06-15', '2030-06-22'];
const FROM = '2030-06-01';
const TO = '2030-06-15';

/** A small seeded generator: the same orders every run. */
function random(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % n;
  };
}

let inputs: MarketOrderInput[] = [];
const farms: TestUser[] = [];

beforeAll(async () => {
  app = await buildTestApp();
  market = await buildMarket(app, { basketOn: true, ...RULES });
  for (let i = 0; i < 12; i++) {
    const farm = await buildProducer(app, { farmName: `Vendor ${String(i + 1).padStart(2, '0')}` });
    await addVendor(app, market.id, farm.id);
    farms.push(farm);
  }
  const shoppers: TestUser[] = [];
  for (let i = 0; i < 20; i++) shoppers.push(await buildUser(app));
  const next = random(49);
  inputs = Array.from({ length: 1000 }, (_, n) => {
    const date = SATURDAYS[n % SATURDAYS.length];
    const start = new Date(`${date}T13:00:00Z`);
    const chosen = [...farms].sort(() => next(3) - 1).slice(0, 1 + next(6));
    const unique = [...new Map(chosen.map((f) => [f.id, f])).values()];
    const parts: MarketPartInput[] = unique.map((farm) => {
      const lines = Array.from({ length: 1 + next(3) }, () => ({
        productId: null,
        name: 'Greens',
        unitPriceCents: 99 + next(1900),
        quantity: 1 + next(4),
      }));
      const roll = next(20);
      const status = roll === 0 ? ('cancelled' as const) : roll === 1 ? ('accepted' as const) : ('picked_up' as const);
      const subtotal = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
      return {
        producerUserId: farm.id,
        pointId: null,
        status,
        lines,
        marketFeeCents: status === 'picked_up' ? basketFee(RULES, subtotal) : 0,
      };
    });
    return {
      marketId: market.id,
      customerId: shoppers[n % shoppers.length].id,
      marketDate: date,
      pickupStart: start,
      pickupEnd: new Date(start.getTime() + 3 * 3_600_000),
      parts,
    };
  });
  await buildMarketOrders(app, inputs);
}, 120_000);
afterAll(async () => {
  await app.closeAll();
});

describe('market basket fees on the vendors’ statements', () => {
  it('per-farm statements sum to the market total to the cent over 1,000 generated market orders', async () => {
    const expected = new Map<number, { fee: number; sales: number }>();
    let marketFee = 0;
    let marketSales = 0;
    for (const input of inputs) {
      if (input.marketDate < FROM || input.marketDate > TO) continue;
      for (const part of input.parts) {
        if (part.status !== 'picked_up') continue;
        const sales = part.lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
        const fee = basketFee(RULES, sales);
        const own = expected.get(part.producerUserId) ?? { fee: 0, sales: 0 };
        expected.set(part.producerUserId, { fee: own.fee + fee, sales: own.sales + sales });
        marketFee += fee;
        marketSales += sales;
      }
    }
    expect(marketFee).toBeGreaterThan(0);
    // Half up per part: the market's total is the parts' fees, not 3.33 % of the whole.
    expect(marketFee).not.toBe(basketFee(RULES, marketSales));

    const res = await app.inject({
      method: 'GET',
      url: `/api/markets/${market.id}/statements?from=${FROM}&to=${TO}`,
      headers: bearer(market.manager),
    });
    expect(res.statusCode, res.body).toBe(200);
    const statements: {
      producerId: number;
      basketFeeCents: number;
      basketSalesCents: number;
      netCents: number;
      reimbursedCents: number;
      feeCents: number;
    }[] = res.json().statements;
    expect(statements).toHaveLength(farms.length);
    for (const s of statements) {
      expect([s.producerId, s.basketFeeCents, s.basketSalesCents]).toEqual([
        s.producerId,
        expected.get(s.producerId)?.fee,
        expected.get(s.producerId)?.sales,
      ]);
      expect(s.netCents).toBe(s.reimbursedCents - s.feeCents - s.basketFeeCents);
    }
    expect(statements.reduce((sum, s) => sum + s.basketFeeCents, 0)).toBe(marketFee);
    expect(statements.reduce((sum, s) => sum + s.basketSalesCents, 0)).toBe(marketSales);

    const csv = await app.inject({
      method: 'GET',
      url: `/api/markets/${market.id}/statements.csv?from=${FROM}&to=${TO}`,
      headers: bearer(market.manager),
    });
    const feeRows = csv.body
      .split('\r\n')
      .filter((line) => line.includes(',Market basket fees,'))
      .map((line) => line.split(','));
    expect(feeRows).toHaveLength(farms.length);
    const cents = (text: string) => Math.round(Number(text) * 100);
    expect(feeRows.reduce((sum, row) => sum + cents(row[row.length - 2]), 0)).toBe(marketFee);
  });

  it('shows a vendor its own market basket fees only', async () => {
    const farm = farms[0];
    const res = await app.inject({
      method: 'GET',
      url: `/api/markets/${market.id}/statement?from=${FROM}&to=${TO}`,
      headers: bearer(farm),
    });
    expect(res.statusCode, res.body).toBe(200);
    let fee = 0;
    for (const input of inputs)
      for (const part of input.parts)
        if (part.producerUserId === farm.id && part.status === 'picked_up' && input.marketDate <= TO)
          fee += part.marketFeeCents ?? 0;
    expect(res.json().basketFeeCents).toBe(fee);
  });
});
