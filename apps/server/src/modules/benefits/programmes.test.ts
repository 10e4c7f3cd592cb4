import { KENTUCKY_DOUBLE_DOLLARS } from '@farmstand/shared/benefits/programmes';
import type { IncentiveRequest, StateProgrammeRequest } from '@farmstand/shared/schemas/benefit-programmes';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildProduct } from '../../test/listing-factories';
import { marketPoint, move, orderPayload, placeOrder, setUpMarket, useTestClock } from '../../test/orders-helpers';
import { buildTestApp, type TestApp } from '../../test/test-app';

/**
 * The benefit programmes as admins maintain them (decision 516): the table served to everyone,
 * edited rows and added incentives laid over the defaults, and every rule that reads it following
 * at once (what a farm takes, the farm's market, an order's plan).
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

async function send(method: 'GET' | 'POST' | 'PUT', url: string, user: TestUser | null, payload?: object) {
  return app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload ? { payload } : {}) });
}

const table = async () => (await send('GET', '/api/benefits/programmes', null)).json();
const source = { title: 'Kentucky Double Dollars, Using KDD', url: 'https://kentuckydoubledollars.org/using-kdd/' };

/** Kentucky Double Dollars as an admin would send it back, with changes. */
const kdd = (changes: Partial<IncentiveRequest> = {}): IncentiveRequest => ({
  name: KENTUCKY_DOUBLE_DOLLARS.name,
  state: 'KY',
  matches: ['snap', 'wic_fmnp', 'senior_fmnp'],
  matchPercent: 100,
  dailyCapCents: 2000,
  groups: KENTUCKY_DOUBLE_DOLLARS.groups,
  originState: 'KY',
  tokenCents: 200,
  markets: [],
  sources: [source],
  confirmed: false,
  note: '',
  active: true,
  ...changes,
});

const kentuckyWic = (changes: Partial<StateProgrammeRequest> = {}): StateProgrammeRequest => ({
  name: 'Kentucky WIC Farmers Market Nutrition Program',
  authorisedBy: 'Kentucky Cabinet for Health and Family Services',
  covers: ['produce'],
  seasonAmount: { cents: 2400, asOf: '2026' },
  sources: [{ title: 'Kentucky WIC FMNP', url: 'https://www.chfs.ky.gov/agencies/dph/dmch/nsb/Pages/wic.aspx' }],
  confirmed: true,
  note: '',
  ...changes,
});

/** A Kentucky farm at its market, taking SNAP (verified) and Kentucky Double Dollars at `market`, which its place is. */
async function kentuckyFarm(market = 'Lexington Farmers Market') {
  const farm = await setUpMarket(app);
  const marked = await send('PUT', `/api/pickup/mine/points/${farm.pointId}`, farm, marketPoint({ incentive_market: market }));
  expect(marked.statusCode, marked.body).toBe(200);
  const saved = await send('PUT', '/api/benefits/mine', farm, {
    fns_number: '1234567',
    wic_fmnp: { accepted: false },
    senior_fmnp: { accepted: false },
    incentive_market: market,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect((await send('POST', `/api/admin/benefits/${farm.id}/review`, admin, { approve: true, note: null })).statusCode).toBe(
    200,
  );
  return farm;
}

describe('benefit programmes an admin maintains', () => {
  it('serves the table to anyone, and only admins change it, within its rules', async () => {
    const before = await table();
    expect(before.incentives).toEqual([expect.objectContaining({ id: 'ky_double_dollars', active: true, markets: [] })]);
    expect(before.programmes).toHaveLength(15);
    expect(before.sources['cfr-248.8'].url).toMatch(/^https:/);

    const farm = await setUpMarket(app);
    for (const user of [null, farm]) {
      const refused = await send('PUT', '/api/admin/benefits/programmes/wic_fmnp/KY', user, kentuckyWic());
      expect(refused.statusCode).toBe(user ? 403 : 401);
    }
    expect((await send('POST', '/api/admin/benefits/incentives', farm, kdd({ name: 'Mine' }))).statusCode).toBe(403);

    const snapFoods = await send('PUT', '/api/admin/benefits/programmes/snap/KY', admin, {
      ...kentuckyWic({ name: 'SNAP/EBT', covers: ['produce'] }),
    });
    expect(snapFoods.statusCode).toBe(400);
    expect(snapFoods.json().message).toMatch(/^SNAP pays for the foods federal law names/);
    const narrower = await send(
      'PUT',
      '/api/admin/benefits/programmes/senior_fmnp/KY',
      admin,
      kentuckyWic({ covers: ['honey'] }),
    );
    expect(narrower.statusCode).toBe(400);
    expect(narrower.json().message).toMatch(/a state can add to it, not take it away/);
    const script = await send(
      'PUT',
      '/api/admin/benefits/programmes/wic_fmnp/KY',
      admin,
      kentuckyWic({ sources: [{ title: 'x', url: 'javascript:alert(1)' }] }),
    );
    expect(script.statusCode).toBe(400);
    expect(script.json().message).toContain('must be a web page');
    expect((await send('PUT', '/api/admin/benefits/programmes/wic_fmnp/ZZ', admin, kentuckyWic())).statusCode).toBe(400);
    expect((await send('PUT', '/api/admin/benefits/incentives/nope', admin, kdd())).statusCode).toBe(404);
    const noGroups = await send('POST', '/api/admin/benefits/incentives', admin, kdd({ name: 'Empty', groups: [] }));
    expect(noGroups.statusCode).toBe(400);

    const edited = await send('PUT', '/api/admin/benefits/programmes/wic_fmnp/KY', admin, kentuckyWic());
    expect(edited.statusCode, edited.body).toBe(200);
    const row = (await table()).programmes.find(
      (p: { programme: string; state: string }) => p.programme === 'wic_fmnp' && p.state === 'KY',
    );
    expect(row).toMatchObject({
      seasonAmount: { cents: 2400, asOf: '2026' },
      sources: ['programme:wic_fmnp:KY#1'],
      grownInState: true,
    });
    expect((await table()).sources['programme:wic_fmnp:KY#1'].title).toBe('Kentucky WIC FMNP');

    // Honey for seniors in Tennessee, where the default says no: the state adds it.
    const honey = await send(
      'PUT',
      '/api/admin/benefits/programmes/senior_fmnp/TN',
      admin,
      kentuckyWic({ name: "Tennessee Senior Farmers' Market Nutrition Program", covers: ['produce', 'honey'] }),
    );
    expect(honey.statusCode, honey.body).toBe(200);
    const tn = honey
      .json()
      .programmes.find((p: { programme: string; state: string }) => p.programme === 'senior_fmnp' && p.state === 'TN');
    expect(tn).toMatchObject({ covers: ['produce', 'honey'], stateAdditions: ['honey'] });
    // Honey is Kentucky's option, not the federal rule's: the state may take it away again.
    const noHoney = await send(
      'PUT',
      '/api/admin/benefits/programmes/senior_fmnp/KY',
      admin,
      kentuckyWic({ covers: ['produce'] }),
    );
    expect(noHoney.statusCode, noHoney.body).toBe(200);
    const ky = noHoney
      .json()
      .programmes.find((p: { programme: string; state: string }) => p.programme === 'senior_fmnp' && p.state === 'KY');
    expect(ky).toMatchObject({ covers: ['produce'], stateAdditions: [] });
  });

  it('adds an incentive in another state, one running per state, and a farm there gives it', async () => {
    const ohio = kdd({
      name: 'Produce Perks',
      state: 'OH',
      originState: 'OH',
      groups: [{ label: 'Ohio-grown fruit and vegetables', categories: ['produce'], capCents: 2500, confirmed: true }],
      dailyCapCents: 2500,
      confirmed: true,
      markets: ['Columbus Market'],
    });
    const added = await send('POST', '/api/admin/benefits/incentives', admin, ohio);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().incentives.map((i: { id: string }) => i.id)).toEqual(['ky_double_dollars', 'produce_perks']);

    const second = await send('POST', '/api/admin/benefits/incentives', admin, { ...ohio, name: 'Ohio Bucks' });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('Produce Perks already runs in Ohio: switch it off before another incentive runs there');
    const idle = await send('POST', '/api/admin/benefits/incentives', admin, { ...ohio, name: 'Ohio Bucks', active: false });
    expect(idle.statusCode).toBe(201);

    const farm = await setUpMarket(app, {}, { state: 'OH', city: 'Columbus' });
    const mine = (await send('GET', '/api/benefits/mine', farm)).json().benefits;
    expect(mine).toMatchObject({ incentive_name: 'Produce Perks', incentive_markets: ['Columbus Market'] });
    const unlisted = await send('PUT', '/api/benefits/mine', farm, {
      fns_number: '7654321',
      wic_fmnp: { accepted: false },
      senior_fmnp: { accepted: false },
      incentive_market: 'Dayton Market',
    });
    expect(unlisted.statusCode).toBe(400);
    expect(unlisted.json().message).toBe(
      'Dayton Market is not a participating market of Produce Perks. Choose one of: Columbus Market',
    );
    const listed = await send('PUT', '/api/benefits/mine', farm, {
      fns_number: '7654321',
      wic_fmnp: { accepted: false },
      senior_fmnp: { accepted: false },
      incentive_market: 'columbus market',
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().benefits.incentive_market).toBe('Columbus Market');
    // The match is given where a pickup place is the participating market (decision 540).
    const marked = await send(
      'PUT',
      `/api/pickup/mine/points/${farm.pointId}`,
      farm,
      marketPoint({ name: 'Columbus Market', city: 'Columbus', state: 'OH', zip: '43215', incentive_market: 'Columbus Market' }),
    );
    expect(marked.statusCode, marked.body).toBe(200);
    expect((await send('POST', `/api/admin/benefits/${farm.id}/review`, admin, { approve: true, note: null })).statusCode).toBe(
      200,
    );
    expect((await send('GET', `/api/benefits/producers/${farm.id}`, null)).json()).toMatchObject({
      takes: ['snap', 'incentive'],
      incentive_name: 'Produce Perks',
    });
  });

  it('two admins adding incentives for one state at the same moment: one runs, the other is told which', async () => {
    const tennessee = (name: string) =>
      kdd({
        name,
        state: 'TN',
        originState: 'TN',
        groups: [{ label: 'Tennessee-grown produce', categories: ['produce'], capCents: 1000, confirmed: true }],
      });
    const other = await buildUser(app, { userType: 'admin' });
    const answers = await Promise.all([
      send('POST', '/api/admin/benefits/incentives', admin, tennessee('Pick Tennessee Match')),
      send('POST', '/api/admin/benefits/incentives', other, tennessee('Tennessee Fresh Bucks')),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((a) => a.statusCode === 409);
    expect(refused?.json().message).toMatch(/already runs in Tennessee: switch it off before another incentive runs there$/);
    const running = (await table()).incentives.filter((i: { state: string; active: boolean }) => i.state === 'TN' && i.active);
    expect(running).toHaveLength(1);

    // The same name added twice at once: two incentives with their own ids, not one overwritten.
    const twins = await Promise.all([
      send('POST', '/api/admin/benefits/incentives', admin, { ...tennessee('Twin Match'), active: false }),
      send('POST', '/api/admin/benefits/incentives', other, { ...tennessee('Twin Match'), active: false }),
    ]);
    expect(twins.map((a) => a.statusCode)).toEqual([201, 201]);
    const ids = (await table()).incentives.map((i: { id: string }) => i.id);
    expect(ids).toEqual(expect.arrayContaining(['twin_match', 'twin_match_2']));
  });

  it('an incentive switched off or capped lower holds at once for what a farm takes and for an order’s plan', async () => {
    const farm = await kentuckyFarm();
    const tomatoes = await buildProduct(app, farm, {
      name: 'Tomatoes',
      category: 'produce',
      priceCents: 1000,
      stockQuantity: 50,
    });
    const shopper = await buildUser(app);
    const placed = await placeOrder(app, shopper, orderPayload(farm, [{ productId: tomatoes, quantity: 2 }]));
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId: number = placed.json().order.id;
    expect((await move(app, farm, orderId, 'accepted')).statusCode).toBe(200);
    const plan = async () => (await send('GET', `/api/benefits/orders/${orderId}`, farm)).json().benefits;
    expect((await plan()).incentive_match_cents).toBe(1200);

    const capped = await send(
      'PUT',
      '/api/admin/benefits/incentives/ky_double_dollars',
      admin,
      kdd({ groups: KENTUCKY_DOUBLE_DOLLARS.groups.map((g) => ({ ...g, capCents: 500 })) }),
    );
    expect(capped.statusCode, capped.body).toBe(200);
    expect((await plan()).incentive_match_cents).toBe(500);

    expect(
      (await send('PUT', '/api/admin/benefits/incentives/ky_double_dollars', admin, kdd({ active: false }))).statusCode,
    ).toBe(200);
    expect((await send('GET', `/api/benefits/producers/${farm.id}`, null)).json()).toMatchObject({
      takes: ['snap'],
      incentive_name: null,
    });
    expect((await plan()).incentive_match_cents).toBe(0);

    // Listing the markets: a farm's market not on the list keeps what it saved, but cannot save it again.
    expect(
      (await send('PUT', '/api/admin/benefits/incentives/ky_double_dollars', admin, kdd({ markets: ['Berea Market'] })))
        .statusCode,
    ).toBe(200);
    const again = await send('PUT', '/api/benefits/mine', farm, {
      fns_number: '1234567',
      wic_fmnp: { accepted: false },
      senior_fmnp: { accepted: false },
      incentive_market: 'Lexington Farmers Market',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toContain('Choose one of: Berea Market');
  });
});
