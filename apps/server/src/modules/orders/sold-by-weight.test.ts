import {
  lineEstimate,
  packCents,
  packEstimateCents,
  shareCents,
  shareDueCents,
  toMilli,
  weighedLineCents,
} from '@farmstand/shared/format/by-weight';
import { toCents } from '@farmstand/shared/format/money';
import { shareEstimateCents } from '@farmstand/shared/schemas/shares';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { emailOutbox, productVariants } from '../../db/schema';
import type { DomainEventMap } from '../../lib/events';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import type { TestProducer } from '../../test/listing-factories';
import { eggs, move, orderPayload, placeOrder, setUpMarket, useTestClock } from '../../test/orders-helpers';
import { readPdf } from '../../test/pdf-text';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { itemAmounts, orderAmounts } from './order-lines';

let app: TestApp;
const changes: DomainEventMap['order.changed'][] = [];

beforeAll(async () => {
  app = await buildTestApp();
  app.ctx.events.on('order.changed', (event) => {
    changes.push(event);
  });
});
afterAll(async () => {
  await app.closeAll();
});
beforeEach(() => useTestClock(app));

type Farm = TestProducer & { pointId: number };

/** Grass-fed beef with three ribeye pack sizes by weight, a fixed-price ground beef pack and a sold-out cut. */
async function beefFarm(): Promise<{ farm: Farm; productId: number; variant: Record<string, number> }> {
  const farm = await setUpMarket(app);
  const res = await app.inject({
    method: 'POST',
    url: '/api/products',
    headers: bearer(farm),
    payload: {
      name: 'Grass-fed beef',
      category: 'meat',
      availability: 'available',
      inspection: 'usda',
      establishment_number: 'EST. 45678',
      variants: [
        { name: 'Ribeye, single', price: 18.99, weight_unit: 'lb', pack_min: 0.75, pack_max: 1, stock_quantity: 10 },
        { name: 'Ribeye, pair', price: 18.99, weight_unit: 'lb', pack_min: 1.3, pack_max: 1.6, stock_quantity: 4 },
        { name: 'Ribeye, family', price: 17.99, weight_unit: 'lb', pack_min: 2.5, pack_max: 3, stock_quantity: 2 },
        { name: 'Ground beef 1 lb', price: 8.5, price_unit: 'pack' },
        { name: 'Brisket', price: 9.99, weight_unit: 'lb', pack_min: 4, pack_max: 5, availability: 'sold_out' },
      ],
    },
  });
  expect(res.statusCode).toBe(201);
  const { product } = res.json();
  const variant = Object.fromEntries(product.variants.map((v: { name: string; id: number }) => [v.name, v.id]));
  return { farm, productId: product.id, variant };
}

const weigh = (user: TestUser, orderId: number, itemId: number, payload: object) =>
  app.inject({ method: 'PUT', url: `/api/orders/${orderId}/items/${itemId}/weights`, headers: bearer(user), payload });

describe('reserving variants and by-weight packs', () => {
  it('prices two packs of a ribeye size as an estimate with its range, beside a fixed-price variant of the same product', async () => {
    const { farm, productId, variant } = await beefFarm();
    const shopper = await buildUser(app);
    const res = await placeOrder(
      app,
      shopper,
      orderPayload(farm, [
        { productId, variantId: variant['Ribeye, pair'], quantity: 2 },
        { productId, variantId: variant['Ground beef 1 lb'], quantity: 3 },
      ] as never),
    );
    expect(res.statusCode).toBe(201);
    const { order } = res.json();
    // A pair pack: 1.3–1.6 lb at $18.99/lb. Middle 1.45 lb → $27.5355 → $27.54; ends $24.69 and $30.38.
    const [ribeye, ground] = order.items;
    expect(ribeye).toMatchObject({
      name: 'Grass-fed beef',
      variant_name: 'Ribeye, pair',
      weight_unit: 'lb',
      pack_min: 1.3,
      pack_max: 1.6,
      unit_price: 18.99,
      quantity: 2,
      line_total: 55.08,
      line_min: 49.38,
      line_max: 60.76,
      weights: null,
    });
    expect(ground).toMatchObject({ variant_name: 'Ground beef 1 lb', line_total: 25.5, line_min: 25.5, line_max: 25.5 });
    expect(order).toMatchObject({
      by_weight: true,
      estimated: true,
      total: 80.58,
      estimated_total: 80.58,
      total_min: 74.88,
      total_max: 86.26,
      weighed_at: null,
    });
  });

  it("writes each line with its variant and packs, and the amount as an estimate with its range, in the shopper's mails", async () => {
    const { farm, productId, variant } = await beefFarm();
    const shopper = await buildUser(app);
    const placed = await placeOrder(
      app,
      shopper,
      orderPayload(farm, [
        { productId, variantId: variant['Ribeye, pair'], quantity: 2 },
        { productId, variantId: variant['Ground beef 1 lb'], quantity: 3 },
      ] as never),
    );
    const id = placed.json().order.id;
    expect((await move(app, farm, id, 'accepted')).statusCode).toBe(200);
    // The mail leaves after the answer: wait for it in the outbox.
    const body = await vi.waitFor(
      async () => {
        const mails = await app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, shopper.email));
        const mail = mails.find((m) => m.subject === `Order #${id} accepted`);
        if (!mail) throw new Error('not yet mailed');
        return mail.body;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(body).toContain('2 packs × 1.3–1.6 lb (2.6–3.2 lb) Grass-fed beef (Ribeye, pair)');
    expect(body).toContain('3 packs Grass-fed beef (Ground beef 1 lb)');
    expect(body).toContain('To pay at pickup: about $80.58 ($74.88–$86.26), the final price after weighing');
    expect(body).not.toMatch(/To pay at pickup: \$/);
  });

  it('refuses a product with variants without one, a variant of another product, a sold-out variant and a repeated variant', async () => {
    const { farm, productId, variant } = await beefFarm();
    const other = await beefFarm();
    const shopper = await buildUser(app);
    const order = (items: object[]) => placeOrder(app, shopper, orderPayload(farm, items as never));
    const none = await order([{ productId, quantity: 1 }]);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Choose a variant of Grass-fed beef');
    const foreign = await order([{ productId, variantId: other.variant['Ribeye, pair'], quantity: 1 }]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toMatch(/is not one of Grass-fed beef's; choose one of its own/);
    const soldOut = await order([{ productId, variantId: variant.Brisket, quantity: 1 }]);
    expect(soldOut.statusCode).toBe(400);
    expect(soldOut.json().message).toBe('Grass-fed beef (Brisket) is sold out');
    const twice = await order([
      { productId, variantId: variant['Ribeye, pair'], quantity: 1 },
      { productId, variantId: variant['Ribeye, pair'], quantity: 1 },
    ]);
    expect(twice.statusCode).toBe(400);
    const tooMany = await order([{ productId, variantId: variant['Ribeye, family'], quantity: 3 }]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/Only 2 of/);
    const egg = await eggs(app, farm);
    const eggVariant = await order([{ productId: egg, variantId: variant['Ribeye, pair'], quantity: 1 }]);
    expect(eggVariant.statusCode).toBe(400);
    expect(eggVariant.json().message).toMatch(/has no variants/);
  });

  it("takes the variant's stock on acceptance and gives it back on cancel", async () => {
    const { farm, productId, variant } = await beefFarm();
    const shopper = await buildUser(app);
    const placed = await placeOrder(
      app,
      shopper,
      orderPayload(farm, [{ productId, variantId: variant['Ribeye, pair'], quantity: 3 }] as never),
    );
    const id = placed.json().order.id;
    const stock = async () =>
      (await app.ctx.db.select().from(productVariants).where(eq(productVariants.id, variant['Ribeye, pair'])))[0].stockQuantity;
    expect((await move(app, farm, id, 'accepted')).statusCode).toBe(200);
    expect(await stock()).toBe(1);
    expect((await move(app, shopper, id, 'cancelled')).statusCode).toBe(200);
    expect(await stock()).toBe(4);
  });
});

describe('weighing', () => {
  async function acceptedOrder() {
    const { farm, productId, variant } = await beefFarm();
    const shopper = await buildUser(app);
    const placed = await placeOrder(
      app,
      shopper,
      orderPayload(farm, [
        { productId, variantId: variant['Ribeye, pair'], quantity: 2 },
        { productId, variantId: variant['Ribeye, single'], quantity: 1 },
        { productId, variantId: variant['Ground beef 1 lb'], quantity: 1 },
      ] as never),
    );
    expect(placed.statusCode).toBe(201);
    const order = placed.json().order;
    return { farm, shopper, order, pair: order.items[0].id, single: order.items[1].id, ground: order.items[2].id };
  }

  it('is the producer’s, once accepted, one weight per pack, and asks to confirm a weight far outside the range', async () => {
    const { farm, shopper, order, pair, ground } = await acceptedOrder();
    const early = await weigh(farm, order.id, pair, { weights: [1.42, 1.51] });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/once it is accepted/);
    expect((await move(app, farm, order.id, 'accepted')).statusCode).toBe(200);
    expect((await weigh(shopper, order.id, pair, { weights: [1.42, 1.51] })).statusCode).toBe(403);
    const stranger = await setUpMarket(app);
    expect((await weigh(stranger, order.id, pair, { weights: [1.42, 1.51] })).statusCode).toBe(404);
    const count = await weigh(farm, order.id, pair, { weights: [1.42] });
    expect(count.statusCode).toBe(400);
    expect(count.json().message).toBe('Give 2 weights, one per pack of Grass-fed beef (Ribeye, pair)');
    const piece = await weigh(farm, order.id, ground, { weights: [1] });
    expect(piece.statusCode).toBe(400);
    expect(piece.json().message).toMatch(/sold by the piece/);
    for (const weights of [
      [0, 1.4],
      [-1, 1.4],
      ['1.4', 1.4],
      [1.4001, 1.4],
      [99999, 1.4],
    ]) {
      const bad = await weigh(farm, order.id, pair, { weights });
      expect(bad.statusCode, JSON.stringify(weights)).toBe(400);
    }
    const far = await weigh(farm, order.id, pair, { weights: [1.42, 14.2] });
    expect(far.statusCode).toBe(409);
    expect(far.json().message).toBe("14.2 lb is far outside this pack's 1.3–1.6 lb: check the scale and confirm to save it");
    const confirmed = await weigh(farm, order.id, pair, { weights: [1.42, 2.5], confirm: true });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().order.items[0].weights).toEqual([1.42, 2.5]);
  });

  it('sets the final total once every by-weight line is weighed, tells the shopper live and by mail, and can be corrected', async () => {
    const { farm, shopper, order, pair, single } = await acceptedOrder();
    expect((await move(app, farm, order.id, 'accepted')).statusCode).toBe(200);
    const first = (await weigh(farm, order.id, pair, { weights: [1.42, 1.51] })).json().order;
    // 1.42 × 18.99 = 26.9658 → $26.97; 1.51 × 18.99 = 28.6749 → $28.67.
    expect(first.items[0].line_total).toBe(55.64);
    expect(first).toMatchObject({ estimated: true, weighed_at: null });
    changes.length = 0;
    const done = (await weigh(farm, order.id, single, { weights: [0.875] })).json().order;
    // 0.875 × 18.99 = 16.61625 → $16.62 (halves up); ground beef $8.50.
    expect(done).toMatchObject({ estimated: false, total: 80.76, total_min: 80.76, total_max: 80.76 });
    expect(done.weighed_at).not.toBeNull();
    expect(done.estimated_total).toBe(order.estimated_total);
    expect(changes).toEqual([
      expect.objectContaining({
        orderId: order.id,
        customerId: shopper.id,
        shopperMessage: expect.stringContaining('is weighed: $80.76'),
      }),
    ]);
    const mails = await app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, shopper.email));
    const weighed = mails.find((m) => m.subject === 'Your order is weighed: $80.76');
    expect(weighed?.body).toContain('Grass-fed beef (Ribeye, pair): 1.42 lb, 1.51 lb at $18.99/lb = $55.64');
    expect(weighed?.body).toContain('Pay at pickup: $80.76.');

    const fixed = (await weigh(farm, order.id, single, { weights: [0.9] })).json().order;
    // 0.9 × 18.99 = 17.091 → $17.09.
    expect(fixed.total).toBe(81.23);
    const seen = (await app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: bearer(shopper) })).json().order;
    expect(seen.total).toBe(81.23);

    const list = (await app.inject({ method: 'GET', url: `/api/orders/weighing?date=2030-06-08`, headers: bearer(farm) })).json();
    expect(list.lines.map((l: { item_id: number }) => l.item_id)).toEqual([pair, single]);
    expect(list.lines[0]).toMatchObject({ shopper_name: 'Dana Shopper', variant_name: 'Ribeye, pair', weights: [1.42, 1.51] });
  });
});

describe('weighing after a payment is recorded, and weighing again', () => {
  async function weighedAndPaid() {
    const { farm, productId, variant } = await beefFarm();
    const shopper = await buildUser(app);
    const placed = await placeOrder(
      app,
      shopper,
      orderPayload(farm, [{ productId, variantId: variant['Ribeye, pair'], quantity: 2 }] as never),
    );
    const order = placed.json().order;
    expect((await move(app, farm, order.id, 'accepted')).statusCode).toBe(200);
    useTestClock(app, new Date('2030-06-08T13:00:00Z'));
    const item = order.items[0].id;
    const weighed = (await weigh(farm, order.id, item, { weights: [1.5, 1.5] })).json().order;
    // 1.5 × $18.99 = $28.485 → $28.49 a pack.
    expect(weighed.total).toBe(56.98);
    const paid = await app.inject({
      method: 'PUT',
      url: `/api/benefits/orders/${order.id}/tenders`,
      headers: bearer(farm),
      payload: { cash: 5698 },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    return { farm, shopper, order, item };
  }

  it('refuses to weigh a paid order down below what was recorded as paid, and changes nothing', async () => {
    const { farm, order, item } = await weighedAndPaid();
    const lighter = await weigh(farm, order.id, item, { weights: [1.4, 1.4] });
    expect(lighter.statusCode).toBe(409);
    expect(lighter.json().message).toContain('more than the order');
    expect(lighter.json().message).toContain(`A payment is recorded for order #${order.id}: correct it first, then weigh`);
    const seen = (await app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: bearer(farm) })).json().order;
    expect([seen.total, seen.items[0].weights]).toEqual([56.98, [1.5, 1.5]]);
    const short = await app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/lines/${order.items[0].product_id}/short`,
      headers: bearer(farm),
      payload: { quantity: 1, reason: 'frost' },
    });
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toContain('correct it first, then record the short harvest');
    // A heavier weighing still fits what was paid.
    expect((await weigh(farm, order.id, item, { weights: [1.5, 1.6] })).statusCode).toBe(200);
  });

  it('tells the shopper once when the same weights are sent again', async () => {
    const { farm, shopper, order, item } = await weighedAndPaid();
    const mails = async () =>
      (await app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, shopper.email))).filter((m) =>
        m.subject.startsWith('Your order is weighed'),
      );
    expect(await mails()).toHaveLength(1);
    changes.length = 0;
    const again = await weigh(farm, order.id, item, { weights: [1.5, 1.5] });
    expect(again.statusCode).toBe(200);
    expect(again.json().order.total).toBe(56.98);
    expect(await mails()).toHaveLength(1);
    expect(changes).toEqual([]);
  });
});

describe('the day’s lists', () => {
  it('name the variant and the pack range on the pick list and the slips, with an estimate to collect until weighed', async () => {
    const { farm, productId, variant } = await beefFarm();
    const shopper = await buildUser(app);
    const placed = await placeOrder(
      app,
      shopper,
      orderPayload(farm, [{ productId, variantId: variant['Ribeye, pair'], quantity: 2 }] as never),
    );
    const id = placed.json().order.id;
    expect((await move(app, farm, id, 'accepted')).statusCode).toBe(200);
    const pick = (
      await app.inject({ method: 'GET', url: '/api/orders/pick-list?date=2030-06-08', headers: bearer(farm) })
    ).json();
    expect(pick.windows[0].lines).toEqual([
      expect.objectContaining({
        name: 'Grass-fed beef',
        variant_name: 'Ribeye, pair',
        quantity: 2,
        weight_unit: 'lb',
        pack_min: 1.3,
        pack_max: 1.6,
      }),
    ]);
    const slips = async () => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/orders/packing-slips.pdf?date=2030-06-08',
        headers: bearer(farm),
      });
      expect(res.statusCode).toBe(200);
      return (await readPdf(res.rawPayload)).flatMap((page) => page.texts.map((t) => t.text)).join(' ');
    };
    const before = await slips();
    expect(before).toContain('2 packs × 1.3–1.6 lb (2.6–3.2 lb) Grass-fed beef (Ribeye, pair)');
    expect(before).toContain('about $55.08');
    const itemId = placed.json().order.items[0].id;
    expect((await weigh(farm, id, itemId, { weights: [1.42, 1.51] })).statusCode).toBe(200);
    const after = await slips();
    expect(after).toContain('2 packs weighed 1.42, 1.51 lb (2.93 lb) Grass-fed beef (Ribeye, pair)');
    expect(after).toContain('$55.64');
    expect(after).not.toContain('about');
  });
});

describe('the money rule', () => {
  /** A deterministic generator (mulberry32), so a failure names its order. */
  function random(seed: number) {
    let a = seed;
    return () => {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }
  /** Pack price from the definition, in BigInt: weight (thousandths) × cents, halves up to the cent. */
  const reference = (priceCents: number, milli: number) => Number((BigInt(priceCents) * BigInt(milli) + 500n) / 1000n);

  it('reconciles estimate, range and final totals to the cent over 1,000 generated orders with fixed-price, by-weight and share lines', () => {
    const next = random(510);
    const pick = (n: number) => Math.floor(next() * n);
    for (let n = 0; n < 1000; n++) {
      const lines = Array.from({ length: 1 + pick(6) }, () => {
        const unitPriceCents = 1 + pick(5000);
        const quantity = 1 + pick(5);
        if (next() < 0.4) return { unitPriceCents, quantity, weightUnit: null, packMin: null, packMax: null, weights: null };
        const weightUnit = next() < 0.8 ? ('lb' as const) : ('oz' as const);
        const packMin = (1 + pick(4000)) / 1000;
        const packMax = packMin + pick(2000) / 1000;
        const weights = next() < 0.5 ? null : Array.from({ length: quantity }, () => (1 + pick(6000)) / 1000);
        return { unitPriceCents, quantity, weightUnit, packMin, packMax, weights };
      });
      const feeCents = pick(3) === 0 ? pick(1000) : 0;
      const amounts = orderAmounts(lines, feeCents);
      let estimate = 0;
      let min = 0;
      let max = 0;
      for (const line of lines) {
        const price = line.unitPriceCents;
        if (line.weightUnit === null) {
          estimate += price * line.quantity;
          min += price * line.quantity;
          max += price * line.quantity;
        } else if (line.weights) {
          const final = line.weights.reduce((sum, w) => sum + reference(price, Math.round(w * 1000)), 0);
          estimate += final;
          min += final;
          max += final;
        } else {
          const lo = Math.round(line.packMin * 1000);
          const hi = Math.round((line.packMax ?? 0) * 1000);
          // The middle of the range may be half a thousandth: priced on twice the weight, over 2,000.
          estimate += Number((BigInt(price) * BigInt(lo + hi) + 1000n) / 2000n) * line.quantity;
          min += reference(price, lo) * line.quantity;
          max += reference(price, hi) * line.quantity;
        }
        const one = itemAmounts(line);
        expect(one.minCents <= one.estimateCents && one.estimateCents <= one.maxCents, `order ${n}`).toBe(true);
      }
      expect(amounts, `order ${n}`).toMatchObject({
        subtotalCents: estimate,
        totalCents: estimate + feeCents,
        minCents: min + feeCents,
        maxCents: max + feeCents,
      });

      // A share line of the same pickup (decision 512): its estimate from the expected hanging weight,
      // its bill from the entered one, by the same rule, less the deposit the farm received.
      if (next() < 0.3) {
        const pricePerLb = 100 + pick(900);
        const quantity = 1 + pick(4);
        const expected = { hanging_weight: (50_000 + pick(400_000)) / 1000, processing_fee: pick(30_000) / 100 };
        const hanging = 1 + pick(quantity * 600_000);
        const feesCents = pick(quantity * 30_000);
        const depositCents = pick(2) === 0 ? 0 : pick(shareEstimateCents(pricePerLb, expected) * quantity + 1);
        const perShare = reference(pricePerLb, toMilli(expected.hanging_weight)) + toCents(expected.processing_fee);
        expect(shareEstimateCents(pricePerLb, expected), `share of order ${n}`).toBe(perShare);
        const money = { pricePerLbCents: pricePerLb, hangingMilli: hanging, feesCents };
        expect(shareCents(money), `share of order ${n}`).toBe(reference(pricePerLb, hanging) + feesCents);
        expect(shareDueCents(money, depositCents) + depositCents, `share of order ${n}`).toBe(shareCents(money));
        expect(depositCents <= perShare * quantity).toBe(true);
      }
    }
  });

  it('rounds a pack to the nearest cent, halves up, and prices the estimate on the middle of the range', () => {
    expect(packCents(1899, 875)).toBe(1662); // 16.61625
    expect(packCents(1000, 1_0005)).toBe(10005 / 1); // 10.005 lb × $10.00 = $100.05 exactly
    expect(packCents(1, 500)).toBe(1); // half a cent rounds up
    expect(packCents(1, 499)).toBe(0);
    expect(packEstimateCents({ priceCents: 1899, unit: 'lb', minMilli: 1300, maxMilli: 1600 })).toBe(2754);
    expect(lineEstimate({ priceCents: 999, unit: 'lb', minMilli: 1300, maxMilli: 1600 }, 1)).toEqual({
      estimateCents: 1449,
      minCents: 1299,
      maxCents: 1598,
    });
    expect(weighedLineCents(toCents(18.99), [toMilli(1.42), toMilli(1.51)])).toBe(5564);
  });
});
