import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inquiries, jobNotices } from '../../db/schema';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildProducer, buildProduct } from '../../test/listing-factories';
import { buildTestApp, type TestApp } from '../../test/test-app';

/**
 * Issue 44, item 15: "Top products" and "Top producers" with no activity say so (an empty list)
 * instead of five zeros in alphabetical order, and Analytics' uptime is the Health tab's figure.
 */

let app: TestApp;
let admin: TestUser;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await buildUser(app, { userType: 'admin' });
});
afterAll(async () => app.closeAll());

const get = (url: string) => app.inject({ method: 'GET', url, headers: bearer(admin) });

describe('analytics without activity', () => {
  it('lists no top product or farm while nothing was reserved, asked about or saved, then only those with activity', async () => {
    const farm = await buildProducer(app, { farmName: 'Apple Hill' });
    await buildProduct(app, farm, { name: 'Apple butter' });
    const honey = await buildProduct(app, farm, { name: 'Zinnia honey', category: 'honey' });
    await buildProducer(app, { farmName: 'Beech Bottom' });

    const quiet = (await get('/api/admin/analytics?timeRange=30d')).json();
    expect(quiet.top_products).toEqual([]);
    expect(quiet.top_producers).toEqual([]);

    const shopper = await buildUser(app, { userType: 'consumer' });
    await app.ctx.db
      .insert(inquiries)
      .values({ productId: honey, customerId: shopper.id, producerUserId: farm.id, message: 'Raw?' });
    const asked = (await get('/api/admin/analytics?timeRange=30d')).json();
    expect(asked.top_products).toEqual([expect.objectContaining({ name: 'Zinnia honey', orders: 0, inquiries: 1 })]);
    expect(asked.top_producers).toEqual([{ id: farm.id, farm_name: 'Apple Hill', inquiries: 1, favorites: 0 }]);
  });

  it("gives the Health tab's uptime percentage, not the seconds since this process started", async () => {
    // Two hours on record with one minute missed.
    const now = new Date();
    const minutes = Array.from({ length: 120 }, (_, i) => new Date(now.getTime() - (i + 1) * 60_000).toISOString().slice(0, 16));
    await app.ctx.db
      .insert(jobNotices)
      .values(minutes.filter((_, i) => i !== 5).map((milestone) => ({ kind: 'heartbeat', subjectId: 0, milestone })))
      .onConflictDoNothing();
    const health = (await get('/api/admin/jobs')).json().platform.uptime;
    const analytics = (await get('/api/admin/analytics?timeRange=7d')).json().platform_health.uptime;
    expect(health).toBeGreaterThan(95);
    expect(health).toBeLessThanOrEqual(100);
    expect(analytics).toBe(health);
  });
});
