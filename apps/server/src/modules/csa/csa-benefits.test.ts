import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, orders } from '../../db/schema';
import { runFarmMailDigests } from '../../jobs/farm-mail-digest';
import { addSummerShare } from '../../test/csa-helpers';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildProduct } from '../../test/listing-factories';
import { advanceHours, eggs, marketPoint, setUpMarket, useTestClock } from '../../test/orders-helpers';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { runStandingOrders } from '../standing/standing.sweep';

/**
 * CSA shares for SNAP shoppers and the farm told of its members (decision 541). The Saturday market
 * of `setUpMarket` in Lexington, KY places members' weeks Thursday 9:00; the clock starts Wednesday
 * 5 June 2030 at noon.
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
beforeEach(() => useTestClock(app));

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: TestUser, payload?: object) =>
  app.inject({ method, url, headers: bearer(user), ...(payload ? { payload } : {}) });
const sweep = () => runStandingOrders(app.ctx, app.ctx.clock.now());
const joinBody = (extra: object = {}) => ({ size: 0, dislikes: null, shopperName: 'Dana Member', shopperPhone: null, ...extra });

/**
 * A KY farm at the Lexington market (a participating market of Kentucky Double Dollars), taking SNAP
 * (verified) and WIC FMNP, with a $20 summer share and tomatoes and eggs to put in its box.
 */
async function shareFarm() {
  const farm = await setUpMarket(app);
  const tomato = await buildProduct(app, farm, { name: 'Tomatoes', category: 'produce', priceCents: 300, stockQuantity: 100 });
  const egg = await eggs(app, farm, { stockQuantity: 100 });
  const saved = await send('PUT', '/api/benefits/mine', farm, {
    fns_number: '1234567',
    wic_fmnp: { accepted: true, expires_on: '2030-10-31' },
    senior_fmnp: { accepted: false, expires_on: null },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect((await send('POST', `/api/admin/benefits/${farm.id}/review`, admin, { approve: true, note: null })).statusCode).toBe(
    200,
  );
  const marked = await send(
    'PUT',
    `/api/pickup/mine/points/${farm.pointId}`,
    farm,
    marketPoint({ incentive_market: 'Lexington Farmers Market' }),
  );
  expect(marked.statusCode, marked.body).toBe(200);
  const { id: planId } = await addSummerShare(app, farm);
  return { farm, tomato, egg, planId };
}

/** The member's week for Saturday, placed by Thursday's sweep, and its tender plan. */
async function weekPlan(member: TestUser) {
  advanceHours(21.5);
  await sweep();
  const [order] = await app.ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.customerId, member.id), eq(orders.windowDate, '2030-06-08')));
  expect(order).toBeDefined();
  const plan = await send('GET', `/api/benefits/orders/${order.id}`, member);
  expect(plan.statusCode, plan.body).toBe(200);
  return { order, benefits: plan.json().benefits };
}

describe('a CSA share paid at each pickup, for SNAP shoppers', () => {
  it('counts a pay-per-pickup share’s food as SNAP-eligible, its coupons and match from what the box holds', async () => {
    const { farm, tomato, planId } = await shareFarm();
    const member = await buildUser(app);
    const joined = await send(
      'POST',
      `/api/csa/${planId}/join`,
      member,
      joinBody({ point_id: farm.pointId, plannedBenefits: ['snap'] }),
    );
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json().standing.planned_benefits).toEqual(['snap']);
    const box = await send('PUT', `/api/csa/${planId}/boxes`, farm, {
      week_of: '2030-06-08',
      items: [{ productId: tomato, variantId: null, quantities: [3] }],
    });
    expect(box.statusCode, box.body).toBe(200);

    const { order, benefits } = await weekPlan(member);
    // The week's order carries how the member plans to pay, as a basket's does.
    expect(order.plannedBenefits).toEqual(['snap']);
    expect(benefits).toMatchObject({
      total_cents: 2000,
      snap_cents: 2000,
      coupon_cents: { wic_fmnp: 2000, senior_fmnp: 0 },
      rest_cents: 0,
      check_cents: 0,
      // A box of Kentucky produce: the produce match, under its $12.00 cap.
      incentive_match_cents: 1200,
      incentive_market: 'Lexington Farmers Market',
    });
    expect(benefits.lines).toContainEqual(
      expect.objectContaining({ name: 'Summer Veggie Share (Small)', total_cents: 2000, snap: true, wic_fmnp: true }),
    );
  });

  it('says “check” for coupons when the box holds food they do not cover, and judges an unposted week by the plan’s latest box', async () => {
    const { farm, tomato, egg, planId } = await shareFarm();
    // Last week's box held tomatoes and eggs; this week's is not posted before the order is placed.
    const box = await send('PUT', `/api/csa/${planId}/boxes`, farm, {
      week_of: '2030-06-01',
      items: [
        { productId: tomato, variantId: null, quantities: [2] },
        { productId: egg, variantId: null, quantities: [1] },
      ],
    });
    expect(box.statusCode, box.body).toBe(200);
    const member = await buildUser(app);
    expect((await send('POST', `/api/csa/${planId}/join`, member, joinBody({ point_id: farm.pointId }))).statusCode).toBe(201);

    const { benefits } = await weekPlan(member);
    expect(benefits).toMatchObject({ total_cents: 2000, snap_cents: 2000, coupon_cents: { wic_fmnp: 0, senior_fmnp: 0 } });
    expect(benefits.lines[0]).toMatchObject({ snap: true, wic_fmnp: 'check' });
  });

  it('refuses a planned benefit the farm does not take on the first pickup, naming it', async () => {
    const { farm, planId } = await shareFarm();
    const member = await buildUser(app);
    const refused = await send(
      'POST',
      `/api/csa/${planId}/join`,
      member,
      joinBody({ point_id: farm.pointId, plannedBenefits: ['senior_fmnp'] }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/does not take Senior FMNP coupons for a pickup on Saturday, June 8/);
  });
});

describe('the farm told of its CSA members', () => {
  it('mails the farm when a member joins, and gathers the next joins and leaves of its mail period into its digest', async () => {
    const { farm, planId } = await shareFarm();
    const farmMails = async () =>
      (await app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, farm.email))).filter(
        (m) => !m.subject.toLowerCase().includes('snap retailer number'),
      );
    const first = await buildUser(app);
    expect((await send('POST', `/api/csa/${planId}/join`, first, joinBody({ point_id: farm.pointId }))).statusCode).toBe(201);
    const [mail] = await farmMails();
    expect(mail.subject).toBe('New CSA member: Dana Member');
    expect(mail.body).toContain(
      'New CSA member: Dana Member joined Summer Veggie Share (Small) at Lexington Farmers Market, from Jun 8, 2030.',
    );

    // Three more join and one leaves within the period: no mail each, one digest.
    const others = [await buildUser(app), await buildUser(app), await buildUser(app)];
    const standings: number[] = [];
    for (const [index, other] of others.entries()) {
      const joined = await send(
        'POST',
        `/api/csa/${planId}/join`,
        other,
        joinBody({ point_id: farm.pointId, shopperName: `Member ${index + 2}` }),
      );
      expect(joined.statusCode, joined.body).toBe(201);
      standings.push(joined.json().standing.id);
    }
    const left = await send('POST', `/api/standing/${standings[0]}/cancel`, others[0]);
    expect(left.statusCode, left.body).toBe(200);
    expect(await farmMails()).toHaveLength(1);

    advanceHours(0.5);
    await runFarmMailDigests(app.ctx, app.ctx.clock.now());
    const mails = await farmMails();
    expect(mails).toHaveLength(2);
    const digest = mails.find((m) => m.subject !== 'New CSA member: Dana Member');
    expect(digest?.subject).toBe('3 new CSA members, 1 CSA member who left on Farmstand');
    expect(digest?.body).toContain('New CSA member: Member 3 joined Summer Veggie Share (Small)');
    expect(digest?.body).toContain(
      'CSA member left: Member 2 left Summer Veggie Share (Small); no more weeks are placed for them.',
    );
  });
});
