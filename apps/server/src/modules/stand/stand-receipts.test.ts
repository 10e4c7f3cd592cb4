import { randomUUID } from 'node:crypto';
import { RECEIPT_NOT_YET } from '@farmstand/shared/schemas/stand';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema';
import { bearer, type TestUser } from '../../test/factories';
import { buildProduct, type TestProducer } from '../../test/listing-factories';
import { eggs, setUpMarket, useTestClock } from '../../test/orders-helpers';
import { buildTestApp, type TestApp } from '../../test/test-app';

/**
 * A walk-up sale's receipt by text link (decision 580): `/api/receipts/<the sale's action id>`,
 * public, answered once the phone has synced. The farm is in Lexington, KY (EDT).
 */
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.closeAll();
});
beforeEach(() => useTestClock(app));

const sync = (user: TestUser, actions: unknown[]) =>
  app.inject({ method: 'POST', url: '/api/stand/sync', headers: bearer(user), payload: { actions } });
const open = (token: string) => app.inject({ method: 'GET', url: `/api/receipts/${token}` });

const sale = (lines: { productId: number; quantity: number }[], tenders: Record<string, number>, extra = {}) => ({
  id: randomUUID(),
  kind: 'sale',
  at: '2030-06-05T15:30:00Z',
  device: 'Booth phone',
  lines,
  tenders,
  ...extra,
});

async function booth(name: string) {
  const farm: TestProducer & { pointId: number } = await setUpMarket(app, {}, { farmName: name });
  const egg = await eggs(app, farm, { priceCents: 600, stockQuantity: 20 });
  const fudge = await buildProduct(app, farm, { name: 'Fudge', category: 'bread', taxClass: 'candy', priceCents: 500 });
  return { farm, egg, fudge };
}

describe('a receipt by text link', () => {
  it('finds the receipt of a sale whose id the phone sent in capitals, by either spelling of the link', async () => {
    const { farm, egg } = await booth('Capitals Farm');
    const id = randomUUID().toUpperCase();
    const [result] = (await sync(farm, [{ ...sale([{ productId: egg, quantity: 1 }], { cash: 600 }), id }])).json().results;
    expect(result).toMatchObject({ status: 'applied' });
    for (const token of [id, id.toLowerCase()]) {
      const res = await open(token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().total_cents).toBe(600);
    }
  });

  it('answers a synced sale’s receipt, signed out, with what the e-mailed receipt says and nothing about the buyer', async () => {
    const { farm, egg, fudge } = await booth('Link Farm');
    const action = sale(
      [
        { productId: egg, quantity: 2 },
        { productId: fudge, quantity: 1 },
      ],
      { cash: 1730 },
      { receiptEmail: 'walkup@example.com' },
    );
    const [result] = (await sync(farm, [action])).json().results;
    expect(result).toMatchObject({ status: 'applied', total_cents: 1730 });

    const res = await open(action.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const receipt = res.json();
    expect(receipt).toEqual({
      farm_name: 'Link Farm',
      sale_id: result.order_id,
      at: '2030-06-05T15:30:00.000Z',
      when: expect.stringContaining('Wed, Jun 5'),
      lines: [
        { name: expect.stringContaining('Eggs'), quantity: 2, weights: null, weight_unit: null, amount_cents: 1200 },
        { name: 'Fudge', quantity: 1, weights: null, weight_unit: null, amount_cents: 500 },
      ],
      taxable_cents: 500,
      exempt_cents: 1200,
      tax_cents: 30,
      total_cents: 1730,
      tenders: [{ kind: 'cash', label: 'Cash', cents: 1730 }],
    });
    expect(receipt.when).toContain('11:30');
    // The e-mailed receipt is the same presenter's: the same lines, sums and tenders.
    const [mail] = await app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'walkup@example.com'));
    for (const text of [`sale #${result.order_id}`, receipt.when, 'Fudge: $5.00', 'Exempt sales: $12.00', 'Sales tax: $0.30'])
      expect(mail.body).toContain(text);
    expect(JSON.stringify(receipt)).not.toMatch(/walkup@|Booth phone|Walk-up sale/);
  });

  it('answers 404 with a message before the sale is synced, and for an unknown, tampered or made-up link', async () => {
    const { farm, egg } = await booth('Hidden Farm');
    const action = sale([{ productId: egg, quantity: 1 }], { cash: 600 });
    const before = await open(action.id);
    expect(before.statusCode).toBe(404);
    expect(before.json().message).toBe(RECEIPT_NOT_YET);

    const [result] = (await sync(farm, [action])).json().results;
    expect((await open(action.id)).statusCode).toBe(200);
    const last = action.id.at(-1) === '0' ? '1' : '0';
    const tampered = `${action.id.slice(0, -1)}${last}`;
    const forged = `00000000-0000-4000-8000-${String(result.order_id).padStart(12, '0')}`;
    for (const token of [tampered, forged, String(result.order_id), randomUUID(), 'not-a-token', `${action.id}x`]) {
      const res = await open(token);
      expect(res.statusCode, token).toBe(404);
      expect(res.json().message).toBe(RECEIPT_NOT_YET);
    }
  });

  it('answers the first farm’s sale when another farm reuses its action id', async () => {
    const first = await booth('First Farm');
    const second = await booth('Second Farm');
    const action = sale([{ productId: first.egg, quantity: 1 }], { cash: 600 });
    await sync(first.farm, [action]);
    await sync(second.farm, [{ ...action, lines: [{ productId: second.egg, quantity: 3 }], tenders: { cash: 1800 } }]);
    expect((await open(action.id)).json()).toMatchObject({ farm_name: 'First Farm', total_cents: 600 });
  });
});
