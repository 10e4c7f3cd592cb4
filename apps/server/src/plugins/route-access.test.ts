import { TEXTS } from '@farmstand/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildUser, type TestUser } from '../test/factories';
import { buildTestApp, type TestApp } from '../test/test-app';

let app: TestApp;
let consumer: TestUser;
let producer: TestUser;
let admin: TestUser;
let unverified: TestUser;

beforeAll(async () => {
  app = await buildTestApp();
  [consumer, producer, admin, unverified] = await Promise.all([
    buildUser(app, { userType: 'consumer' }),
    buildUser(app, { userType: 'producer' }),
    buildUser(app, { userType: 'admin' }),
    buildUser(app, { userType: 'consumer', emailVerified: false }),
  ]);
});
afterAll(() => app.closeAll());

const malformed = (url: string, method: 'POST' | 'PUT', user?: TestUser) =>
  app.inject({
    method,
    url,
    headers: { 'content-type': 'application/json', ...(user ? bearer(user) : {}) },
    payload: '{"this is": not json',
  });

/** Who may call is decided before what was sent is looked at. */
describe('config.access is checked before the body is parsed or validated', () => {
  it('answers a guest 401 on admin and producer write routes, even with a malformed body', async () => {
    for (const [method, url] of [
      ['PUT', '/api/admin/settings/general'],
      ['PUT', '/api/admin/users/1/status'],
      ['POST', '/api/products'],
      ['PUT', '/api/producers/me'],
      ['POST', '/api/stripe/admin/grant-subscription'],
    ] as const) {
      const response = await malformed(url, method);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().message).toBe('Please sign in to continue');
    }
  });

  it('answers a wrong role 403 with the route’s own text before validation', async () => {
    const product = await malformed('/api/products', 'POST', consumer);
    expect(product.statusCode).toBe(403);
    expect(product.json().message).toBe('Only producer accounts can manage products');
    const settings = await malformed('/api/admin/settings/general', 'PUT', producer);
    expect(settings.statusCode).toBe(403);
    expect(settings.json().message).toBe('Only admin accounts can do this');
  });

  it('lets the right role reach validation', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/products', headers: bearer(producer), payload: {} });
    expect(response.statusCode).toBe(400);
    const settings = await malformed('/api/admin/settings/general', 'PUT', admin);
    expect(settings.statusCode).toBe(400);
  });

  it('says the session expired for a token that no longer works', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/messages/conversations',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Your session has expired. Please sign in again.');
  });

  it('keeps the route texts for guests and roles (favorites, inquiries)', async () => {
    const guest = await app.inject({ method: 'GET', url: '/api/favorites' });
    expect(guest.json().message).toBe(TEXTS.favoritesSignIn);
    const asProducer = await app.inject({ method: 'GET', url: '/api/favorites', headers: bearer(producer) });
    expect(asProducer.statusCode).toBe(403);
    expect(asProducer.json().message).toBe(TEXTS.producersCannotFavorite);
    const inquiry = await app.inject({ method: 'POST', url: '/api/orders/inquire', payload: 'x' });
    expect(inquiry.statusCode).toBe(401);
    expect(inquiry.json().message).toBe(TEXTS.inquiryLoginRequired);
  });

  it('refuses unverified accounts where verification is required, except on routes that allow them', async () => {
    await app.ctx.settings.set('security', {
      ...(await app.ctx.settings.get('security')),
      require_email_verification: true,
    });
    try {
      const refused = await app.inject({ method: 'GET', url: '/api/messages/conversations', headers: bearer(unverified) });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(TEXTS.emailNotVerified);
      const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(unverified) });
      expect(me.statusCode).toBe(200);
    } finally {
      await app.ctx.settings.set('security', {
        ...(await app.ctx.settings.get('security')),
        require_email_verification: false,
      });
    }
  });
});
