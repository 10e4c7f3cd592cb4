import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificationDocuments, certifications, producerBenefits, producers } from '../../db/schema';
import { ManualClock } from '../../jobs/clock';
import { mailCopiesTo } from '../../lib/mail-copies';
import { buildUser, type TestUser } from '../../test/factories';
import { asUser, buildMarket, buildMarketPlace, buildMarketStaff } from '../../test/market-factories';
import { buildProducer } from '../../test/producer-factories';
import { buildTestApp, type TestApp } from '../../test/test-app';

let app: TestApp;

beforeAll(async () => {
  app = await buildTestApp();
  // Friday, June 25, 2027, 10:00 in Kentucky.
  app.ctx.clock = new ManualClock(new Date('2027-06-25T14:00:00Z'));
});
afterAll(() => app.closeAll());

async function marketWithManager() {
  const market = await buildMarket(app);
  const manager = await buildMarketStaff(app, market.id, 'manager');
  return { market, manager };
}

const statusOf = async (farm: TestUser, marketId: number) =>
  (await asUser(app, farm).get('/api/markets/vendor/memberships'))
    .json()
    .memberships.find((m: { market: { id: number } }) => m.market.id === marketId)?.status;

describe('a farm applies and the manager decides', () => {
  it('approves an application, mails the farm, and the farm can apply again after a decline or a removal but not while approved', async () => {
    const { market, manager } = await marketWithManager();
    const farm = await buildProducer(app, { farm_name: 'Elmwood Stock Farm' });
    const applied = await asUser(app, farm).post(`/api/markets/${market.id}/apply`, { message: 'Eggs and greens' });
    expect(applied.statusCode).toBe(200);
    expect(applied.json().memberships).toEqual([
      {
        market: expect.objectContaining({ id: market.id, slug: market.slug }),
        status: 'applied',
        place: null,
        decisionNote: null,
        today: '2027-06-25',
      },
    ]);

    const list = await asUser(app, manager).get(`/api/markets/${market.id}/vendors`);
    expect(list.json().vendors).toEqual([
      expect.objectContaining({
        producerId: farm.id,
        farmName: 'Elmwood Stock Farm',
        status: 'applied',
        message: 'Eggs and greens',
      }),
    ]);

    const withoutReason = await asUser(app, manager).post(`/api/markets/${market.id}/vendors/${farm.id}/decision`, {
      decision: 'decline',
    });
    expect(withoutReason.statusCode).toBe(400);
    expect(withoutReason.json().message).toContain('a decline or a removal needs a reason');

    const declined = await asUser(app, manager).post(`/api/markets/${market.id}/vendors/${farm.id}/decision`, {
      decision: 'decline',
      note: 'Full this season',
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json().vendors[0]).toMatchObject({ status: 'declined', decisionNote: 'Full this season' });
    expect(mailCopiesTo(farm.email)[0]).toMatchObject({ subject: `${market.name} declined your vendor application` });
    expect(mailCopiesTo(farm.email)[0].body).toContain('Full this season');

    expect((await asUser(app, farm).post(`/api/markets/${market.id}/apply`, {})).statusCode).toBe(200);
    const approved = await asUser(app, manager).post(`/api/markets/${market.id}/vendors/${farm.id}/decision`, {
      decision: 'approve',
    });
    expect(approved.json().vendors[0].status).toBe('approved');
    expect(mailCopiesTo(farm.email)[0].subject).toBe(`${market.name} approved your farm as a vendor`);

    const twice = await asUser(app, farm).post(`/api/markets/${market.id}/apply`, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('You are a vendor of this market already');
    const approveAgain = await asUser(app, manager).post(`/api/markets/${market.id}/vendors/${farm.id}/decision`, {
      decision: 'approve',
    });
    expect(approveAgain.statusCode).toBe(409);

    const removed = await asUser(app, manager).post(`/api/markets/${market.id}/vendors/${farm.id}/decision`, {
      decision: 'remove',
      note: 'Moved to another market',
    });
    expect(removed.json().vendors[0].status).toBe('removed');
    expect(mailCopiesTo(farm.email)[0].subject).toBe(`${market.name} removed your farm from its vendors`);
    expect((await asUser(app, farm).post(`/api/markets/${market.id}/apply`, {})).statusCode).toBe(200);
    expect(await statusOf(farm, market.id)).toBe('applied');
  });

  it('dates a membership’s today by the market’s zone, not UTC, so a late report is filed on the market’s day', async () => {
    const market = await buildMarket(app, { timeZone: 'America/Chicago' });
    const farm = await buildProducer(app);
    await asUser(app, farm).post(`/api/markets/${market.id}/apply`, {});
    const clock = app.ctx.clock;
    // Friday 11:30 PM in Chicago is already Saturday in UTC.
    app.ctx.clock = new ManualClock(new Date('2027-06-26T04:30:00Z'));
    try {
      const answer = await asUser(app, farm).get('/api/markets/vendor/memberships');
      expect(answer.json().memberships[0].today).toBe('2027-06-25');
    } finally {
      app.ctx.clock = clock;
    }
  });

  it('answers 404 for a decision on a farm that never applied, and 400 for an unknown decision', async () => {
    const { market, manager } = await marketWithManager();
    const farm = await buildProducer(app);
    const none = await asUser(app, manager).post(`/api/markets/${market.id}/vendors/${farm.id}/decision`, {
      decision: 'approve',
    });
    expect(none.statusCode).toBe(404);
    const bad = await asUser(app, manager).post(`/api/markets/${market.id}/vendors/${farm.id}/decision`, { decision: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect((await asUser(app, farm).post('/api/markets/999999/apply', {})).statusCode).toBe(404);
  });

  it('refuses an application from a producer account without a farm profile', async () => {
    const { market } = await marketWithManager();
    const bare = await buildUser(app, { userType: 'producer' });
    const res = await asUser(app, bare).post(`/api/markets/${market.id}/apply`, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/farm profile/);
  });
});

describe('the manager invites a farm', () => {
  it('invites by e-mail, mails the farm, and the farm accepting makes it an approved vendor', async () => {
    const { market, manager } = await marketWithManager();
    const farm = await buildProducer(app, { farm_name: 'Salad Days Farm' });
    const invited = await asUser(app, manager).post(`/api/markets/${market.id}/vendors/invite`, { email: farm.email });
    expect(invited.statusCode).toBe(200);
    expect(invited.json().vendors[0]).toMatchObject({ producerId: farm.id, status: 'invited' });
    expect(mailCopiesTo(farm.email)[0].subject).toBe(`${market.name} invites your farm to be a vendor`);

    // An invited farm does not apply (it accepts), and the manager cannot approve for it.
    expect((await asUser(app, farm).post(`/api/markets/${market.id}/apply`, {})).statusCode).toBe(409);
    expect(
      (await asUser(app, manager).post(`/api/markets/${market.id}/vendors/${farm.id}/decision`, { decision: 'approve' }))
        .statusCode,
    ).toBe(409);

    const accepted = await asUser(app, farm).post(`/api/markets/${market.id}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(await statusOf(farm, market.id)).toBe('approved');
    // Accepting again answers the same.
    expect((await asUser(app, farm).post(`/api/markets/${market.id}/accept`)).statusCode).toBe(200);
  });

  it('refuses to invite an address that is not a farm’s account, and an accept without an invitation', async () => {
    const { market, manager } = await marketWithManager();
    const shopper = await buildUser(app);
    const notFarm = await asUser(app, manager).post(`/api/markets/${market.id}/vendors/invite`, { email: shopper.email });
    expect(notFarm.statusCode).toBe(400);
    expect(notFarm.json().message).toMatch(/not a farm’s account/);
    expect(
      (await asUser(app, manager).post(`/api/markets/${market.id}/vendors/invite`, { email: 'no@example.com' })).statusCode,
    ).toBe(404);
    const farm = await buildProducer(app);
    expect((await asUser(app, farm).post(`/api/markets/${market.id}/accept`)).statusCode).toBe(404);
  });

  it('lets the manager withdraw an invitation by declining it', async () => {
    const { market, manager } = await marketWithManager();
    const farm = await buildProducer(app);
    await asUser(app, manager).post(`/api/markets/${market.id}/vendors/invite`, { email: farm.email });
    const withdrawn = await asUser(app, manager).post(`/api/markets/${market.id}/vendors/${farm.id}/decision`, {
      decision: 'decline',
      note: 'Moved to another market',
    });
    expect(withdrawn.json().vendors[0].status).toBe('declined');
    expect((await asUser(app, farm).post(`/api/markets/${market.id}/accept`)).statusCode).toBe(404);
  });
});

describe('a vendor links its place at the market', () => {
  it('links one of its own market places, and refuses another farm’s place, a farm place and a place at another market', async () => {
    const { market, manager } = await marketWithManager();
    const other = await buildMarket(app, { name: 'Georgetown Market' });
    const farm = await buildProducer(app);
    const neighbour = await buildProducer(app);
    const own = await buildMarketPlace(app, farm.id, { booth: 'Stall 14' });
    const atFarm = await buildMarketPlace(app, farm.id, { kind: 'farm', name: 'The farm' });
    const theirs = await buildMarketPlace(app, neighbour.id);

    // Not applied yet: no place to link.
    expect((await asUser(app, farm).put(`/api/markets/${market.id}/place`, { pointId: own })).statusCode).toBe(403);
    await asUser(app, farm).post(`/api/markets/${market.id}/apply`, {});

    const foreign = await asUser(app, farm).put(`/api/markets/${market.id}/place`, { pointId: theirs });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('Choose one of your own pickup places');
    expect((await asUser(app, farm).put(`/api/markets/${market.id}/place`, { pointId: atFarm })).statusCode).toBe(400);
    expect((await asUser(app, farm).put(`/api/markets/${market.id}/place`, { pointId: 999_999 })).statusCode).toBe(400);

    const linked = await asUser(app, farm).put(`/api/markets/${market.id}/place`, { pointId: own });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().memberships[0].place).toEqual({ id: own, name: 'Lexington Farmers Market' });
    const vendors = await asUser(app, manager).get(`/api/markets/${market.id}/vendors`);
    expect(vendors.json().vendors[0].place).toEqual({ id: own, name: 'Lexington Farmers Market' });

    // The same place cannot be at a second market.
    const second = await asUser(app, farm).post(`/api/markets/${other.id}/apply`, { pointId: own });
    expect(second.statusCode).toBe(409);

    const unlinked = await asUser(app, farm).put(`/api/markets/${market.id}/place`, { pointId: null });
    expect(unlinked.json().memberships.find((m: { market: { id: number } }) => m.market.id === market.id).place).toBeNull();
  });
});

describe('the vendors’ documents', () => {
  it('lets the managers of a market the farm applied to open its uploaded document, and no other market’s manager or shopper', async () => {
    const { market, manager } = await marketWithManager();
    const other = await marketWithManager();
    const shopper = await buildUser(app, { userType: 'consumer' });
    const farm = await buildProducer(app);
    const [producer] = await app.ctx.db.select().from(producers).where(eq(producers.userId, farm.id));
    const [cert] = await app.ctx.db
      .insert(certifications)
      .values({ producerId: producer.id, certificationType: 'cottage_food_registered', status: 'verified' })
      .returning();
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    await app.ctx.db.insert(certificationDocuments).values({
      certificationId: cert.id,
      contentType: 'application/pdf',
      fileName: 'registration.pdf',
      byteSize: pdf.length,
      data: pdf,
    });
    const open = (user: TestUser) => asUser(app, user).get(`/api/certifications/${cert.id}/document`);

    expect((await open(manager)).statusCode).toBe(403);
    await asUser(app, farm).post(`/api/markets/${market.id}/apply`, {});
    const read = await open(manager);
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(pdf)).toBe(true);
    expect((await open(other.manager)).statusCode).toBe(403);
    expect((await open(shopper)).statusCode).toBe(403);

    // Declined: the market no longer decides on it.
    await asUser(app, manager).post(`/api/markets/${market.id}/vendors/${farm.id}/decision`, {
      decision: 'decline',
      note: 'Full',
    });
    expect((await open(manager)).statusCode).toBe(403);
  });

  it('lists the farm’s certifications and FMNP authorisations with their expiry state on the market’s day, and warns of the expired and expiring', async () => {
    const { market, manager } = await marketWithManager();
    const noBooth = await buildMarket(app, { boothSnap: false });
    const noBoothManager = await buildMarketStaff(app, noBooth.id, 'manager');
    const farm = await buildProducer(app);
    const [producer] = await app.ctx.db.select().from(producers).where(eq(producers.userId, farm.id));
    await app.ctx.db.insert(certifications).values([
      {
        producerId: producer.id,
        certificationType: 'cottage_food_registered',
        certificateNumber: 'HBP-1234',
        expiryDate: '2027-06-24',
        status: 'verified',
      },
      { producerId: producer.id, certificationType: 'egg_handler_license', expiryDate: '2027-07-20', status: 'verified' },
      { producerId: producer.id, certificationType: 'gap_certified', expiryDate: '2028-01-01', status: 'pending' },
      { producerId: producer.id, certificationType: 'organic_certified', expiryDate: null, status: 'rejected' },
    ]);
    await app.ctx.db
      .insert(producerBenefits)
      .values({ producerUserId: farm.id, wicFmnpAccepted: true, wicFmnpExpiresOn: '2027-06-25', fnsNumber: null });
    await asUser(app, farm).post(`/api/markets/${market.id}/apply`, {});
    await asUser(app, farm).post(`/api/markets/${noBooth.id}/apply`, {});

    const vendor = (await asUser(app, manager).get(`/api/markets/${market.id}/vendors`)).json().vendors[0];
    expect(vendor.documents).toEqual([
      expect.objectContaining({ kind: 'cottage_food_registered', number: 'HBP-1234', expiresOn: '2027-06-24', state: 'expired' }),
      expect.objectContaining({ kind: 'egg_handler_license', label: 'Egg Handler License', state: 'expiring' }),
      expect.objectContaining({ kind: 'gap_certified', state: 'ok' }),
      // Its last valid day is today in the market's zone: still valid, expiring.
      expect.objectContaining({ kind: 'wic_fmnp', expiresOn: '2027-06-25', state: 'expiring' }),
    ]);
    expect(vendor.warnings).toEqual([
      'Cottage Food Registered expired on Jun 24, 2027',
      'Egg Handler License expires on Jul 20, 2027',
      'WIC FMNP authorisation expires on Jun 25, 2027',
    ]);
    expect(vendor.fnsNumber).toBeNull();

    // At a market whose booth does not swipe SNAP, a farm without an FNS number is warned.
    const elsewhere = (await asUser(app, noBoothManager).get(`/api/markets/${noBooth.id}/vendors`)).json().vendors[0];
    expect(elsewhere.warnings).toContain('No FNS number: this farm cannot take SNAP itself at this market');
  });
});
