import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogs, certifications, producers } from '../../db/schema';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildProducer, type TestProducer } from '../../test/listing-factories';
import { buildTestApp, type TestApp } from '../../test/test-app';

let app: TestApp;
let admin: TestUser;
let consumer: TestUser;
let ready: TestProducer;
let partial: TestProducer;
let approved: TestProducer;
const certIds: Record<string, number> = {};

const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function addCert(producer: TestProducer, values: Partial<typeof certifications.$inferInsert>) {
  const [row] = await app.ctx.db
    .insert(certifications)
    .values({ producerId: producer.producerId, certificationType: 'other', ...values })
    .returning({ id: certifications.id });
  return row.id;
}

beforeAll(async () => {
  app = await buildTestApp();
  admin = await buildUser(app, { userType: 'admin' });
  consumer = await buildUser(app, { userType: 'consumer' });
  ready = await buildProducer(app, { farmName: 'Ready Farm', phone: '859-555-0100' });
  partial = await buildProducer(app, { farmName: 'Partial Farm' });
  approved = await buildProducer(app, { farmName: 'Approved Farm', verified: true });
  certIds.licence = await addCert(ready, {
    certificationType: 'cottage_food_registered',
    issuingAuthority: 'KY Dept. of Agriculture',
  });
  certIds.expiring = await addCert(ready, {
    certificationType: 'gap_certified',
    status: 'verified',
    expiryDate: daysFromNow(10),
  });
  certIds.expired = await addCert(partial, { certificationType: 'organic_certified', expiryDate: daysFromNow(-3) });
  certIds.pending2 = await addCert(partial, { certificationType: 'gmo_free' });
  certIds.rejected = await addCert(approved, { status: 'rejected' });
});
afterAll(async () => app.closeAll());

type Call = { method: 'GET' | 'PUT' | 'POST'; url: string; user?: { token: string }; body?: object };
const call = ({ method, url, user, body }: Call) =>
  app.inject({ method, url, headers: user ? bearer(user) : {}, ...(body ? { payload: body } : {}) });
const logsFor = async (targetType: string) =>
  (await app.ctx.db.select().from(adminLogs).where(eq(adminLogs.targetType, targetType))).sort((a, b) => a.id - b.id);

describe('producer verification', () => {
  it('is admin-only', async () => {
    const urls = [
      '/verification/pending',
      `/producers/${ready.id}/details`,
      `/producers/${ready.id}/certifications`,
      '/certifications',
      '/certifications/expiring',
      '/certifications/types',
    ];
    for (const url of urls) {
      expect((await call({ method: 'GET', url: `/api/admin${url}` })).statusCode).toBe(401);
      expect((await call({ method: 'GET', url: `/api/admin${url}`, user: consumer })).statusCode).toBe(403);
    }
    expect(
      (await call({ method: 'PUT', url: `/api/admin/producers/${ready.id}/verify`, user: ready, body: { action: 'approve' } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call({ method: 'POST', url: '/api/admin/certifications/bulk', body: { certIds: [1], action: 'approve' } }))
        .statusCode,
    ).toBe(401);
  });

  it('lists pending applications with their readiness', async () => {
    const res = (await call({ method: 'GET', url: '/api/admin/verification/pending', user: admin })).json();
    expect(res.count).toBe(2);
    // Ready Farm's licence is not verified yet, so it is no evidence: phone and e-mail only.
    expect(res.producers.map((p: { farm_name: string; readiness: string }) => [p.farm_name, p.readiness])).toEqual([
      ['Ready Farm', 'partial'],
      ['Partial Farm', 'partial'],
    ]);
    expect(res.producers[1].requirements).toEqual({
      cottage_food_license: false,
      business_license: false,
      identity_verification: true,
    });
  });

  it('gives the details and certifications of one producer, 404 for an unknown one', async () => {
    const details = (await call({ method: 'GET', url: `/api/admin/producers/${ready.id}/details`, user: admin })).json();
    expect(details).toMatchObject({
      id: ready.id,
      farm_name: 'Ready Farm',
      email: ready.email,
      phone: '859-555-0100',
      city: 'Lexington',
      delivery_available: false,
    });
    const certs = (await call({ method: 'GET', url: `/api/admin/producers/${ready.id}/certifications`, user: admin })).json();
    expect(certs.certifications).toHaveLength(2);
    expect((await call({ method: 'GET', url: '/api/admin/producers/999999/details', user: admin })).statusCode).toBe(404);
  });

  it('approves, rejects or asks for more information, with notes, logged', async () => {
    const url = `/api/admin/producers/${partial.id}/verify`;
    expect(
      (await call({ method: 'PUT', url, user: admin, body: { action: 'request_more_info', notes: 'Send your licence' } }))
        .statusCode,
    ).toBe(200);
    let [row] = await app.ctx.db.select().from(producers).where(eq(producers.id, partial.producerId));
    expect(row).toMatchObject({ verificationStatus: 'more_info', verificationNotes: 'Send your licence' });
    expect((await call({ method: 'PUT', url, user: admin, body: { action: 'approve' } })).statusCode).toBe(200);
    [row] = await app.ctx.db.select().from(producers).where(eq(producers.id, partial.producerId));
    expect(row?.verificationStatus).toBe('approved');
    expect((await logsFor('producer')).map((l) => l.action)).toEqual(['request_more_info_producer', 'approve_producer']);
    expect((await call({ method: 'PUT', url, user: admin, body: { action: 'maybe' } })).statusCode).toBe(400);
    const pending = (await call({ method: 'GET', url: '/api/admin/verification/pending', user: admin })).json();
    expect(pending.count).toBe(1);
  });
});

describe('certification management', () => {
  it('filters by status with counts; a past expiry date counts as expired', async () => {
    const all = (await call({ method: 'GET', url: '/api/admin/certifications', user: admin })).json();
    expect(all.counts).toEqual({ pending: 2, verified: 1, rejected: 1, expired: 1 });
    const expired = (await call({ method: 'GET', url: '/api/admin/certifications?status=expired', user: admin })).json();
    expect(expired.certifications.map((c: { id: number }) => c.id)).toEqual([certIds.expired]);
    expect((await call({ method: 'GET', url: '/api/admin/certifications?status=lost', user: admin })).statusCode).toBe(400);
  });

  it('lists certifications expiring within 30 days and the types', async () => {
    const expiring = (await call({ method: 'GET', url: '/api/admin/certifications/expiring', user: admin })).json();
    expect(expiring.certifications).toEqual([
      expect.objectContaining({ id: certIds.expiring, farm_name: 'Ready Farm', expires_soon: true }),
    ]);
    const types = (await call({ method: 'GET', url: '/api/admin/certifications/types', user: admin })).json();
    expect(types.types).toContainEqual({ value: 'gap_certified', label: 'GAP Certified' });
    expect(types.required_for_verification).toHaveLength(3);
  });

  it('approves or rejects pending certifications only, logged', async () => {
    const res = await call({
      method: 'PUT',
      url: `/api/admin/certifications/${certIds.licence}/moderate`,
      user: admin,
      body: { action: 'approve', notes: 'Checked' },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await app.ctx.db.select().from(certifications).where(eq(certifications.id, certIds.licence));
    expect(row).toMatchObject({ status: 'verified', notes: 'Checked' });
    const again = await call({
      method: 'PUT',
      url: `/api/admin/certifications/${certIds.licence}/moderate`,
      user: admin,
      body: { action: 'reject' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Only pending certifications can be approved or rejected');
    expect(
      (await call({ method: 'PUT', url: '/api/admin/certifications/999999/moderate', user: admin, body: { action: 'approve' } }))
        .statusCode,
    ).toBe(404);
    expect((await logsFor('certification')).at(-1)).toMatchObject({
      adminId: admin.id,
      action: 'approve_certification',
      targetId: String(certIds.licence),
    });
  });

  it('acts in bulk on the pending ones of a selection and refuses an empty selection', async () => {
    const empty = await call({
      method: 'POST',
      url: '/api/admin/certifications/bulk',
      user: admin,
      body: { certIds: [], action: 'approve' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Please select certifications first');
    const res = await call({
      method: 'POST',
      url: '/api/admin/certifications/bulk',
      user: admin,
      body: { certIds: [certIds.pending2, certIds.rejected, certIds.expired], action: 'reject' },
    });
    expect(res.json()).toMatchObject({ updated: 1, skipped: 2 });
    const [row] = await app.ctx.db.select().from(certifications).where(eq(certifications.id, certIds.pending2));
    expect(row?.status).toBe('rejected');
    expect((await logsFor('certification')).at(-1)).toMatchObject({
      action: 'bulk_reject_certification',
      targetId: String(certIds.pending2),
    });
  });
});
