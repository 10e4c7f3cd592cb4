import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildUser, TEST_PASSWORD, type TestUser } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/test-app';

describe('GET /api/site tells public settings without secrets; maintenance mode shuts out non-admins', () => {
  let app: TestApp;
  let admin: TestUser;
  let consumer: TestUser;
  let producer: TestUser;
  beforeAll(async () => {
    app = await buildTestApp();
    admin = await buildUser(app, { userType: 'admin' });
    consumer = await buildUser(app, { userType: 'consumer' });
    producer = await buildUser(app, { userType: 'producer' });
  });
  afterAll(() => app.closeAll());

  const saveSettings = (key: string, body: object) =>
    app.inject({ method: 'PUT', url: `/api/admin/settings/${key}`, headers: bearer(admin), payload: body });
  const signIn = (user: TestUser) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: TEST_PASSWORD } });

  it('tells anyone the site name, contact details, features and limits, and no secret', async () => {
    expect((await saveSettings('general', { site_name: 'Bluegrass Market', support_phone: '(859) 555-0100' })).statusCode).toBe(
      200,
    );
    expect((await saveSettings('features', { max_products_per_producer: 12 })).statusCode).toBe(200);
    const res = await app.inject({ url: '/api/site' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toMatchObject({
      site_name: 'Bluegrass Market',
      support_phone: '(859) 555-0100',
      contact_email: 'support@farmstand.local',
      maintenance: { enabled: false },
      limits: { max_products_per_producer: 12, max_images_per_product: 5 },
    });
    expect(JSON.stringify(res.json())).not.toMatch(/secret|smtp|stripe/i);
  });

  it('in maintenance mode: non-admins get 503 with the message everywhere, admins work, sign-in is refused to non-admins', async () => {
    const message = 'Farmstand is getting new shelves. Back at noon!';
    expect((await saveSettings('maintenance', { maintenance_mode: true, maintenance_message: message })).statusCode).toBe(200);

    const site = await app.inject({ url: '/api/site' });
    expect(site.statusCode).toBe(200);
    expect(site.json().maintenance).toEqual({ enabled: true, message });

    for (const user of [undefined, consumer, producer]) {
      const res = await app.inject({ url: '/api/search/products', headers: user ? bearer(user) : {} });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message });
    }
    // Signed-in routes too: a guest is told about the maintenance, not asked to sign in, and a body
    // is not validated for someone who is turned away.
    for (const [method, url] of [
      ['GET', '/api/favorites'],
      ['GET', '/api/messages/conversations'],
      ['POST', '/api/products'],
      ['GET', '/api/admin/users'],
      ['POST', '/api/auth/register'],
    ] as const) {
      for (const user of [undefined, consumer, producer]) {
        const res = await app.inject({
          method,
          url,
          headers: user ? bearer(user) : {},
          payload: method === 'POST' ? {} : undefined,
        });
        expect(res.statusCode, `${method} ${url} as ${user?.userType ?? 'guest'}`).toBe(503);
        expect(res.json()).toEqual({ message });
      }
    }
    for (const user of [consumer, producer]) {
      const login = await signIn(user);
      expect(login.statusCode).toBe(503);
      expect(login.json()).toEqual({ message });
      expect(login.body).not.toContain('token');
    }
    // A wrong password is still just a wrong password.
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: consumer.email, password: 'nope-nope-nope' },
    });
    expect(wrong.statusCode).toBe(401);

    const adminLogin = await signIn(admin);
    expect(adminLogin.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/search/products', headers: bearer(admin) })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/admin/users', headers: bearer(admin) })).statusCode).toBe(200);

    expect((await saveSettings('maintenance', { maintenance_mode: false })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/search/products' })).statusCode).toBe(200);
    expect((await signIn(consumer)).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/site' })).json().maintenance.enabled).toBe(false);
  });
});
