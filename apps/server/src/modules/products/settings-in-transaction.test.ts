import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProducer } from '../../test/producer-factories';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { productLimit } from './products.service';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.closeAll();
});

/**
 * On the embedded engine the app has one connection: a read through the app's own handle inside a
 * transaction waits for that transaction to end. The settings are cached for 2 s, so a slow import
 * (or a restore) that read them in its transaction after the cache expired hung for good.
 */
describe('the product limit read inside a transaction', () => {
  it('answers when the settings cache has expired, on either engine', async () => {
    const producer = await buildProducer(app);
    const limit = await app.ctx.db.transaction(async (tx) => {
      app.ctx.settings.invalidate();
      return Promise.race([
        productLimit(app.ctx, producer.id, tx),
        new Promise((_, reject) => setTimeout(() => reject(new Error('the limit waited on the transaction it is in')), 10_000)),
      ]);
    });
    expect(limit).toMatchObject({ limit: 10, onPlan: false });
  });

  it('gives the mails’ site name and address through the transaction (a CSA member joining tells the farm in one)', async () => {
    const site = await app.ctx.db.transaction(async (tx) => {
      app.ctx.settings.invalidate();
      return Promise.race([
        app.ctx.mailer.site(tx),
        new Promise((_, reject) => setTimeout(() => reject(new Error('the site waited on the transaction it is in')), 10_000)),
      ]);
    });
    expect(site).toMatchObject({ name: expect.any(String) });
  });
});
