import { DEFAULT_SETTINGS } from '@farmstand/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildProducer, buildProduct, type TestProducer } from '../../test/listing-factories';
import { buildTestApp, type TestApp } from '../../test/test-app';

let app: TestApp;
let consumer: TestUser;
let admin: TestUser;
let producer: TestProducer;
let other: TestProducer;
let honeyId: number;
let eggsId: number;

beforeAll(async () => {
  app = await buildTestApp();
  consumer = await buildUser(app, { userType: 'consumer' });
  admin = await buildUser(app, { userType: 'admin' });
  producer = await buildProducer(app, { farmName: 'Bluegrass Apiaries' });
  other = await buildProducer(app, { farmName: 'Other Farm' });
  honeyId = await buildProduct(app, producer, { name: 'Honey', category: 'honey' });
  eggsId = await buildProduct(app, other, { name: 'Eggs', category: 'eggs' });
});
afterAll(async () => app.closeAll());

const track = (payload: object, user?: { token: string }) =>
  app.inject({ method: 'POST', url: '/api/analytics/track', payload, headers: user ? bearer(user) : {} });
const get = (url: string, user?: { token: string }) => app.inject({ method: 'GET', url, headers: user ? bearer(user) : {} });
const storedEvents = () => app.ctx.db.query.analyticsEvents.findMany({ orderBy: (e, { asc }) => asc(e.id) });

describe('POST /api/analytics/track', () => {
  it('stores a guest event with its session id and no user', async () => {
    const sent = await track({
      eventType: 'page_view',
      metadata: { page: '/', sessionId: 's-guest', timestamp: new Date().toISOString() },
    });
    expect(sent.statusCode).toBe(204);
    const last = (await storedEvents()).at(-1);
    expect(last).toMatchObject({ eventType: 'page_view', userId: null, sessionId: 's-guest', metadata: { page: '/' } });
  });

  it('attaches the user when a valid token is sent and ignores a bad token', async () => {
    expect((await track({ eventType: 'user_login', metadata: { userType: 'consumer' } }, consumer)).statusCode).toBe(204);
    expect((await storedEvents()).at(-1)).toMatchObject({ eventType: 'user_login', userId: consumer.id });
    expect((await track({ eventType: 'page_view', metadata: {} }, { token: 'not-a-token' })).statusCode).toBe(204);
    expect((await storedEvents()).at(-1)).toMatchObject({ eventType: 'page_view', userId: null });
  });

  it('refuses unknown event types, unknown fields and oversize metadata with 400', async () => {
    expect((await track({ eventType: 'hacked', metadata: {} })).statusCode).toBe(400);
    expect((await track({ eventType: 'page_view', metadata: { ip: '1.2.3.4' } })).statusCode).toBe(400);
    expect((await track({ eventType: 'page_view', metadata: { page: 'x'.repeat(600) } })).statusCode).toBe(400);
    const filters = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${i}`, 'y'.repeat(150)]));
    const oversize = await track({ eventType: 'search_performed', metadata: { filters } });
    expect(oversize.statusCode).toBe(400);
    expect(oversize.json().message).toMatch(/metadata/);
  });

  it('accepts and drops events while analytics is turned off', async () => {
    const before = (await storedEvents()).length;
    await app.ctx.settings.set('features', { ...DEFAULT_SETTINGS.features, enable_analytics: false });
    try {
      expect((await track({ eventType: 'page_view', metadata: {} })).statusCode).toBe(204);
      expect((await storedEvents()).length).toBe(before);
    } finally {
      await app.ctx.settings.set('features', DEFAULT_SETTINGS.features);
    }
  });
});

describe('reading analytics', () => {
  beforeAll(async () => {
    const mine = { producerId: producer.id, producerName: 'Bluegrass Apiaries' };
    for (const payload of [
      { eventType: 'producer_view', metadata: mine },
      { eventType: 'producer_view', metadata: mine },
      { eventType: 'producer_view', metadata: { producerId: other.id } },
      { eventType: 'product_view', metadata: { ...mine, productId: honeyId, productName: 'Honey' } },
      { eventType: 'product_view', metadata: { productId: honeyId } },
      { eventType: 'product_view', metadata: { productId: eggsId, producerId: other.id } },
      { eventType: 'product_inquiry', metadata: { ...mine, productId: honeyId } },
      { eventType: 'producer_contact', metadata: mine },
      { eventType: 'message_sent', metadata: { recipientId: producer.id, messageLength: 12 } },
      { eventType: 'message_sent', metadata: { recipientId: other.id, messageLength: 12 } },
      { eventType: 'producer_favorite', metadata: { ...mine, action: 'add' } },
      { eventType: 'producer_favorite', metadata: { ...mine, action: 'remove' } },
      { eventType: 'search_performed', metadata: { searchQuery: 'Honey ' } },
      { eventType: 'search_performed', metadata: { searchQuery: 'honey' } },
      { eventType: 'search_performed', metadata: { searchQuery: 'eggs' } },
    ]) {
      expect((await track(payload)).statusCode).toBe(204);
    }
  });

  it('gives a producer their own figures by day, and admins any producer', async () => {
    const response = await get(`/api/analytics/producer/${producer.id}?days=7`, producer);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.totals).toEqual({ farmViews: 2, productViews: 2, contacts: 2, inquiries: 1, favorites: 1 });
    expect(body.products).toEqual([{ productId: honeyId, productName: 'Honey', views: 2 }]);
    expect(body.daily).toHaveLength(7);
    expect(body.daily.at(-1)).toMatchObject({ date: new Date().toISOString().slice(0, 10), farmViews: 2 });
    expect((await get(`/api/analytics/producer/${producer.id}`, admin)).json().days).toBe(30);
  });

  it('refuses guests, consumers and other producers the producer figures', async () => {
    expect((await get(`/api/analytics/producer/${producer.id}`)).statusCode).toBe(401);
    expect((await get(`/api/analytics/producer/${producer.id}`, consumer)).statusCode).toBe(403);
    expect((await get(`/api/analytics/producer/${producer.id}`, other)).statusCode).toBe(403);
    expect((await get(`/api/analytics/producer/${producer.id}?days=0`, producer)).statusCode).toBe(400);
  });

  it('gives admins popular products, search trends, engagement and the dashboard', async () => {
    const popular = (await get('/api/analytics/popular-products?limit=1', admin)).json();
    expect(popular.products).toEqual([{ productId: honeyId, productName: 'Honey', views: 2 }]);
    const trends = (await get('/api/analytics/search-trends?days=7', admin)).json();
    expect(trends.searches).toEqual([
      { query: 'honey', count: 2 },
      { query: 'eggs', count: 1 },
    ]);
    const engagement = (await get('/api/analytics/engagement', admin)).json();
    expect(engagement.byEventType).toContainEqual({ eventType: 'producer_view', count: 3 });
    expect(engagement.uniqueUsers).toBe(1);
    const dashboard = (await get('/api/analytics/dashboard?days=3', admin)).json();
    expect(dashboard.daily).toHaveLength(3);
    expect(dashboard.daily.at(-1).count).toBe(dashboard.totalEvents);
  });

  it('keeps the site-wide reports for admins', async () => {
    for (const path of ['popular-products', 'search-trends', 'engagement', 'dashboard']) {
      expect((await get(`/api/analytics/${path}`)).statusCode).toBe(401);
      expect((await get(`/api/analytics/${path}`, producer)).statusCode).toBe(403);
      expect((await get(`/api/analytics/${path}`, consumer)).statusCode).toBe(403);
    }
  });
});
