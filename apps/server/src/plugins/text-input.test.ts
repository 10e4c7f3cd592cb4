import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildUser, type TestUser } from '../test/factories';
import { buildProducer, buildProduct } from '../test/producer-factories';
import { buildTestApp, type TestApp } from '../test/test-app';

/** A NUL or a lone surrogate in any text once reached PostgreSQL and came back as 500. */
describe('the one input rule for text (no NUL, no unpaired surrogate)', () => {
  let app: TestApp;
  let consumer: TestUser;
  let producer: TestUser;
  let admin: TestUser;
  let productId: number;
  let conversationId: number;

  beforeAll(async () => {
    app = await buildTestApp();
    [consumer, admin, producer] = await Promise.all([buildUser(app), buildUser(app, { userType: 'admin' }), buildProducer(app)]);
    productId = await buildProduct(app, producer);
    const started = await app.inject({
      method: 'POST',
      url: '/api/messages/conversations',
      headers: bearer(consumer),
      payload: { recipientId: producer.id, content: 'Hello' },
    });
    expect(started.statusCode).toBe(201);
    conversationId = started.json().conversationId;
  });
  afterAll(() => app.closeAll());

  const expectRefused = (response: { statusCode: number; json: () => { message: string } }, field: RegExp) => {
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(field);
    expect(response.json().message).toMatch(/not allowed/);
  };

  it('refuses a NUL in a message with 400 naming the field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/messages/conversations/${conversationId}/messages`,
      headers: bearer(consumer),
      payload: { content: 'a\u0000b' },
    });
    expectRefused(response, /^Content /);
  });

  it('refuses %00 in a guest search query', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/search/products?search=%00' });
    expectRefused(response, /^Search /);
  });

  it('refuses a NUL in a path parameter', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/admin/settings/gen%00eral', headers: bearer(admin) });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a lone surrogate in admin reason and notes', async () => {
    const moderate = await app.inject({
      method: 'PUT',
      url: `/api/admin/products/${productId}/moderate`,
      // JSON.stringify escapes the lone surrogate (\ud800), exactly as a browser client sends it.
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      payload: JSON.stringify({ action: 'remove', reason: 'spam \ud800' }),
    });
    expectRefused(moderate, /^Reason /);
    const verify = await app.inject({
      method: 'PUT',
      url: `/api/admin/producers/${producer.id}/verify`,
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      payload: '{"action":"approve","notes":"ok \\udc00"}',
    });
    expectRefused(verify, /^Notes /);
  });

  it('refuses a lone surrogate in PUT /api/admin/settings/general, in a value or a key', async () => {
    const value = await app.inject({
      method: 'PUT',
      url: '/api/admin/settings/general',
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      payload: '{"site_name":"Farm\\ud800stand"}',
    });
    expectRefused(value, /^Site name /);
    const key = await app.inject({
      method: 'PUT',
      url: '/api/admin/settings/general',
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      payload: '{"a\\u0000":"x"}',
    });
    expect(key.statusCode).toBe(400);
  });

  it('keeps real emoji and other astral characters (paired surrogates)', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/messages/conversations/${conversationId}/messages`,
      headers: bearer(consumer),
      payload: { content: 'Fresh eggs 🥚 and 𝄞' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().message.content).toBe('Fresh eggs 🥚 and 𝄞');
  });

  it('takes prototype keys as plain (unknown) field names: 400, never 500', async () => {
    // "constructor" once looked up Object.prototype.constructor as a field label and failed the error handler.
    for (const payload of ['{"constructor":"x","farm_name":1}', '{"__proto__":{"isAdmin":true}}', '{"toString":null}']) {
      const response = await app.inject({
        method: 'PUT',
        url: '/api/producers/me',
        headers: { ...bearer(producer), 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });
});
