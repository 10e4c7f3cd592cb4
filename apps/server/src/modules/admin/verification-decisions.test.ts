import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certifications, producers } from '../../db/schema';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildProducer, type TestProducer } from '../../test/listing-factories';
import { buildTestApp, type TestApp } from '../../test/test-app';

let app: TestApp;
let admin: TestUser;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await buildUser(app, { userType: 'admin' });
});
afterAll(async () => app.closeAll());

type Call = { method: 'GET' | 'PUT' | 'POST'; url: string; user?: { token: string }; body?: object };
const call = ({ method, url, user, body }: Call) =>
  app.inject({ method, url, headers: user ? bearer(user) : {}, ...(body ? { payload: body } : {}) });
const decide = (producer: TestProducer, action: string, notes?: string) =>
  call({ method: 'PUT', url: `/api/admin/producers/${producer.id}/verify`, user: admin, body: { action, notes } });
const resubmit = (producer: TestProducer, note: unknown) =>
  call({ method: 'POST', url: '/api/producers/me/verification/resubmit', user: producer, body: { note } });
const queue = async (status?: string) =>
  (
    await call({ method: 'GET', url: `/api/admin/verification/pending${status ? `?status=${status}` : ''}`, user: admin })
  ).json() as { producers: { id: number; readiness: string }[] };
const statusOf = async (producer: TestProducer) =>
  (await app.ctx.db.select().from(producers).where(eq(producers.id, producer.producerId)))[0].verificationStatus;

describe('a rejected application can come back', () => {
  it('the farmer resubmits with a note; it returns to the admin queue and to the history', async () => {
    const farm = await buildProducer(app, { farmName: 'Second Chance Farm' });
    expect((await decide(farm, 'reject', 'No licence attached')).statusCode).toBe(200);
    expect((await queue()).producers.map((p) => p.id)).not.toContain(farm.id);
    expect((await queue('rejected')).producers.map((p) => p.id)).toContain(farm.id);

    const own = (await call({ method: 'GET', url: '/api/producers/me/profile', user: farm })).json();
    expect(own.verification_status).toBe('rejected');
    expect(own.latest_decision).toMatchObject({ decision: 'reject', note: 'No licence attached' });

    const res = await resubmit(farm, 'Uploaded the licence PDF');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ verification_status: 'pending', latest_decision: { decision: 'reject' } });
    expect((await queue()).producers.map((p) => p.id)).toContain(farm.id);

    const details = (await call({ method: 'GET', url: `/api/admin/producers/${farm.id}/details`, user: admin })).json();
    expect(details.verification_history.map((e: { action: string; admin_email: string; notes: string }) => e)).toEqual([
      expect.objectContaining({ action: 'resubmit', admin_email: farm.email, notes: 'Uploaded the licence PDF' }),
      expect.objectContaining({ action: 'reject', admin_email: admin.email, notes: 'No licence attached' }),
    ]);
  });

  it('resubmission needs a note and a rejected or more-info application', async () => {
    const farm = await buildProducer(app);
    const early = await resubmit(farm, 'Nothing decided yet');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/can be resubmitted/);
    await decide(farm, 'request_more_info', 'Add a photo');
    expect((await resubmit(farm, '   ')).statusCode).toBe(400);
    expect((await resubmit(farm, 'x'.repeat(2001))).statusCode).toBe(400);
    expect((await resubmit(farm, 'Added the photo')).statusCode).toBe(200);
    expect(await statusOf(farm)).toBe('pending');
  });

  it('the admin can reopen any decision, logged in the history', async () => {
    const farm = await buildProducer(app, { verified: true });
    expect((await queue('approved')).producers.map((p) => p.id)).toContain(farm.id);
    const res = await decide(farm, 'reopen', 'Licence under question');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Application reopened for review');
    expect(await statusOf(farm)).toBe('pending');
    expect((await queue()).producers.map((p) => p.id)).toContain(farm.id);
    const own = (await call({ method: 'GET', url: '/api/producers/me/profile', user: farm })).json();
    expect(own.latest_decision).toMatchObject({ decision: 'reopen', note: 'Licence under question' });
    expect((await call({ method: 'GET', url: '/api/admin/verification/pending?status=lost', user: admin })).statusCode).toBe(400);
  });

  it('each decision keeps only its own note', async () => {
    const farm = await buildProducer(app);
    await decide(farm, 'request_more_info', 'Please upload a photo of your certificate.');
    await decide(farm, 'approve');
    const own = (await call({ method: 'GET', url: '/api/producers/me/profile', user: farm })).json();
    expect(own).toMatchObject({ verification_status: 'approved', verification_notes: null });
    expect(own.latest_decision).toMatchObject({ decision: 'approve', note: null });
  });
});

describe('readiness', () => {
  it('counts verified certifications only: an unchecked licence entry is no evidence', async () => {
    const farm = await buildProducer(app, { phone: '859-555-0101' });
    const [licence] = await app.ctx.db
      .insert(certifications)
      .values({ producerId: farm.producerId, certificationType: 'cottage_food_registered' })
      .returning({ id: certifications.id });
    const readiness = async () => (await queue()).producers.find((p) => p.id === farm.id)?.readiness;
    expect(await readiness()).toBe('partial');
    await app.ctx.db.update(certifications).set({ status: 'verified' }).where(eq(certifications.id, licence.id));
    expect(await readiness()).toBe('ready');
    await app.ctx.db.update(certifications).set({ expiryDate: '2000-01-01' }).where(eq(certifications.id, licence.id));
    expect(await readiness()).toBe('partial');
  });
});
