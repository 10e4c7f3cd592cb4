import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, orders } from '../../db/schema';
import { addSummerShare } from '../../test/csa-helpers';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { advanceHours, eggs, orderPayload, placeOrder, setUpMarket, useTestClock } from '../../test/orders-helpers';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { runStandingOrders } from '../standing/standing.sweep';

/**
 * A CSA share and the week's add-ons reach the same pickup (decision 519). The Saturday market of
 * `setUpMarket` closes Friday 9:00 and places members' weeks Thursday 9:00; the clock starts
 * Wednesday 5 June 2030 at noon.
 */
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.closeAll();
});
beforeEach(() => useTestClock(app));

const send = (method: 'GET' | 'POST' | 'PUT', url: string, user: TestUser | null, payload?: object) =>
  app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload ? { payload } : {}) });
const sweep = () => runStandingOrders(app.ctx, app.ctx.clock.now());

async function memberOfAFarm() {
  const farm = await setUpMarket(app);
  const egg = await eggs(app, farm, { stockQuantity: 20 });
  const { id: planId } = await addSummerShare(app, farm);
  const member = await buildUser(app);
  const joined = await send('POST', `/api/csa/${planId}/join`, member, {
    point_id: farm.pointId,
    size: 0,
    dislikes: null,
    shopperName: 'Member',
    shopperPhone: null,
  });
  expect(joined.statusCode, joined.body).toBe(201);
  const box = await send('PUT', `/api/csa/${planId}/boxes`, farm, {
    week_of: '2030-06-08',
    items: [{ productId: egg, variantId: null, quantities: [1] }],
  });
  expect(box.statusCode, box.body).toBe(200);
  return { farm, egg, member };
}

describe('a CSA member who also orders that week', () => {
  it('gets both the share and the add-on order at the same pickup, neither refused for the other', async () => {
    const { farm, egg, member } = await memberOfAFarm();
    // The add-ons first, from the member's own basket, for Saturday's pickup…
    const addOn = await placeOrder(app, member, orderPayload(farm, [{ productId: egg, quantity: 2 }]));
    expect(addOn.statusCode, addOn.body).toBe(201);
    // …then the share's week is placed on Thursday at 9:00.
    advanceHours(21.5);
    expect((await sweep()).placed).toBe(1);
    const mine = await app.ctx.db
      .select()
      .from(orders)
      .where(and(eq(orders.customerId, member.id), eq(orders.windowDate, '2030-06-08')));
    expect(mine).toHaveLength(2);
    expect(mine.filter((o) => o.standingId !== null)).toHaveLength(1);
    const mails = await app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, member.email));
    expect(mails.map((m) => m.subject).filter((s) => s.includes('could not be placed'))).toEqual([]);
    // And a basket after the share is placed goes through as well.
    const more = await placeOrder(app, await buildUser(app), orderPayload(farm, [{ productId: egg, quantity: 1 }]));
    expect(more.statusCode, more.body).toBe(201);
  });

  it('tells the shopper the week will be placed, not that it is, before it is', async () => {
    const { member } = await memberOfAFarm();
    // Reminded 48 hours before the cut-off: Wednesday 9:00, already past at noon.
    await sweep();
    const mails = await app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, member.email));
    const reminder = mails.find((m) => m.subject.startsWith('Your standing order from'));
    expect(reminder?.body).toContain('will be placed for Sat, Jun 8, 9:00 AM EDT on Thu, Jun 6, 9:00 AM EDT:');
    expect(reminder?.body).not.toMatch(/is placed for/);
  });

  it('tells the farm, as well as the shopper, when a member’s week could not be placed', async () => {
    const { farm, member } = await memberOfAFarm();
    // The window takes one order, and another shopper takes it before Thursday.
    const removed = await send('PUT', '/api/pickup/mine/settings', farm, { cutoff_hours: 24, cap_per_window: 1 });
    expect(removed.statusCode).toBe(200);
    // Another shopper takes the only place of the window first.
    const egg = await eggs(app, farm);
    expect((await placeOrder(app, await buildUser(app), orderPayload(farm, [{ productId: egg, quantity: 1 }]))).statusCode).toBe(
      201,
    );
    advanceHours(21.5);
    expect((await sweep()).missed).toBe(1);
    const farmMails = await app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, farm.email));
    const missed = farmMails.find((m) => m.subject.includes('could not be placed'));
    expect(missed?.subject).toBe('A CSA member’s week for Sat, Jun 8, 9:00 AM EDT could not be placed');
    expect(missed?.body).toContain('That pickup time is full');
    const shopperMails = await app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, member.email));
    expect(shopperMails.some((m) => m.subject.includes('could not be placed'))).toBe(true);
  });
});
