import { DEFAULT_SETTINGS } from '@farmstand/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildProducer, buildProduct, type TestProducer } from '../../test/listing-factories';
import { buildTestApp, type TestApp } from '../../test/test-app';

let app: TestApp;
let consumer: TestUser;
let secondConsumer: TestUser;
let admin: TestUser;
let producer: TestProducer;
let otherProducer: TestProducer;
let productId: number;

beforeAll(async () => {
  app = await buildTestApp();
  consumer = await buildUser(app, { userType: 'consumer', email: 'reviewer@example.com' });
  secondConsumer = await buildUser(app, { userType: 'consumer' });
  admin = await buildUser(app, { userType: 'admin' });
  producer = await buildProducer(app, { farmName: 'Sunrise Acres' });
  otherProducer = await buildProducer(app, { farmName: 'Neighbour Farm' });
  productId = await buildProduct(app, producer, { name: 'Vegetable Box', category: 'produce' });
});
afterAll(async () => app.closeAll());

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; user?: { token: string }; body?: object };
const call = ({ method, url, user, body }: Call) =>
  app.inject({ method, url, headers: user ? bearer(user) : {}, ...(body ? { payload: body } : {}) });
const moderate = (id: number, action: 'approve' | 'reject', user: { token: string } = admin) =>
  call({
    method: 'PUT',
    url: `/api/admin/reviews/${id}/moderate`,
    user,
    body: action === 'reject' ? { action, reason: 'Not about the product' } : { action },
  });

describe('reviews', () => {
  let reviewId: number;

  it('creates a pending review that only its author sees until an admin approves it', async () => {
    const created = await call({
      method: 'POST',
      url: '/api/reviews',
      user: consumer,
      body: { productId, rating: 5, title: 'Crisp and fresh', content: 'Best box in town.' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().review).toMatchObject({ status: 'pending', rating: 5, reviewed_item_name: 'Vegetable Box' });
    reviewId = created.json().review.id;

    const publicBefore = await call({ method: 'GET', url: `/api/reviews/product/${productId}` });
    expect(publicBefore.json()).toEqual({ reviews: [], average_rating: null, review_count: 0 });
    const mine = await call({ method: 'GET', url: '/api/reviews/my-reviews', user: consumer });
    expect(mine.json().reviews).toEqual([
      expect.objectContaining({ id: reviewId, status: 'pending', reviewer_email: 'reviewer@example.com' }),
    ]);

    expect((await moderate(reviewId, 'approve')).json().review.status).toBe('approved');
    const publicAfter = (await call({ method: 'GET', url: `/api/reviews/product/${productId}` })).json();
    expect(publicAfter.review_count).toBe(1);
    expect(publicAfter.average_rating).toBe(5);
    // The public sees a masked address, never the reviewer's e-mail.
    expect(publicAfter.reviews[0]).toMatchObject({ title: 'Crisp and fresh', reviewer_email: 'r***@example.com' });
    const received = await call({ method: 'GET', url: '/api/reviews/received', user: producer });
    expect(received.json().reviews.map((r: { id: number }) => r.id)).toEqual([reviewId]);
  });

  it('averages approved reviews only', async () => {
    const second = await call({
      method: 'POST',
      url: '/api/reviews',
      user: secondConsumer,
      body: { productId, rating: 2, content: 'Wilted lettuce.' },
    });
    expect(second.statusCode).toBe(201);
    let stats = (await call({ method: 'GET', url: `/api/reviews/product/${productId}` })).json();
    expect([stats.review_count, stats.average_rating]).toEqual([1, 5]);
    await moderate(second.json().review.id, 'approve');
    stats = (await call({ method: 'GET', url: `/api/reviews/product/${productId}` })).json();
    expect([stats.review_count, stats.average_rating]).toEqual([2, 3.5]);
    await moderate(second.json().review.id, 'reject');
    stats = (await call({ method: 'GET', url: `/api/reviews/product/${productId}` })).json();
    expect(stats.review_count).toBe(1);
  });

  it('allows one review per user per product or producer', async () => {
    const again = await call({
      method: 'POST',
      url: '/api/reviews',
      user: consumer,
      body: { productId, rating: 4, content: 'Again' },
    });
    expect(again.statusCode).toBe(409);
    const farm = { producerId: producer.id, rating: 4, content: 'Friendly farmers' };
    expect((await call({ method: 'POST', url: '/api/reviews', user: consumer, body: farm })).statusCode).toBe(201);
    expect((await call({ method: 'POST', url: '/api/reviews', user: consumer, body: farm })).statusCode).toBe(409);
    const pending = (await call({ method: 'GET', url: `/api/reviews/producer/${producer.id}` })).json();
    expect(pending.review_count).toBe(0);
  });

  it('refuses reviews of your own products or farm, by admins, by guests, and bad input', async () => {
    const own = await call({
      method: 'POST',
      url: '/api/reviews',
      user: producer,
      body: { productId, rating: 5, content: 'Mine!' },
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('Only shoppers can write reviews; farms cannot review other farms');
    const ownFarm = await call({
      method: 'POST',
      url: '/api/reviews',
      user: producer,
      body: { producerId: producer.id, rating: 5, content: 'Mine!' },
    });
    expect(ownFarm.statusCode).toBe(403);
    // A competing farm does not rate another farm or its products.
    const neighbour = await call({
      method: 'POST',
      url: '/api/reviews',
      user: otherProducer,
      body: { productId, rating: 1, content: 'Buy from us instead' },
    });
    expect(neighbour.statusCode).toBe(403);
    expect(neighbour.json().message).toBe('Only shoppers can write reviews; farms cannot review other farms');
    const neighbourFarm = await call({
      method: 'POST',
      url: '/api/reviews',
      user: otherProducer,
      body: { producerId: producer.id, rating: 1, content: 'Buy from us instead' },
    });
    expect(neighbourFarm.statusCode).toBe(403);
    expect(
      (await call({ method: 'POST', url: '/api/reviews', user: admin, body: { productId, rating: 4, content: 'x' } })).statusCode,
    ).toBe(403);
    expect((await call({ method: 'POST', url: '/api/reviews', body: { productId, rating: 4, content: 'x' } })).statusCode).toBe(
      401,
    );
    for (const body of [
      { productId, rating: 6, content: 'x' },
      { productId, rating: 0, content: 'x' },
      { productId, rating: 3, content: '   ' },
      { rating: 3, content: 'about nothing' },
      { productId, producerId: producer.id, rating: 3, content: 'both' },
    ]) {
      const response = await call({ method: 'POST', url: '/api/reviews', user: secondConsumer, body });
      expect(response.statusCode).toBe(400);
    }
    expect(
      (
        await call({
          method: 'POST',
          url: '/api/reviews',
          user: secondConsumer,
          body: { productId: 999999, rating: 3, content: 'x' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('lets only the author edit, the author or an admin delete; an author edit goes back to moderation', async () => {
    const stranger = await call({ method: 'PUT', url: `/api/reviews/${reviewId}`, user: secondConsumer, body: { rating: 1 } });
    expect(stranger.statusCode).toBe(403);
    expect((await call({ method: 'DELETE', url: `/api/reviews/${reviewId}`, user: producer })).statusCode).toBe(403);
    expect((await call({ method: 'PUT', url: `/api/reviews/${reviewId}`, body: { rating: 1 } })).statusCode).toBe(401);

    const edited = await call({
      method: 'PUT',
      url: `/api/reviews/${reviewId}`,
      user: consumer,
      body: { rating: 4, content: 'Still good.' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().review).toMatchObject({ rating: 4, content: 'Still good.', status: 'pending' });
    // An admin never puts words in a shopper's mouth: approve, reject or delete, not rewrite.
    const byAdmin = await call({
      method: 'PUT',
      url: `/api/reviews/${reviewId}`,
      user: admin,
      body: { title: 'Edited by admin', rating: 5 },
    });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe('Admins can approve, reject or delete a review, but not rewrite it');
    const mine = (await call({ method: 'GET', url: '/api/reviews/my-reviews', user: consumer })).json().reviews;
    expect(mine.find((r: { id: number }) => r.id === reviewId)).toMatchObject({ rating: 4, content: 'Still good.' });

    expect((await call({ method: 'DELETE', url: `/api/reviews/${reviewId}`, user: consumer })).statusCode).toBe(200);
    expect((await call({ method: 'DELETE', url: `/api/reviews/${reviewId}`, user: consumer })).statusCode).toBe(404);
  });

  it('lets only admins moderate, and only producers read received reviews', async () => {
    const created = await call({
      method: 'POST',
      url: '/api/reviews',
      user: secondConsumer,
      body: { producerId: producer.id, rating: 5, content: 'Lovely farm' },
    });
    const id = created.json().review.id;
    expect((await moderate(id, 'approve', consumer)).statusCode).toBe(403);
    expect((await moderate(id, 'approve', producer)).statusCode).toBe(403);
    expect(
      (await call({ method: 'PUT', url: `/api/admin/reviews/${id}/moderate`, body: { action: 'approve' } })).statusCode,
    ).toBe(401);
    expect(
      (await call({ method: 'PUT', url: `/api/admin/reviews/${id}/moderate`, user: admin, body: { action: 'maybe' } }))
        .statusCode,
    ).toBe(400);
    expect((await moderate(999999, 'approve')).statusCode).toBe(404);
    expect((await call({ method: 'GET', url: '/api/reviews/received', user: consumer })).statusCode).toBe(403);
    expect((await call({ method: 'GET', url: '/api/reviews/my-reviews' })).statusCode).toBe(401);
    expect((await call({ method: 'GET', url: '/api/reviews/product/999999' })).statusCode).toBe(404);
  });

  it('is refused while reviews are switched off', async () => {
    await app.ctx.settings.set('features', { ...DEFAULT_SETTINGS.features, enable_reviews: false });
    const response = await call({
      method: 'POST',
      url: '/api/reviews',
      user: secondConsumer,
      body: { producerId: otherProducer.id, rating: 5, content: 'x' },
    });
    expect(response.statusCode).toBe(403);
    await app.ctx.settings.set('features', DEFAULT_SETTINGS.features);
  });
});
