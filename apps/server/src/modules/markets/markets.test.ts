import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStandHelper, buildUser, type TestUser } from '../../test/factories';
import { asUser, buildMarket, buildMarketStaff, validMarketInput } from '../../test/market-factories';
import { buildProducer } from '../../test/producer-factories';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { MARKET_DENIED } from './markets.access';

let app: TestApp;
let admin: TestUser;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await buildUser(app, { userType: 'admin' });
});
afterAll(() => app.closeAll());

describe('creating markets', () => {
  it('lets an admin create a market with a slug made from its name, and a second one of the same name another slug', async () => {
    const first = await asUser(app, admin).post('/api/markets', validMarketInput({ name: 'Bowling Green Market' }));
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      name: 'Bowling Green Market',
      slug: 'bowling-green-market',
      timeZone: 'America/New_York',
    });
    const second = await asUser(app, admin).post('/api/markets', validMarketInput({ name: 'Bowling Green Market!' }));
    expect(second.statusCode).toBe(201);
    expect(second.json().slug).toBe('bowling-green-market-2');
    const all = await asUser(app, admin).get('/api/markets/all');
    expect(all.json().markets.map((m: { slug: string }) => m.slug)).toEqual(
      expect.arrayContaining(['bowling-green-market', 'bowling-green-market-2']),
    );
  });

  it('refuses a market to anyone but an admin', async () => {
    const consumer = await buildUser(app);
    const producer = await buildProducer(app);
    for (const user of [consumer, producer]) {
      const res = await asUser(app, user).post('/api/markets', validMarketInput());
      expect(res.statusCode).toBe(403);
    }
    expect((await asUser(app, null).post('/api/markets', validMarketInput())).statusCode).toBe(401);
  });

  it('answers a readable 400 for a season ending before it starts, a fee minimum over its maximum and an unknown incentive', async () => {
    const cases = [
      [{ seasonStart: '2027-11-01', seasonEnd: '2027-04-01' }, 'The season must end on or after the day it starts'],
      [{ feeMinCents: 2000, feeMaxCents: 1000 }, 'The minimum fee cannot be more than the maximum fee'],
      [{ incentiveId: 'nope' }, 'That incentive is not one the benefit programmes run'],
      [{ state: 'OH' as const }, 'Kentucky Double Dollars runs only in KY'],
      [{ marketDays: [] }, 'A market needs at least one market day'],
      [{ marketDays: [{ weekday: 6, opens: '12:00', closes: '07:00' }] }, 'A market day must close after it opens'],
    ] as const;
    for (const [overrides, message] of cases) {
      const res = await asUser(app, admin).post('/api/markets', validMarketInput(overrides as never));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });
});

describe('managers and volunteers', () => {
  it('lets an admin grant and remove a manager by e-mail; the manager then sees and edits only their market', async () => {
    const market = await buildMarket(app);
    const other = await buildMarket(app);
    const person = await buildUser(app);
    const granted = await asUser(app, admin).post(`/api/markets/${market.id}/managers`, { email: person.email.toUpperCase() });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().staff).toEqual([expect.objectContaining({ userId: person.id, role: 'manager', email: person.email })]);

    const mine = await asUser(app, person).get('/api/markets/mine');
    expect(mine.json().markets).toEqual([{ id: market.id, slug: market.slug, name: market.name, role: 'manager' }]);

    const settings = await asUser(app, person).get(`/api/markets/${market.id}/settings`);
    expect(settings.statusCode).toBe(200);
    const saved = await asUser(app, person).put(`/api/markets/${market.id}/settings`, {
      ...validMarketInput(),
      name: 'Lexington Farmers Market (Saturday)',
      closedDates: ['2027-07-10', '2027-07-03', '2027-07-10'],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'Lexington Farmers Market (Saturday)', slug: market.slug });
    expect(saved.json().closedDates).toEqual(['2027-07-03', '2027-07-10']);

    const elsewhere = await asUser(app, person).get(`/api/markets/${other.id}/settings`);
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().message).toBe(MARKET_DENIED.manager);
    expect((await asUser(app, person).put(`/api/markets/${other.id}/settings`, validMarketInput())).statusCode).toBe(403);

    const removed = await asUser(app, admin).delete(`/api/markets/${market.id}/managers/${person.id}`);
    expect(removed.json().staff).toEqual([]);
    expect((await asUser(app, person).get(`/api/markets/${market.id}/settings`)).statusCode).toBe(403);
  });

  it('refuses a manager from a manager (admins grant them), an unknown address and a stand helper', async () => {
    const market = await buildMarket(app);
    const manager = await buildMarketStaff(app, market.id, 'manager');
    const someone = await buildUser(app);
    expect((await asUser(app, manager).post(`/api/markets/${market.id}/managers`, { email: someone.email })).statusCode).toBe(
      403,
    );
    const unknown = await asUser(app, admin).post(`/api/markets/${market.id}/managers`, { email: 'nobody@example.com' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/no Farmstand account/);
    const farm = await buildProducer(app);
    const helper = await buildStandHelper(app, farm.id);
    const asHelper = await asUser(app, admin).post(`/api/markets/${market.id}/managers`, { email: helper.email });
    expect(asHelper.statusCode).toBe(400);
    expect((await asUser(app, admin).post('/api/markets/999999/managers', { email: someone.email })).statusCode).toBe(404);
  });

  it('lets a manager add and remove booth volunteers, who reach the booth but not the settings', async () => {
    const market = await buildMarket(app);
    const manager = await buildMarketStaff(app, market.id, 'manager');
    const volunteer = await buildUser(app);
    const added = await asUser(app, manager).post(`/api/markets/${market.id}/volunteers`, { email: volunteer.email });
    expect(added.statusCode).toBe(200);
    expect(
      added
        .json()
        .staff.map((s: { role: string }) => s.role)
        .sort(),
    ).toEqual(['manager', 'volunteer']);
    const again = await asUser(app, manager).post(`/api/markets/${market.id}/volunteers`, { email: volunteer.email });
    expect(again.statusCode).toBe(409);
    const managerAsVolunteer = await asUser(app, manager).post(`/api/markets/${market.id}/volunteers`, { email: manager.email });
    expect(managerAsVolunteer.statusCode).toBe(409);

    expect((await asUser(app, volunteer).get('/api/markets/mine')).json().markets[0].role).toBe('volunteer');
    const settings = await asUser(app, volunteer).get(`/api/markets/${market.id}/settings`);
    expect(settings.statusCode).toBe(403);
    expect((await asUser(app, volunteer).post(`/api/markets/${market.id}/volunteers`, { email: admin.email })).statusCode).toBe(
      403,
    );

    const removed = await asUser(app, manager).delete(`/api/markets/${market.id}/volunteers/${volunteer.id}`);
    expect(removed.json().staff).toHaveLength(1);
    // A manager is not removed through the volunteers' route.
    expect((await asUser(app, manager).delete(`/api/markets/${market.id}/volunteers/${manager.id}`)).statusCode).toBe(404);
  });

  it('answers 404 for a market that does not exist, to its would-be manager too', async () => {
    const res = await asUser(app, admin).get('/api/markets/999999/settings');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Market not found');
  });
});
