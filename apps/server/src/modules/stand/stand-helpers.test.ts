import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orderEvents, orderItems, orders, orderTenders } from '../../db/schema';
import { STAND_HELPER_DENIED } from '../../plugins/route-access';
import { bearer, buildStandHelper, buildUser, lastEmailLink, type TestUser } from '../../test/factories';
import { buildProduct } from '../../test/listing-factories';
import {
  advanceHours,
  eggs,
  move,
  orderPayload,
  placeOrder,
  setUpMarket,
  useTestClock,
  WEDNESDAY_NOON,
} from '../../test/orders-helpers';
import { buildTestApp, type TestApp } from '../../test/test-app';

/**
 * Stand helpers (issue 47 item 1, decision 579): the farm invites a helper by e-mail, the helper
 * accepts the one-time link and runs only that farm's stand, acting for the farm; the farm removes
 * them and their sessions end at once.
 */
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.closeAll();
});
beforeEach(() => useTestClock(app));

let sequence = 0;
const address = () => `helper-${process.pid}-${++sequence}@example.com`;

const invite = (farm: TestUser, email: string) =>
  app.inject({ method: 'POST', url: '/api/stand/helpers/invitations', headers: bearer(farm), payload: { email } });
const accept = (token: string, name = 'Sam Booth', password = 'helper-password-1') =>
  app.inject({ method: 'POST', url: '/api/stand/invitation/accept', payload: { token, name, password } });
const helpersOf = (farm: TestUser) => app.inject({ method: 'GET', url: '/api/stand/helpers', headers: bearer(farm) });
const tokenOf = (link: string) => decodeURIComponent(new URL(link).searchParams.get('token') ?? '');

/** A farm with a market and eggs, and its helper signed in through the invitation. */
async function farmWithHelper() {
  const farm = await setUpMarket(app, {}, { farmName: 'Helper Farm' });
  const egg = await eggs(app, farm, { priceCents: 600, stockQuantity: 12 });
  const email = address();
  const sent = await invite(farm, email);
  expect(sent.statusCode, sent.body).toBe(201);
  const token = tokenOf(await lastEmailLink(app, email, '/stand/join'));
  const accepted = await accept(token);
  expect(accepted.statusCode, accepted.body).toBe(200);
  const session = accepted.json();
  const helper: TestUser = { ...session.user, token: session.token, password: 'helper-password-1' };
  return { farm, egg, helper, email, token };
}

const sale = (productId: number) => ({
  id: randomUUID(),
  kind: 'sale',
  at: WEDNESDAY_NOON.toISOString(),
  device: 'Sam’s phone',
  lines: [{ productId, quantity: 2 }],
  tenders: { cash: 1200 },
});
const sync = (user: TestUser, actions: unknown[]) =>
  app.inject({ method: 'POST', url: '/api/stand/sync', headers: bearer(user), payload: { actions } });

describe('a stand helper', () => {
  it('is invited, accepts the link, and a sale they sync is the farm’s, recorded by them', async () => {
    const { farm, egg, helper } = await farmWithHelper();
    expect(helper.userType).toBe('stand_helper');
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(helper) });
    expect(me.statusCode, me.body).toBe(200);
    const catalog = await app.inject({ method: 'GET', url: '/api/stand/catalog', headers: bearer(helper) });
    expect(catalog.statusCode, catalog.body).toBe(200);
    expect(catalog.json().farm).toMatchObject({ user_id: farm.id, farm_name: 'Helper Farm' });

    const [result] = (await sync(helper, [sale(egg)])).json().results;
    expect(result).toMatchObject({ status: 'applied', total_cents: 1200 });
    const [order] = await app.ctx.db.select().from(orders).where(eq(orders.id, result.order_id));
    expect(order).toMatchObject({ producerUserId: farm.id, customerId: farm.id, source: 'stand' });
    const [tenders] = await app.ctx.db.select().from(orderTenders).where(eq(orderTenders.orderId, order.id));
    expect(tenders).toMatchObject({ recordedBy: helper.id, cashCents: 1200 });
    const events = await app.ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.find((e) => e.toStatus === 'picked_up')?.actorId).toBe(helper.id);

    // The farm sees its helper, with the moment of their last recorded sale.
    const list = (await helpersOf(farm)).json();
    expect(list.helpers).toEqual([
      expect.objectContaining({ id: helper.id, name: 'Sam Booth', email: helper.email, last_recorded_at: NOON() }),
    ]);
    expect(list.invitations).toEqual([]);
  });

  it('gets 403 with a message on the farm’s, shoppers’ and admins’ routes, and cannot invite', async () => {
    const { helper, egg } = await farmWithHelper();
    const calls = [
      { method: 'GET', url: '/api/products/mine' },
      { method: 'PUT', url: `/api/products/${egg}`, payload: { name: 'Cheap eggs' } },
      { method: 'GET', url: '/api/orders/mine' },
      { method: 'GET', url: '/api/orders/received' },
      { method: 'GET', url: '/api/messages/conversations' },
      { method: 'POST', url: '/api/orders', payload: {} },
      { method: 'GET', url: '/api/admin/users' },
      { method: 'GET', url: '/api/stand/helpers' },
      { method: 'POST', url: '/api/stand/helpers/invitations', payload: { email: address() } },
    ] as const;
    for (const call of calls) {
      const res = await app.inject({ ...call, headers: bearer(helper) });
      expect(res.statusCode, `${call.method} ${call.url}: ${res.body}`).toBe(403);
      expect(res.json().message).toBe(STAND_HELPER_DENIED);
    }
  });

  it('stops working at once when the farm removes them, and cannot sign in again', async () => {
    const { farm, egg, helper } = await farmWithHelper();
    const removed = await app.inject({ method: 'DELETE', url: `/api/stand/helpers/${helper.id}`, headers: bearer(farm) });
    expect(removed.statusCode, removed.body).toBe(200);
    const catalog = await app.inject({ method: 'GET', url: '/api/stand/catalog', headers: bearer(helper) });
    expect(catalog.statusCode).toBe(401);
    expect((await sync(helper, [sale(egg)])).statusCode).toBe(401);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: helper.email, password: 'helper-password-1' },
    });
    expect(login.statusCode).toBe(401);
    expect((await helpersOf(farm)).json().helpers).toEqual([]);
  });

  it('of another farm cannot touch this farm: its catalogue is their own farm’s, and this farm’s products are refused', async () => {
    const ours = await farmWithHelper();
    const theirs = await farmWithHelper();
    const [result] = (await sync(theirs.helper, [sale(ours.egg)])).json().results;
    expect(result.status).toBe('refused');
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/stand/helpers/${ours.helper.id}`,
      headers: bearer(theirs.farm),
    });
    expect(removed.statusCode).toBe(404);
    const catalog = (await app.inject({ method: 'GET', url: '/api/stand/catalog', headers: bearer(theirs.helper) })).json();
    expect(catalog.farm.user_id).toBe(theirs.farm.id);
  });
});

describe('a pickup a stand helper hands over', () => {
  it('is the farm’s order, weighed and paid, with the helper as the one who weighed it and recorded its tenders', async () => {
    const farm = await setUpMarket(app, {}, { farmName: 'Pickup Helper Farm' });
    const chicken = await buildProduct(app, farm, {
      name: 'Whole chicken',
      category: 'meat',
      inspection: 'usda',
      establishmentNumber: 'P-45678',
      priceCents: 700,
      priceUnit: 'lb',
      weightUnit: 'lb',
      packMin: 0.8,
      packMax: 1.2,
      stockQuantity: 10,
    });
    const shopper = await buildUser(app);
    const placed = await placeOrder(app, shopper, orderPayload(farm, [{ productId: chicken, quantity: 1 }]));
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order;
    expect((await move(app, farm, order.id, 'accepted')).statusCode).toBe(200);
    const helper = await buildStandHelper(app, farm.id);
    const saturday = new Date('2030-06-08T13:30:00Z');
    useTestClock(app, saturday);
    const action = {
      id: randomUUID(),
      kind: 'pickup',
      at: saturday.toISOString(),
      device: 'Sam’s phone',
      orderId: order.id,
      weights: [{ itemId: order.items[0].id, weights: [1] }],
      tenders: { cash: 700 },
    };
    const [result] = (await sync(helper, [action])).json().results;
    expect(result, JSON.stringify(result)).toMatchObject({ status: 'applied', order_id: order.id });
    const [row] = await app.ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: 'picked_up', weighedBy: helper.id });
    const [tenders] = await app.ctx.db.select().from(orderTenders).where(eq(orderTenders.orderId, order.id));
    expect(tenders).toMatchObject({ recordedBy: helper.id, cashCents: 700 });
    const [line] = await app.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(line.weights).toEqual([1]);
  });
});

describe('an admin', () => {
  it('cannot change a stand helper’s account type: it belongs to its farm', async () => {
    const farm = await setUpMarket(app, {}, { farmName: 'Typed Farm' });
    const helper = await buildStandHelper(app, farm.id);
    const admin = await buildUser(app, { userType: 'admin' });
    const res = await app.inject({
      method: 'PUT',
      url: `/api/admin/users/${helper.id}/type`,
      headers: bearer(admin),
      payload: { newType: 'producer' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/belongs to its farm/);
  });
});

describe('a stand helper’s invitation', () => {
  it('works once: a used link is refused with a message', async () => {
    const { token } = await farmWithHelper();
    const again = await accept(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/used already/);
  });

  it('expires after 7 days', async () => {
    const farm = await setUpMarket(app, {}, { farmName: 'Slow Farm' });
    const email = address();
    expect((await invite(farm, email)).statusCode).toBe(201);
    const token = tokenOf(await lastEmailLink(app, email, '/stand/join'));
    const view = await app.inject({ method: 'POST', url: '/api/stand/invitation', payload: { token } });
    expect(view.json()).toMatchObject({ farm_name: 'Slow Farm', email });
    advanceHours(7 * 24 + 1);
    const late = await accept(token);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toMatch(/expired/);
  });

  it('can be withdrawn by the farm, and its link then refuses', async () => {
    const farm = await setUpMarket(app, {}, { farmName: 'Careful Farm' });
    const email = address();
    const sent = (await invite(farm, email)).json();
    expect((await helpersOf(farm)).json().invitations).toEqual([expect.objectContaining({ id: sent.id, email })]);
    const token = tokenOf(await lastEmailLink(app, email, '/stand/join'));
    const revoked = await app.inject({
      method: 'DELETE',
      url: `/api/stand/helpers/invitations/${sent.id}`,
      headers: bearer(farm),
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const res = await accept(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/withdrew/);
  });

  it('is refused for an address that has an account already', async () => {
    const farm = await setUpMarket(app, {}, { farmName: 'Busy Farm' });
    const shopper = await buildUser(app);
    const res = await invite(farm, shopper.email);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/address of their own/);
  });

  it('brings a removed helper back with the same account', async () => {
    const { farm, helper, email } = await farmWithHelper();
    await app.inject({ method: 'DELETE', url: `/api/stand/helpers/${helper.id}`, headers: bearer(farm) });
    expect((await invite(farm, email)).statusCode).toBe(201);
    const back = await accept(tokenOf(await lastEmailLink(app, email, '/stand/join')), 'Sam Again', 'another-password-2');
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().user.id).toBe(helper.id);
    expect((await helpersOf(farm)).json().helpers).toEqual([expect.objectContaining({ id: helper.id, name: 'Sam Again' })]);
  });
});

function NOON() {
  return WEDNESDAY_NOON.toISOString();
}
