import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogs, payments, products, reviews, users } from '../../db/schema';
import { bearer, buildUser, TEST_PASSWORD, type TestUser } from '../../test/factories';
import { buildProducer, buildProduct, type TestProducer } from '../../test/listing-factories';
import { buildTestApp, type TestApp } from '../../test/test-app';

let app: TestApp;
let admin: TestUser;
let consumer: TestUser;
let producer: TestProducer;
let productId: number;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await buildUser(app, { userType: 'admin' });
  consumer = await buildUser(app, { userType: 'consumer', email: 'shopper@example.com' });
  producer = await buildProducer(app, { farmName: 'Bluegrass Hollow' });
  productId = await buildProduct(app, producer, { name: 'Sorghum Syrup', category: 'preserved_foods' });
  await app.ctx.db.insert(payments).values({ userId: producer.id, amountCents: 1000, planType: 'monthly' });
  await app.ctx.db.insert(reviews).values({ reviewerId: consumer.id, productId, rating: 4, content: 'Rich and dark' });
});
afterAll(async () => app.closeAll());

type Call = { method: 'GET' | 'PUT'; url: string; user?: { token: string }; body?: object };
const call = ({ method, url, user, body }: Call) =>
  app.inject({ method, url, headers: user ? bearer(user) : {}, ...(body ? { payload: body } : {}) });

const lastLog = async () => {
  const rows = await app.ctx.db.select().from(adminLogs);
  return rows.sort((a, b) => b.id - a.id)[0];
};

describe('admin access', () => {
  const reads = ['/dashboard', '/users', '/products', '/reviews', '/logs', '/health'];
  const writes: Call[] = [
    { method: 'PUT', url: '/api/admin/users/1/status', body: { action: 'suspend' } },
    { method: 'PUT', url: '/api/admin/users/1/type', body: { newType: 'producer' } },
    { method: 'PUT', url: '/api/admin/products/1/moderate', body: { action: 'remove' } },
  ];

  it('answers 401 to guests and 403 to consumers and producers on every call', async () => {
    for (const call_ of [...reads.map((p): Call => ({ method: 'GET', url: `/api/admin${p}` })), ...writes]) {
      expect((await call(call_)).statusCode, call_.url).toBe(401);
      expect((await call({ ...call_, user: consumer })).statusCode, call_.url).toBe(403);
      expect((await call({ ...call_, user: producer })).statusCode, call_.url).toBe(403);
    }
  });
});

describe('admin reads', () => {
  it('gives the dashboard figures from the tables', async () => {
    const res = await call({ method: 'GET', url: '/api/admin/dashboard', user: admin });
    expect(res.statusCode).toBe(200);
    const stats = res.json();
    expect(stats.users).toEqual({ total_users: 3, new_users_30d: 3, total_producers: 1 });
    expect(stats.products).toEqual({ total_products: 1, available_products: 1 });
    expect(stats.subscriptions.trial_subscriptions).toBe(1);
    expect(stats.orders).toEqual({ total_orders: 0, total_revenue: 10 });
    expect(stats.reviews).toEqual({ pending_reviews: 1, average_rating: null });
  });

  it('lists users with their farm name, searches and paginates', async () => {
    const all = (await call({ method: 'GET', url: '/api/admin/users', user: admin })).json();
    expect(all.pagination.total).toBe(3);
    const found = (await call({ method: 'GET', url: '/api/admin/users?search=bluegrass', user: admin })).json();
    expect(found.users).toHaveLength(1);
    expect(found.users[0]).toMatchObject({
      id: producer.id,
      farm_name: 'Bluegrass Hollow',
      user_type: 'producer',
      status: 'active',
    });
    const paged = (await call({ method: 'GET', url: '/api/admin/users?limit=2&page=2', user: admin })).json();
    expect(paged.users).toHaveLength(1);
    expect(paged.pagination).toEqual({ page: 2, limit: 2, total: 3 });
    expect((await call({ method: 'GET', url: '/api/admin/users?limit=500', user: admin })).statusCode).toBe(400);
  });

  it('lists products and pending reviews', async () => {
    const list = (await call({ method: 'GET', url: '/api/admin/products', user: admin })).json();
    expect(list.products[0]).toMatchObject({ id: productId, name: 'Sorghum Syrup', farm_name: 'Bluegrass Hollow' });
    const pending = (await call({ method: 'GET', url: '/api/admin/reviews', user: admin })).json();
    expect(pending.reviews).toEqual([
      expect.objectContaining({
        reviewer_email: 'shopper@example.com',
        rating: 4,
        comment: 'Rich and dark',
        reviewed_item_name: 'Sorghum Syrup',
      }),
    ]);
  });

  it('reports database size and server uptime', async () => {
    const health = (await call({ method: 'GET', url: '/api/admin/health', user: admin })).json();
    expect(health.database.status).toBe('healthy');
    expect(health.database.size_mb).toBeGreaterThan(0);
    expect(health.server).toEqual({ status: 'healthy', uptime: expect.any(Number) });
  });
});

describe('admin actions', () => {
  it('suspends a user, who can no longer sign in, then reactivates them; each step is logged', async () => {
    const target = await buildUser(app, { userType: 'consumer' });
    const res = await call({
      method: 'PUT',
      url: `/api/admin/users/${target.id}/status`,
      user: admin,
      body: { action: 'suspend' },
    });
    expect(res.statusCode).toBe(200);
    expect(await lastLog()).toMatchObject({
      adminId: admin.id,
      action: 'suspend_user',
      targetType: 'user',
      targetId: String(target.id),
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: target.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).not.toBe(200);
    expect((await call({ method: 'GET', url: '/api/auth/me', user: target })).statusCode).toBe(401);
    await call({ method: 'PUT', url: `/api/admin/users/${target.id}/status`, user: admin, body: { action: 'activate' } });
    expect((await lastLog())?.action).toBe('activate_user');
  });

  it('soft-deletes a user: the row stays with status deleted and leaves the list', async () => {
    const target = await buildUser(app, { userType: 'consumer' });
    const res = await call({
      method: 'PUT',
      url: `/api/admin/users/${target.id}/status`,
      user: admin,
      body: { action: 'delete' },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await app.ctx.db.select().from(users).where(eq(users.id, target.id));
    expect(row?.status).toBe('deleted');
    const list = (await call({ method: 'GET', url: `/api/admin/users?search=${target.email}`, user: admin })).json();
    expect(list.users).toEqual([]);
    expect((await lastLog())?.action).toBe('delete_user');
  });

  it('refuses an admin suspending or deleting themselves, bad actions and unknown users', async () => {
    for (const action of ['suspend', 'delete']) {
      const res = await call({ method: 'PUT', url: `/api/admin/users/${admin.id}/status`, user: admin, body: { action } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`You cannot ${action} your own account`);
    }
    const bad = await call({
      method: 'PUT',
      url: `/api/admin/users/${consumer.id}/status`,
      user: admin,
      body: { action: 'ban' },
    });
    expect(bad.statusCode).toBe(400);
    const missing = await call({
      method: 'PUT',
      url: '/api/admin/users/999999/status',
      user: admin,
      body: { action: 'suspend' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('changes a user type only to a different one, and logs it', async () => {
    const target = await buildUser(app, { userType: 'consumer' });
    const same = await call({
      method: 'PUT',
      url: `/api/admin/users/${target.id}/type`,
      user: admin,
      body: { newType: 'consumer' },
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('User is already a consumer');
    const res = await call({
      method: 'PUT',
      url: `/api/admin/users/${target.id}/type`,
      user: admin,
      body: { newType: 'producer' },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await app.ctx.db.select().from(users).where(eq(users.id, target.id));
    expect(row?.userType).toBe('producer');
    expect(await lastLog()).toMatchObject({
      action: 'change_user_type',
      targetId: String(target.id),
      details: { from: 'consumer', to: 'producer' },
    });
    const invalid = await call({
      method: 'PUT',
      url: `/api/admin/users/${target.id}/type`,
      user: admin,
      body: { newType: 'owner' },
    });
    expect(invalid.statusCode).toBe(400);
    const own = await call({
      method: 'PUT',
      url: `/api/admin/users/${admin.id}/type`,
      user: admin,
      body: { newType: 'consumer' },
    });
    expect(own.statusCode).toBe(400);
  });

  it('removes and restores a product with a reason, logged; the public can no longer see a removed one', async () => {
    const url = `/api/admin/products/${productId}/moderate`;
    const removed = await call({ method: 'PUT', url, user: admin, body: { action: 'remove', reason: 'Mislabelled' } });
    expect(removed.statusCode).toBe(200);
    const [row] = await app.ctx.db.select().from(products).where(eq(products.id, productId));
    expect(row?.moderationStatus).toBe('removed');
    expect(await lastLog()).toMatchObject({
      action: 'remove_product',
      targetType: 'product',
      details: { reason: 'Mislabelled' },
    });
    expect((await app.inject({ method: 'GET', url: `/api/products/${productId}` })).statusCode).toBe(404);
    await call({ method: 'PUT', url, user: admin, body: { action: 'restore' } });
    const [restored] = await app.ctx.db.select().from(products).where(eq(products.id, productId));
    expect(restored?.moderationStatus).toBe('approved');
    expect((await call({ method: 'PUT', url, user: admin, body: { action: 'hide' } })).statusCode).toBe(400);
    expect(
      (
        await call({
          method: 'PUT',
          url: '/api/admin/products/999999/moderate',
          user: admin,
          body: { action: 'remove', reason: 'Mislabelled' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('lists the admin log newest first with the admin e-mail', async () => {
    const res = (await call({ method: 'GET', url: '/api/admin/logs', user: admin })).json();
    expect(res.logs[0]).toMatchObject({
      admin_email: admin.email,
      action: 'restore_product',
      target_type: 'product',
      target_id: String(productId),
    });
    expect(res.pagination.total).toBeGreaterThanOrEqual(6);
  });
});
