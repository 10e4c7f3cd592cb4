import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certifications } from '../../db/schema';
import { runCertifications } from '../../jobs/certifications';
import { farmToday, localDate } from '../../lib/time';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildProducer, type TestProducer } from '../../test/listing-factories';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { certificationStatus } from './certification-validity';

describe('the expiry rule', () => {
  it('a certificate is valid through its expiry date', () => {
    expect(certificationStatus('verified', '2026-11-27', '2026-11-27')).toBe('verified');
    expect(certificationStatus('verified', '2026-11-26', '2026-11-27')).toBe('expired');
    expect(certificationStatus('pending', '2026-11-26', '2026-11-27')).toBe('expired');
    expect(certificationStatus('rejected', '2026-11-26', '2026-11-27')).toBe('rejected');
    expect(certificationStatus('verified', null, '2026-11-27')).toBe('verified');
  });

  it('counts days in the farm’s time zone, not UTC', () => {
    // 02:00 UTC on the 28th is still the evening of the 27th in Kentucky (Eastern time).
    expect(localDate(new Date('2026-11-28T02:00:00Z'), 'America/New_York')).toBe('2026-11-27');
  });
});

let app: TestApp;
let farm: TestProducer;
let admin: TestUser;
let today: string;
const ids: Record<string, number> = {};
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  app = await buildTestApp();
  admin = await buildUser(app, { userType: 'admin' });
  farm = await buildProducer(app, { farmName: 'Expiry Farm' });
  today = await farmToday(app.ctx);
  const add = async (certificationType: string, expiryDate: string) =>
    (
      await app.ctx.db
        .insert(certifications)
        .values({ producerId: farm.producerId, certificationType, status: 'verified', expiryDate })
        .returning({ id: certifications.id })
    )[0].id;
  ids.lastDay = await add('organic_certified', today);
  ids.pastDue = await add('gap_certified', addDays(today, -1));
});
afterAll(async () => app.closeAll());

const get = (url: string, user?: { token: string }) =>
  app.inject({ method: 'GET', url, headers: user ? bearer(user) : {} }).then((r) => r.json());
const statuses = (certs: { id: number; status: string }[]) => Object.fromEntries(certs.map((c) => [c.id, c.status]));

describe('every screen reads expiry the same way, before the job runs', () => {
  it('the producer, the public page and the admin agree', async () => {
    const own = await get('/api/producers/me/profile', farm);
    expect(statuses(own.certifications)).toEqual({ [ids.lastDay]: 'verified', [ids.pastDue]: 'expired' });
    expect(own.certifications.find((c: { id: number }) => c.id === ids.pastDue).verified_by_admin).toBe(false);

    const page = await get(`/api/producers/${farm.id}`);
    expect(page.certifications.map((c: { id: number }) => c.id)).toEqual([ids.lastDay]);
    expect(page.certification_count).toBe(1);

    const adminView = await get(`/api/admin/producers/${farm.id}/certifications`, admin);
    expect(statuses(adminView.certifications)).toEqual({ [ids.lastDay]: 'verified', [ids.pastDue]: 'expired' });
  });

  it('the job stores the same answer: the expiry day still counts', async () => {
    await runCertifications(app.ctx, app.ctx.clock.now());
    const rows = await app.ctx.db.select().from(certifications).where(eq(certifications.producerId, farm.producerId));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({
      [ids.lastDay]: 'verified',
      [ids.pastDue]: 'expired',
    });
  });
});
