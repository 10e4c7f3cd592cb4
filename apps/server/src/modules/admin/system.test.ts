import { stat } from 'node:fs/promises';
import path from 'node:path';
import { SECRET_MASK } from '@farmstand/shared/schemas/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogs, favorites, inquiries, orderItems, orders, payments } from '../../db/schema';
import { readBackupFile } from '../../lib/backup-file';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildProducer, buildProduct, type TestProducer } from '../../test/listing-factories';
import { buildTestApp, type TestApp } from '../../test/test-app';

let app: TestApp;
let admin: TestUser;
let consumer: TestUser;
let producer: TestProducer;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await buildUser(app, { userType: 'admin' });
  consumer = await buildUser(app, { userType: 'consumer' });
  producer = await buildProducer(app, { farmName: 'Top Farm', city: 'Berea', state: 'KY' });
  await buildProducer(app, { farmName: 'Ohio Farm', city: 'Cincinnati', state: 'OH' });
  const productId = await buildProduct(app, producer, { name: 'Duck Eggs', category: 'eggs' });
  await app.ctx.db
    .insert(inquiries)
    .values({ productId, customerId: consumer.id, producerUserId: producer.id, message: 'Two dozen please' });
  // The order numbers come from reservations, not from inquiries.
  const [order] = await app.ctx.db
    .insert(orders)
    .values({
      customerId: consumer.id,
      producerUserId: producer.id,
      pointKind: 'farm',
      pointName: 'Farm stand',
      windowStart: new Date(Date.now() + 86_400_000),
      windowEnd: new Date(Date.now() + 90_000_000),
      windowDate: '2030-01-01',
      cutoffAt: new Date(Date.now() + 3_600_000),
      shopperName: 'Dana',
      subtotalCents: 1000,
      totalCents: 1000,
      expiresAt: new Date(Date.now() + 48 * 3_600_000),
    })
    .returning();
  await app.ctx.db
    .insert(orderItems)
    .values({ orderId: order.id, productId, productName: 'Duck Eggs', unitPriceCents: 500, quantity: 2 });
  await app.ctx.db.insert(favorites).values({ userId: consumer.id, producerUserId: producer.id });
  await app.ctx.db.insert(payments).values({ userId: producer.id, amountCents: 10000, planType: 'annual' });
});
afterAll(async () => app.closeAll());

type Call = { method: 'GET' | 'PUT' | 'POST'; url: string; user?: { token: string }; body?: object };
const call = ({ method, url, user, body }: Call) =>
  app.inject({ method, url, headers: user ? bearer(user) : {}, ...(body ? { payload: body } : {}) });
const lastLog = async () => (await app.ctx.db.select().from(adminLogs)).sort((a, b) => b.id - a.id)[0];

describe('admin system calls', () => {
  it('are admin-only', async () => {
    const calls: Call[] = [
      { method: 'GET', url: '/api/admin/settings' },
      { method: 'PUT', url: '/api/admin/settings/general', body: { site_name: 'X' } },
      { method: 'POST', url: '/api/admin/maintenance/backup' },
      { method: 'POST', url: '/api/admin/maintenance/clear-cache' },
      { method: 'GET', url: '/api/admin/analytics' },
    ];
    for (const c of calls) {
      expect((await call(c)).statusCode, c.url).toBe(401);
      expect((await call({ ...c, user: consumer })).statusCode, c.url).toBe(403);
    }
  });
});

describe('settings', () => {
  it('returns every section with defaults and masks secrets that are set', async () => {
    await call({ method: 'PUT', url: '/api/admin/settings/email', user: admin, body: { smtp_password: 'hunter22' } });
    const res = (await call({ method: 'GET', url: '/api/admin/settings', user: admin })).json();
    expect(Object.keys(res.settings).sort()).toEqual(['email', 'features', 'general', 'maintenance', 'payment', 'security']);
    expect(res.settings.payment.monthly_price).toBe(10);
    expect(res.settings.payment.stripe_secret_key).toBe('');
    expect(res.settings.email.smtp_password).toBe(SECRET_MASK);
  });

  it('saves a section, keeps a secret sent back masked, and logs it', async () => {
    const res = await call({
      method: 'PUT',
      url: '/api/admin/settings/email',
      user: admin,
      body: { smtp_host: 'smtp.example.com', smtp_password: SECRET_MASK },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Settings saved successfully');
    const email = await app.ctx.settings.get('email');
    expect(email).toMatchObject({ smtp_host: 'smtp.example.com', smtp_password: 'hunter22' });
    expect(await lastLog()).toMatchObject({
      action: 'update_settings',
      targetType: 'settings',
      targetId: 'email',
      details: { fields: ['smtp_host'] },
    });
  });

  it('enforces the bounds of spec 02 §5 and refuses unknown sections', async () => {
    const cases: [string, object, string][] = [
      ['security', { password_min_length: 5 }, 'Password min length'],
      ['security', { session_timeout: 31 }, 'Session timeout'],
      ['security', { max_login_attempts: 11 }, 'Max login attempts'],
      ['features', { max_products_per_producer: 101 }, 'Max products per producer'],
      ['features', { max_images_per_product: 0 }, 'Max images per product'],
      ['maintenance', { log_retention_days: 6 }, 'Log retention (days)'],
      ['maintenance', { backup_frequency: 'hourly' }, 'Backup frequency'],
      ['general', { currency: 'GBP' }, 'Currency'],
      ['general', { timezone: 'Europe/London' }, 'Timezone'],
    ];
    for (const [key, body, field] of cases) {
      const res = await call({ method: 'PUT', url: `/api/admin/settings/${key}`, user: admin, body });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().message).toContain(field);
    }
    const worded = await call({
      method: 'PUT',
      url: '/api/admin/settings/security',
      user: admin,
      body: { password_min_length: 5 },
    });
    expect(worded.json().message).toBe('Password min length must be at least 6');
    expect((await call({ method: 'PUT', url: '/api/admin/settings/secrets', user: admin, body: {} })).statusCode).toBe(400);
    const ok = await call({ method: 'PUT', url: '/api/admin/settings/security', user: admin, body: { password_min_length: 32 } });
    expect(ok.statusCode).toBe(200);
  });
});

describe('maintenance', () => {
  it('writes a restorable backup (owner-only file, password hashes kept so sign-ins restore), logged', async () => {
    const res = await call({ method: 'POST', url: '/api/admin/maintenance/backup', user: admin });
    expect(res.statusCode).toBe(200);
    const { file, message } = res.json();
    expect(message).toBe('Backup started successfully');
    const location = path.join(app.ctx.config.dataDir, 'backups', file);
    expect((await stat(location)).mode & 0o777).toBe(0o600);
    const backup = await readBackupFile(location);
    expect(backup.tables.users.length).toBeGreaterThanOrEqual(3);
    expect(String(backup.tables.users[0].password_hash)).toMatch(/^\$argon2id\$/);
    expect(backup.tables.auth_tokens).toBeUndefined();
    expect(backup.tables.products[0].name).toBe('Duck Eggs');
    expect(await lastLog()).toMatchObject({ action: 'backup', targetType: 'system', targetId: file });
  });

  it('clears the caches, logged', async () => {
    const res = await call({ method: 'POST', url: '/api/admin/maintenance/clear-cache', user: admin });
    expect(res.json().message).toBe('Cache cleared successfully');
    expect((await lastLog())?.action).toBe('clear_cache');
  });
});

describe('analytics', () => {
  it('gives real figures for the period', async () => {
    const res = await call({ method: 'GET', url: '/api/admin/analytics?timeRange=7d', user: admin });
    expect(res.statusCode).toBe(200);
    const a = res.json();
    expect(a.metrics).toMatchObject({
      total_revenue: 100,
      revenue_change: 100,
      total_orders: 1,
      order_growth: 100,
      active_users: 1,
      conversion_rate: 100,
    });
    expect(a.top_producers[0]).toEqual({ id: producer.id, farm_name: 'Top Farm', inquiries: 1, favorites: 1 });
    expect(a.top_products[0]).toMatchObject({ name: 'Duck Eggs', orders: 1, inquiries: 1 });
    expect(a.recent_activity.length).toBeGreaterThan(0);
    expect(a.geographic_data).toEqual(expect.arrayContaining([{ city: 'Berea', state: 'KY', users: 1, percentage: 50 }]));
    expect(a.user_segments).toContainEqual({ name: 'Producers', count: 2, percentage: 50 });
    expect(a.charts.users.reduce((s: number, p: { value: number }) => s + p.value, 0)).toBe(4);
    // Every day of the week is a bucket (8 counting today's partial one); days without payments are zeros.
    expect(a.charts.revenue).toHaveLength(8);
    expect(a.charts.revenue.filter((p: { value: number }) => p.value > 0)).toEqual([expect.objectContaining({ value: 100 })]);
    expect(a.charts.engagement).toHaveLength(8);
    expect(a.platform_health.db_performance).toBeGreaterThanOrEqual(0);
    for (const [range, buckets] of [
      ['30d', [31, 31]],
      ['90d', [13, 14]],
      ['1y', [13, 13]],
    ] as const) {
      const other = await call({ method: 'GET', url: `/api/admin/analytics?timeRange=${range}`, user: admin });
      expect(other.statusCode).toBe(200);
      expect(other.json().charts.users.length).toBeGreaterThanOrEqual(buckets[0]);
      expect(other.json().charts.users.length).toBeLessThanOrEqual(buckets[1]);
    }
    expect((await call({ method: 'GET', url: '/api/admin/analytics?timeRange=2w', user: admin })).statusCode).toBe(400);
  });
});
