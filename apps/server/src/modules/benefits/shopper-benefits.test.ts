import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { shopperBenefits, users } from '../../db/schema';
import { apiOperations } from '../../test/api-routes';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { eggs, move, orderPayload, placeOrder, setUpMarket, useTestClock } from '../../test/orders-helpers';
import { buildTestApp, type TestApp } from '../../test/test-app';

/**
 * The benefits a shopper saves for themselves (decision 516): private to them, deletable, and never
 * shown to a farm (or an admin). The routes are /api/benefits/me only: no id, so no one can ask
 * for someone else's.
 */
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.closeAll();
});
beforeEach(() => useTestClock(app));

const send = (method: 'GET' | 'PUT' | 'DELETE', url: string, user: TestUser | null, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: user ? bearer(user) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const readUses = async (user: TestUser) => {
  const response = await send('GET', '/api/benefits/me', user);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().uses as string[];
};

const rowOf = (userId: number) => app.ctx.db.select().from(shopperBenefits).where(eq(shopperBenefits.userId, userId));

describe('the benefits a shopper saves for themselves', () => {
  it('saves them, reads them back in the programmes’ order, replaces them, and reads [] before any save', async () => {
    const shopper = await buildUser(app, { userType: 'consumer' });
    expect(await readUses(shopper)).toEqual([]);

    const saved = await send('PUT', '/api/benefits/me', shopper, { uses: ['senior_fmnp', 'snap'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ uses: ['snap', 'senior_fmnp'], message: 'Your benefits are saved. Only you see them.' });
    expect(await readUses(shopper)).toEqual(['snap', 'senior_fmnp']);

    const replaced = await send('PUT', '/api/benefits/me', shopper, { uses: ['wic_fmnp'] });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(await readUses(shopper)).toEqual(['wic_fmnp']);

    const none = await send('PUT', '/api/benefits/me', shopper, { uses: [] });
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json().uses).toEqual([]);
    expect(await readUses(shopper)).toEqual([]);
  });

  it('forgets them on request: the row is deleted, and forgetting twice is fine', async () => {
    const shopper = await buildUser(app, { userType: 'consumer' });
    expect((await send('PUT', '/api/benefits/me', shopper, { uses: ['snap', 'wic_fmnp', 'senior_fmnp'] })).statusCode).toBe(200);
    expect(await rowOf(shopper.id)).toHaveLength(1);

    const forgotten = await send('DELETE', '/api/benefits/me', shopper);
    expect(forgotten.statusCode, forgotten.body).toBe(200);
    expect(forgotten.json()).toEqual({ message: 'Your saved benefits are forgotten' });
    expect(await rowOf(shopper.id)).toEqual([]);
    expect(await readUses(shopper)).toEqual([]);

    const again = await send('DELETE', '/api/benefits/me', shopper);
    expect(again.statusCode, again.body).toBe(200);
  });

  it('belongs to its user alone: another shopper, a producer and an admin each read only their own, and no route takes an id', async () => {
    const shopper = await buildUser(app, { userType: 'consumer' });
    const other = await buildUser(app, { userType: 'consumer' });
    const producer = await buildUser(app, { userType: 'producer' });
    const admin = await buildUser(app, { userType: 'admin' });
    expect((await send('PUT', '/api/benefits/me', shopper, { uses: ['snap'] })).statusCode).toBe(200);

    for (const someone of [other, producer, admin]) expect(await readUses(someone)).toEqual([]);
    // Forgetting one's own leaves the shopper's in place.
    expect((await send('DELETE', '/api/benefits/me', other)).statusCode).toBe(200);
    expect(await readUses(shopper)).toEqual(['snap']);

    // The only documented routes to saved benefits are the caller's own, with no id to change.
    const routes = apiOperations(app).filter((operation) => operation.path.startsWith('/api/benefits/me'));
    expect(routes.map((operation) => `${operation.method} ${operation.path} ${operation.params.length}`).sort()).toEqual([
      'DELETE /api/benefits/me 0',
      'GET /api/benefits/me 0',
      'PUT /api/benefits/me 0',
    ]);
    for (const url of [`/api/benefits/me/${shopper.id}`, `/api/benefits/users/${shopper.id}`]) {
      const response = await send('GET', url, admin);
      expect(response.statusCode, url).toBe(404);
    }
    // The admin's benefits pages are about farms only.
    for (const url of ['/api/admin/benefits?status=none', '/api/admin/benefits/totals?month=2030-06']) {
      const response = await send('GET', url, admin);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body).not.toContain('"uses"');
    }

    // A guest is asked to sign in.
    const guest = await send('GET', '/api/benefits/me', null);
    expect(guest.statusCode).toBe(401);
    expect(guest.json().message).toBe('Please sign in to see the benefits you saved');
    expect((await send('PUT', '/api/benefits/me', null, { uses: ['snap'] })).statusCode).toBe(401);
    expect((await send('DELETE', '/api/benefits/me', null)).statusCode).toBe(401);
  });

  it('refuses what is not a list of at most three different benefits, with a message a person can act on', async () => {
    const shopper = await buildUser(app, { userType: 'consumer' });
    const refused: [unknown, string][] = [
      [{ uses: ['ebt'] }, 'Each benefit must be one of: snap, wic_fmnp, senior_fmnp'],
      [{ uses: ['snap', 'snap'] }, 'Choose each benefit once (uses)'],
      [{ uses: ['snap', 'wic_fmnp', 'senior_fmnp', 'snap'] }, 'Choose at most 3 benefits (uses)'],
      [{ uses: 'snap' }, 'Uses must be a list of benefits (snap, wic_fmnp, senior_fmnp)'],
      [{ uses: [1] }, 'Each benefit must be one of: snap, wic_fmnp, senior_fmnp'],
    ];
    for (const [payload, message] of refused) {
      const response = await send('PUT', '/api/benefits/me', shopper, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message, JSON.stringify(payload)).toBe(message);
    }
    const empty = await send('PUT', '/api/benefits/me', shopper, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Uses must be a list of benefits (snap, wic_fmnp, senior_fmnp)');
    const extra = await send('PUT', '/api/benefits/me', shopper, { uses: ['snap'], farm: 7 });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toContain('Unknown field: farm');
    // Nothing was saved by the refused requests.
    expect(await rowOf(shopper.id)).toEqual([]);
  });

  it('never reaches the farm: what a producer reads of an order is the same before and after the shopper saves benefits', async () => {
    const farm = await setUpMarket(app);
    const productId = await eggs(app, farm, { stockQuantity: 20 });
    const shopper = await buildUser(app, { userType: 'consumer' });
    const placed = await placeOrder(app, shopper, orderPayload(farm, [{ productId, quantity: 2 }]));
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId: number = placed.json().order.id;
    expect((await move(app, farm, orderId, 'accepted')).statusCode).toBe(200);

    const farmReads = async () => {
      const bodies: string[] = [];
      for (const url of [`/api/orders/${orderId}`, '/api/orders/received', `/api/benefits/orders/${orderId}`]) {
        const response = await app.inject({ method: 'GET', url, headers: bearer(farm) });
        expect(response.statusCode, `${url} ${response.body}`).toBe(200);
        bodies.push(response.body);
      }
      return bodies;
    };
    const before = await farmReads();
    expect((await send('PUT', '/api/benefits/me', shopper, { uses: ['snap', 'wic_fmnp', 'senior_fmnp'] })).statusCode).toBe(200);
    const after = await farmReads();

    expect(after).toEqual(before);
    for (const body of after) {
      expect(body).not.toContain('"uses"');
      expect(body).not.toContain('Senior FMNP');
    }
    // The shopper still has them.
    expect(await readUses(shopper)).toEqual(['snap', 'wic_fmnp', 'senior_fmnp']);
  });

  it('goes with the account: deleting the user deletes the row', async () => {
    const shopper = await buildUser(app, { userType: 'consumer' });
    expect((await send('PUT', '/api/benefits/me', shopper, { uses: ['snap'] })).statusCode).toBe(200);
    await app.ctx.db.delete(users).where(eq(users.id, shopper.id));
    expect(await rowOf(shopper.id)).toEqual([]);
  });
});
