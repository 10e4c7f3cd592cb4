import { DEFAULT_SETTINGS } from '@farmstand/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildUser } from '../../test/factories';
import { setSubscription } from '../../test/listing-factories';
import { buildProducer, validProduct } from '../../test/producer-factories';
import { buildTestApp, type TestApp } from '../../test/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.closeAll();
});
afterEach(async () => {
  await app.ctx.settings.set('features', DEFAULT_SETTINGS.features);
});

const create = (producer: { token: string }, name: string) =>
  app.inject({
    method: 'POST',
    url: '/api/products',
    headers: bearer(producer),
    payload: validProduct({ name, category: 'produce', price: 3, price_unit: 'bunch' }),
  });

async function listUpTo(producer: { token: string }, count: number, from = 0) {
  for (let i = from; i < count; i++) {
    const res = await create(producer, `Vegetable ${i + 1}`);
    expect(res.statusCode, res.body).toBe(201);
  }
}

const nextYear = () => new Date(app.ctx.clock.now().getTime() + 365 * 86_400_000);

describe('how many products a farm may list', () => {
  it('lets a subscribing farm list 100 active products and keeps the trial at 10', async () => {
    const trial = await buildProducer(app);
    await listUpTo(trial, 10);
    const eleventh = await create(trial, 'One too many');
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().message).toBe(
      'Product limit reached: up to 10 active products during the free trial. Choose a plan to list up to 100, or delete one to add another.',
    );
    const trialList = (await app.inject({ method: 'GET', url: '/api/products/mine', headers: bearer(trial) })).json();
    expect(trialList).toMatchObject({
      active_count: 10,
      max_products: 10,
      on_plan: false,
      trial_max_products: 10,
      plan_max_products: 100,
    });

    const farm = await buildProducer(app);
    await setSubscription(app, farm.id, { status: 'active', currentPeriodEnd: nextYear() });
    await listUpTo(farm, 100);
    const over = await create(farm, 'Vegetable 101');
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(
      'Product limit reached: your plan lists up to 100 active products. Delete one to add another.',
    );
    const mine = (await app.inject({ method: 'GET', url: '/api/products/mine', headers: bearer(farm) })).json();
    expect(mine).toMatchObject({ active_count: 100, max_products: 100, on_plan: true });
    expect(mine.products).toHaveLength(100);
  });

  it('follows the admin’s max_products_subscribed, and a lapsed plan falls back to the trial’s limit', async () => {
    const admin = await buildUser(app, { userType: 'admin' });
    const save = (body: object) =>
      app.inject({ method: 'PUT', url: '/api/admin/settings/features', headers: bearer(admin), payload: body });
    expect((await save({ max_products_per_producer: 2, max_products_subscribed: 3 })).statusCode).toBe(200);
    const below = await save({ max_products_subscribed: 1 });
    expect(below.statusCode).toBe(400);
    expect(below.json().message).toContain('Max products per producer with a plan must be at least');

    const farm = await buildProducer(app);
    await setSubscription(app, farm.id, { status: 'active', currentPeriodEnd: nextYear() });
    await listUpTo(farm, 3);
    expect((await create(farm, 'Fourth')).statusCode).toBe(409);
    // Cancelled and past its period: the products stay listed, but no new one beyond the trial's 2.
    await setSubscription(app, farm.id, { status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: new Date(0) });
    const lapsed = await create(farm, 'Fourth');
    expect(lapsed.statusCode).toBe(409);
    expect(lapsed.json().message).toContain('up to 2 active products during the free trial');
  });
});
