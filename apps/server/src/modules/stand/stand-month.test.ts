import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, standActions } from '../../db/schema';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildProducer, buildProduct, setSubscription, type TestProducer } from '../../test/listing-factories';
import { marketPoint, move, orderPayload, placeOrder, takeBenefits, useTestClock } from '../../test/orders-helpers';
import { buildTestApp, type TestApp } from '../../test/test-app';

/**
 * Issue 47's "tender totals over a generated month of stand sales and pickups against an answer key
 * to the cent" (decisions 575, 576). A seeded generator makes July 2030 at two Kentucky farms: one in
 * Lexington (America/New_York, SNAP and both coupons), one in Paducah (America/Chicago, where a late
 * sale is on the next day in UTC). Walk-up sales of unit and by-weight products, taxable and exempt,
 * paid with every tender the farm takes (cash with change), and Saturday's pickups of orders placed
 * on Wednesday, sync day by day in batches with a few actions resent. The key is worked out here from
 * what was generated, with the tax by hand (6 %, one rounding half up on the invoice, never on the
 * part SNAP paid), and held against each day's books, their CSV totals, the month's ledger and stock.
 */
let app: TestApp;
let admin: TestUser;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await buildUser(app, { userType: 'admin' });
});
afterAll(async () => {
  await app.closeAll();
});

type Farm = TestProducer & { pointId: number };
type Kind = 'snap' | 'wic_fmnp' | 'senior_fmnp' | 'incentive' | 'cash' | 'card' | 'check' | 'farm_credit' | 'other';
const KINDS: Kind[] = ['snap', 'wic_fmnp', 'senior_fmnp', 'incentive', 'cash', 'card', 'check', 'farm_credit', 'other'];
type Tenders = Partial<Record<Kind, number>>;

/** mulberry32: a small seeded generator, so the month is the same on every run. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  return { next, int, pick: <T>(xs: readonly T[]) => xs[int(0, xs.length - 1)] };
}

/** What the key knows of a product: its price, whether it is sold by weight, taxed, and what SNAP and coupons may pay. */
type Item = {
  id: number;
  name: string;
  priceCents: number;
  byWeight: boolean;
  taxed: boolean;
  snap: boolean;
  coupons: boolean;
  start: number;
};

/** The key's tally of a day, or of the month. */
type Tally = {
  sales: number;
  pickups: number;
  goods: number;
  taxable: number;
  tax: number;
  kinds: Map<Kind, { count: number; cents: number }>;
};
const tally = (): Tally => ({ sales: 0, pickups: 0, goods: 0, taxable: 0, tax: 0, kinds: new Map() });
function count(t: Tally, kept: Tenders) {
  for (const kind of KINDS) {
    const cents = kept[kind] ?? 0;
    if (cents <= 0) continue;
    const row = t.kinds.get(kind) ?? { count: 0, cents: 0 };
    t.kinds.set(kind, { count: row.count + 1, cents: row.cents + cents });
  }
}

// The key's arithmetic, written out here rather than taken from the app.
const RATE_PERCENT = 6; // Kentucky, KRS 139.200.
const taxOf = (taxableCents: number) => Math.floor((taxableCents * RATE_PERCENT + 50) / 100);
const packOf = (priceCents: number, weight: string) => {
  const [whole, frac = ''] = weight.split('.');
  const milli = Number(whole) * 1000 + Number(frac.padEnd(3, '0'));
  return Math.floor((priceCents * milli + 500) / 1000);
};
const dollars = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const sumOf = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

const sync = (farm: TestUser, actions: unknown[]) =>
  app.inject({ method: 'POST', url: '/api/stand/sync', headers: bearer(farm), payload: { actions } });
const get = (farm: TestUser, url: string) => app.inject({ method: 'GET', url, headers: bearer(farm) });

async function farmAt(name: string, place: { city: string; zip: string; latitude: number; longitude: number }) {
  const producer = await buildProducer(app, { farmName: name, deliveryAvailable: true, deliveryRadius: 15, ...place });
  // Paid through the season, so the farm is still listed in July.
  await setSubscription(app, producer.id, { status: 'active', currentPeriodEnd: new Date('2030-12-31T00:00:00Z') });
  const settings = await app.inject({
    method: 'PUT',
    url: '/api/pickup/mine/settings',
    headers: bearer(producer),
    payload: { cutoff_hours: 24, cap_per_window: null },
  });
  expect(settings.statusCode, settings.body).toBe(200);
  const point = await app.inject({
    method: 'POST',
    url: '/api/pickup/mine/points',
    headers: bearer(producer),
    payload: marketPoint({ name: `${place.city} Farmers Market`, city: place.city, zip: place.zip }),
  });
  expect(point.statusCode, point.body).toBe(201);
  return { ...producer, pointId: point.json().point.id as number };
}

async function item(farm: Farm, values: Omit<Item, 'id'>, extra: Parameters<typeof buildProduct>[2]): Promise<Item> {
  const id = await buildProduct(app, farm, {
    name: values.name,
    priceCents: values.priceCents,
    stockQuantity: values.start,
    ...extra,
  });
  return { ...values, id };
}

const pad = (n: number) => String(n).padStart(2, '0');
const DAYS = Array.from({ length: 30 }, (_, i) => `2030-07-${pad(i + 1)}`);
const SATURDAYS = ['2030-07-06', '2030-07-13', '2030-07-20', '2030-07-27'];
const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

describe('a generated month at the stand', () => {
  it('totals each tender, the cash kept, taxable, exempt and tax per day and for the month to the cent of an answer key', async () => {
    const rng = generator(47_2030);
    const lex: Farm = await farmAt('Month Farm', { city: 'Lexington', zip: '40507', latitude: 38.0406, longitude: -84.5037 });
    const pad2: Farm = await farmAt('River Farm', { city: 'Paducah', zip: '42001', latitude: 37.0834, longitude: -88.6 });
    await takeBenefits(app, admin, lex, '2030-10-31');
    const start = 5000;
    const lexItems = [
      await item(
        lex,
        { name: 'Eggs', priceCents: 600, byWeight: false, taxed: false, snap: true, coupons: false, start },
        { category: 'eggs', priceUnit: 'dozen' },
      ),
      await item(
        lex,
        { name: 'Tomatoes', priceCents: 325, byWeight: false, taxed: false, snap: true, coupons: true, start },
        { category: 'produce', priceUnit: 'each' },
      ),
      await item(
        lex,
        { name: 'Honey', priceCents: 850, byWeight: false, taxed: false, snap: true, coupons: false, start },
        { category: 'honey', priceUnit: 'jar' },
      ),
      // Candy: SNAP pays for it and Kentucky taxes it, so SNAP's part is kept out of the tax.
      await item(
        lex,
        { name: 'Fudge', priceCents: 475, byWeight: false, taxed: true, snap: true, coupons: false, start },
        { category: 'baked_goods', taxClass: 'candy', priceUnit: 'each' },
      ),
      await item(
        lex,
        { name: 'Beeswax candle', priceCents: 1000, byWeight: false, taxed: true, snap: false, coupons: false, start },
        { category: 'other', taxClass: 'non_food', priceUnit: 'each' },
      ),
      await item(
        lex,
        { name: 'Whole chicken', priceCents: 725, byWeight: true, taxed: false, snap: true, coupons: false, start },
        {
          category: 'meat',
          inspection: 'usda',
          establishmentNumber: 'P-45678',
          priceUnit: 'lb',
          weightUnit: 'lb',
          packMin: 0.8,
          packMax: 1.6,
        },
      ),
    ];
    const padItems = [
      await item(
        pad2,
        { name: 'Eggs', priceCents: 550, byWeight: false, taxed: false, snap: false, coupons: false, start },
        { category: 'eggs', priceUnit: 'dozen' },
      ),
      await item(
        pad2,
        { name: 'Soap', priceCents: 699, byWeight: false, taxed: true, snap: false, coupons: false, start },
        { category: 'other', taxClass: 'non_food', priceUnit: 'bar' },
      ),
      await item(
        pad2,
        { name: 'Pork chops', priceCents: 899, byWeight: true, taxed: false, snap: false, coupons: false, start },
        {
          category: 'meat',
          inspection: 'usda',
          establishmentNumber: 'P-45679',
          priceUnit: 'lb',
          weightUnit: 'lb',
          packMin: 0.8,
          packMax: 1.6,
        },
      ),
    ];
    const shoppers = [await buildUser(app), await buildUser(app), await buildUser(app)];

    const farms = [
      { farm: lex, items: lexItems, zone: '-04:00', hours: [8, 17], benefits: true },
      // Paducah's late sales (19:00–21:59 CDT) fall on the next day in UTC, not in the farm's books.
      { farm: pad2, items: padItems, zone: '-05:00', hours: [15, 21], benefits: false },
    ] as const;
    const keys = farms.map(() => ({ days: new Map(DAYS.map((d) => [d, tally()])), month: tally() }));
    const sold = new Map<number, number>();
    const take = (id: number, quantity: number) => sold.set(id, (sold.get(id) ?? 0) + quantity);
    const sent = farms.map(() => new Map<string, { orderId: number | null; taxCents: number; totalCents: number }>());
    let seq = 0;
    const newId = () => {
      seq += 1;
      return `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`;
    };
    const weight = () => `${rng.int(0, 1)}.${pad(rng.int(0, 99))}`.replace(/^0\.([0-7])/, '0.8$1');

    /** The rest of a sale after its benefits: cash (with change), card, a check, farm credit, or card and cash. */
    function payRest(rest: number, tenders: Tenders, kept: Tenders) {
      if (rest === 0) return;
      const how = rng.int(0, 5);
      if (how <= 1) {
        const given = how === 0 ? rest : Math.ceil((rest + rng.int(0, 2000)) / 500) * 500;
        tenders.cash = given;
        kept.cash = rest;
      } else if (how === 2) {
        tenders.card = rest;
        kept.card = rest;
      } else if (how === 3) {
        tenders.check = rest;
        kept.check = rest;
      } else if (how === 4) {
        tenders.farm_credit = rest;
        kept.farm_credit = rest;
      } else {
        const card = Math.floor(rest / 2);
        tenders.card = card;
        kept.card = card;
        if (rest - card > 0) {
          tenders.cash = Math.ceil((rest - card) / 100) * 100 + 100;
          kept.cash = rest - card;
        }
      }
    }

    function walkUp(f: number, date: string) {
      const { items, zone, hours, benefits } = farms[f];
      const hour = rng.int(hours[0], hours[1]);
      const at = `${date}T${pad(hour)}:${pad(rng.int(0, 59))}:${pad(rng.int(0, 59))}${zone}`;
      const chosen = [...items].sort(() => rng.next() - 0.5).slice(0, rng.int(1, Math.min(6, items.length)));
      const lines = chosen.map((product) => {
        const quantity = rng.int(1, 3);
        const weights = product.byWeight ? Array.from({ length: quantity }, weight) : null;
        const cents = weights ? sumOf(weights.map((w) => packOf(product.priceCents, w))) : product.priceCents * quantity;
        take(product.id, quantity);
        return { product, quantity, weights, cents };
      });
      const goods = sumOf(lines.map((l) => l.cents));
      // One benefit at most: SNAP on its lines (the taxed ones first), or coupons on the produce.
      const tenders: Tenders = {};
      const kept: Tenders = {};
      const snapParts = lines.map(() => 0);
      const roll = rng.next();
      const snapMay = sumOf(lines.filter((l) => l.product.snap).map((l) => l.cents));
      const couponMay = sumOf(lines.filter((l) => l.product.coupons).map((l) => l.cents));
      if (benefits && roll < 0.35 && snapMay > 0) {
        const snap = rng.next() < 0.5 ? snapMay : rng.int(1, snapMay);
        tenders.snap = snap;
        kept.snap = snap;
        let left = snap;
        const order = lines
          .map((l, i) => ({ i, l }))
          .filter(({ l }) => l.product.snap)
          .sort((a, b) => Number(b.l.product.taxed) - Number(a.l.product.taxed) || a.i - b.i);
        for (const { i, l } of order) {
          snapParts[i] = Math.min(left, l.cents);
          left -= snapParts[i];
        }
      } else if (benefits && roll < 0.55 && couponMay > 0) {
        const kind: Kind = rng.next() < 0.5 ? 'wic_fmnp' : 'senior_fmnp';
        const face = rng.next() < 0.5 ? couponMay : rng.int(1, couponMay);
        tenders[kind] = face;
        kept[kind] = face;
      }
      const taxable = sumOf(lines.map((l, i) => (l.product.taxed ? l.cents - snapParts[i] : 0)));
      const tax = taxOf(taxable);
      const total = goods + tax;
      payRest(total - sumOf(Object.values(tenders)), tenders, kept);
      const id = newId();
      const key = keys[f];
      for (const t of [key.days.get(date) as Tally, key.month]) {
        t.sales += 1;
        t.goods += goods;
        t.taxable += taxable;
        t.tax += tax;
        count(t, kept);
      }
      sent[f].set(id, { orderId: null, taxCents: tax, totalCents: total });
      return {
        id,
        kind: 'sale',
        at,
        device: rng.next() < 0.5 ? 'Booth phone' : 'Booth phone 2',
        lines: lines.map((l) => ({ productId: l.product.id, quantity: l.quantity, weights: l.weights?.map(Number) ?? null })),
        tenders,
      };
    }

    type Pickup = { orderId: number; goods: number; weights: { itemId: number; weights: number[] }[]; couponMay: number };
    /** Wednesday: each shopper orders for Saturday at Lexington; the farm accepts. */
    async function orderFor(saturday: string): Promise<Pickup[]> {
      const wednesday = new Date(`${saturday}T16:00:00Z`);
      wednesday.setUTCDate(wednesday.getUTCDate() - 3);
      useTestClock(app, wednesday);
      const [eggs, tomatoes, , , , chicken] = lexItems;
      const out: Pickup[] = [];
      for (const shopper of shoppers) {
        const wanted = [
          { product: eggs, quantity: rng.int(1, 2) },
          { product: tomatoes, quantity: rng.int(0, 3) },
          { product: chicken, quantity: rng.int(0, 2) },
        ].filter((l) => l.quantity > 0);
        const placed = await placeOrder(
          app,
          shopper,
          orderPayload(
            lex,
            wanted.map((l) => ({ productId: l.product.id, quantity: l.quantity })),
            { startsAt: `${saturday}T13:00:00.000Z` },
          ),
        );
        expect(placed.statusCode, placed.body).toBe(201);
        const order = placed.json().order;
        expect((await move(app, lex, order.id, 'accepted')).statusCode).toBe(200);
        let goods = 0;
        const weights: Pickup['weights'] = [];
        for (const l of wanted) {
          take(l.product.id, l.quantity);
          if (!l.product.byWeight) {
            goods += l.product.priceCents * l.quantity;
            continue;
          }
          const packs = Array.from({ length: l.quantity }, weight);
          goods += sumOf(packs.map((w) => packOf(l.product.priceCents, w)));
          const line = order.items.find((i: { name: string }) => i.name === l.product.name);
          weights.push({ itemId: line.id, weights: packs.map(Number) });
        }
        const couponMay = sumOf(wanted.filter((l) => l.product.coupons).map((l) => l.product.priceCents * l.quantity));
        out.push({ orderId: order.id, goods, weights, couponMay });
      }
      return out;
    }

    function handOver(pickup: Pickup, saturday: string) {
      const tenders: Tenders = {};
      const kept: Tenders = {};
      const roll = rng.next();
      if (roll < 0.3) {
        // Every line of the order is food SNAP pays for.
        tenders.snap = pickup.goods;
        kept.snap = pickup.goods;
      } else if (roll < 0.5 && pickup.couponMay > 0) {
        tenders.wic_fmnp = pickup.couponMay;
        kept.wic_fmnp = pickup.couponMay;
      }
      const rest = pickup.goods - sumOf(Object.values(tenders));
      // Benefits give no change on an order: the rest is paid exactly.
      if (rest > 0) {
        const kind: Kind = rng.pick(['cash', 'card', 'check', 'farm_credit'] as const);
        tenders[kind] = rest;
        kept[kind] = rest;
      }
      for (const t of [keys[0].days.get(saturday) as Tally, keys[0].month]) {
        t.pickups += 1;
        t.goods += pickup.goods;
        count(t, kept);
      }
      const id = newId();
      sent[0].set(id, { orderId: pickup.orderId, taxCents: 0, totalCents: pickup.goods });
      return {
        id,
        kind: 'pickup',
        at: `${saturday}T${pad(rng.int(9, 11))}:${pad(rng.int(0, 59))}:00-04:00`,
        device: 'Booth phone',
        orderId: pickup.orderId,
        weights: pickup.weights,
        tenders,
      };
    }

    type Action = ReturnType<typeof walkUp> | ReturnType<typeof handOver>;
    const history: Action[][] = [[], []];
    const resent = [0, 0];
    const started = performance.now();
    for (const date of DAYS) {
      const pickups = SATURDAYS.includes(date) ? await orderFor(date) : [];
      for (const [f, { farm }] of farms.entries()) {
        const day: Action[] = [];
        const sales = f === 0 ? rng.int(5, 9) : rng.int(1, 3);
        for (let i = 0; i < sales; i++) day.push(walkUp(f, date));
        if (f === 0) for (const p of pickups) day.splice(rng.int(0, day.length), 0, handOver(p, date));
        day.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
        // A retry: some of the days before sent again, and one of today's twice in the batch.
        const again = history[f].length > 0 && rng.next() < 0.25 ? [rng.pick(history[f])] : [];
        if (f === 0 && weekdayOf(date) === 2 && day.length > 0) again.push(day[0]);
        resent[f] += again.length;
        // The phone syncs at the end of the day (23:30 in Lexington, 22:30 in Paducah).
        useTestClock(app, new Date(`${date}T23:30:00-04:00`));
        const batch = [...day, ...again];
        for (let from = 0; from < batch.length; from += 7) {
          const part = batch.slice(from, from + 7);
          const res = await sync(farm, part);
          expect(res.statusCode, res.body).toBe(200);
          for (const [i, result] of res.json().results.entries()) {
            const action = part[i];
            const known = sent[f].get(action.id);
            expect(result.status, `${date} ${action.id}: ${result.message}`).toBe('applied');
            const isAgain = from + i >= day.length;
            expect(result.duplicate, `${date} ${action.id}`).toBe(isAgain);
            if (action.kind === 'pickup') expect(result.order_id).toBe(known?.orderId);
            else if (!isAgain) (known as { orderId: number | null }).orderId = result.order_id;
            else expect(result.order_id).toBe(known?.orderId);
            expect([result.tax_cents, result.total_cents], `${date} ${f} ${JSON.stringify(action)}`).toEqual([
              known?.taxCents,
              known?.totalCents,
            ]);
          }
        }
        history[f].push(...day);
      }
    }
    const syncMs = performance.now() - started;
    const actions = history[0].length + history[1].length;
    expect(actions).toBeGreaterThanOrEqual(250);
    expect(resent[0] + resent[1]).toBeGreaterThanOrEqual(5);
    console.info(`stand month: ${actions} actions (+${resent[0] + resent[1]} resent) synced in ${Math.round(syncMs)} ms`);

    for (const [f, { farm }] of farms.entries()) {
      const key = keys[f];
      for (const date of DAYS) {
        const want = key.days.get(date) as Tally;
        const res = await get(farm, `/api/stand/day?date=${date}`);
        expect(res.statusCode, res.body).toBe(200);
        const books = res.json();
        const total = want.goods + want.tax;
        expect(books, `${farm.id} ${date}`).toMatchObject({
          date,
          time_zone: f === 0 ? 'America/New_York' : 'America/Chicago',
          sales_count: want.sales,
          pickups_count: want.pickups,
          lines_cents: want.goods,
          taxable_cents: want.taxable,
          exempt_cents: want.goods - want.taxable,
          tax_cents: want.tax,
          total_cents: total,
          paid_cents: total,
          cash_expected_cents: want.kinds.get('cash')?.cents ?? 0,
        });
        expect(
          books.tenders.map((t: { kind: Kind; sales: number; cents: number }) => [t.kind, t.sales, t.cents]),
          `${farm.id} ${date}`,
        ).toEqual(KINDS.flatMap((k) => (want.kinds.has(k) ? [[k, want.kinds.get(k)?.count, want.kinds.get(k)?.cents]] : [])));

        const csv = await get(farm, `/api/stand/day.csv?date=${date}`);
        expect(csv.statusCode).toBe(200);
        const lines = csv.body.split('\r\n').filter((l) => l !== '');
        expect(lines.length).toBe(1 + want.sales + want.pickups + 1);
        expect(lines.at(-1), `${farm.id} ${date}`).toBe(
          [
            'Total',
            `"${want.sales} sales, ${want.pickups} pickups"`,
            '',
            '',
            '',
            dollars(want.goods),
            dollars(want.taxable),
            dollars(want.goods - want.taxable),
            dollars(want.tax),
            dollars(total),
            ...KINDS.map((k) => dollars(want.kinds.get(k)?.cents ?? 0)),
            dollars(total),
          ].join(','),
        );
      }

      // The month's ledger: every recorded tender of July's sales and pickups, per kind.
      const ledger = await get(farm, '/api/benefits/ledger?month=2030-07');
      expect(ledger.statusCode, ledger.body).toBe(200);
      expect(ledger.json().rows.map((r: { kind: Kind; orders: number; cents: number }) => [r.kind, r.orders, r.cents])).toEqual(
        KINDS.flatMap((k) => (key.month.kinds.has(k) ? [[k, key.month.kinds.get(k)?.count, key.month.kinds.get(k)?.cents]] : [])),
      );
      expect(ledger.json().orders.length).toBe(key.month.sales + key.month.pickups);
      const paidInMonth = sumOf([...key.month.kinds.values()].map((k) => k.cents));
      expect(paidInMonth).toBe(key.month.goods + key.month.tax);

      // Each action applied once: one record per id, each with its own order (a pickup its order).
      const applied = await app.ctx.db.select().from(standActions).where(eq(standActions.producerUserId, farm.id));
      expect(applied.map((a) => a.actionId).sort()).toEqual([...sent[f].keys()].sort());
      expect(applied.map((a) => a.orderId).sort()).toEqual([...sent[f].values()].map((s) => s.orderId).sort());
      expect(new Set(applied.map((a) => a.orderId)).size).toBe(applied.length);
    }

    // Stock: what each product started with, less what the stand sold and the orders reserved.
    const all = [...lexItems, ...padItems];
    const stock = await app.ctx.db
      .select({ id: products.id, stock: products.stockQuantity })
      .from(products)
      .where(
        inArray(
          products.id,
          all.map((p) => p.id),
        ),
      );
    expect(new Map(stock.map((s) => [s.id, s.stock]))).toEqual(new Map(all.map((p) => [p.id, p.start - (sold.get(p.id) ?? 0)])));
    // About 300 synced actions and 60 day-book reads: 14 s alone on a quiet 2-core machine, over
    // 60 s beside the whole suite on a busy one; the suite's 60 s default is too short for it.
  }, 240_000);
});

describe('SNAP at the stand', () => {
  it('is spread only over food: a product the farm says is not food is never SNAP-paid, so it is still taxed', async () => {
    useTestClock(app, new Date('2030-07-02T16:00:00Z'));
    const farm: Farm = await farmAt('Candle Farm', { city: 'Lexington', zip: '40507', latitude: 38.0406, longitude: -84.5037 });
    await takeBenefits(app, admin, farm, '2030-10-31');
    const candle = await buildProduct(app, farm, {
      name: 'Beeswax candle',
      category: 'other',
      taxClass: 'non_food',
      priceCents: 1000,
      priceUnit: 'each',
    });
    const egg = await buildProduct(app, farm, { name: 'Eggs', category: 'eggs', priceCents: 600, priceUnit: 'dozen' });
    const sale = (id: string, tenders: Tenders) => ({
      id,
      kind: 'sale',
      at: '2030-07-02T15:00:00Z',
      device: 'Booth phone',
      lines: [
        { productId: candle, quantity: 1 },
        { productId: egg, quantity: 1 },
      ],
      tenders,
    });
    const [tooMuch, paid] = (
      await sync(farm, [
        sale('00000000-0000-4000-9000-000000000001', { snap: 1600, cash: 60 }),
        // The eggs by SNAP; the candle's $10.00 and its $0.60 tax in cash.
        sale('00000000-0000-4000-9000-000000000002', { snap: 600, cash: 1060 }),
      ])
    ).json().results;
    expect(tooMuch).toMatchObject({ status: 'refused' });
    expect(tooMuch.message).toContain('SNAP can pay at most $6.00');
    expect(paid).toMatchObject({ status: 'applied', tax_cents: 60, total_cents: 1660 });
    const books = (await get(farm, '/api/stand/day?date=2030-07-02')).json();
    expect(books).toMatchObject({ taxable_cents: 1000, exempt_cents: 600, tax_cents: 60, cash_expected_cents: 1060 });
  });
});
