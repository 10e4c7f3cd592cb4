import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, reviews } from '../../db/schema';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildProducer, buildProduct, type TestProducer } from '../../test/listing-factories';
import { buildTestApp, type TestApp } from '../../test/test-app';

// A removal or a rejection says why, and the person it concerns reads the reason.
let app: TestApp;
let admin: TestUser;
let reviewer: TestUser;
let producer: TestProducer;
let productId: number;
const notices: { userId: number; message: string; productId?: number }[] = [];

beforeAll(async () => {
  app = await buildTestApp();
  admin = await buildUser(app, { userType: 'admin' });
  reviewer = await buildUser(app, { userType: 'consumer' });
  producer = await buildProducer(app, { farmName: 'Reason Ridge' });
  productId = await buildProduct(app, producer, { name: 'Blackberry Jam', category: 'jellies' });
  app.ctx.events.on('notification', (event) => {
    notices.push(event);
  });
});
afterAll(async () => app.closeAll());

const put = (url: string, body: object) => app.inject({ method: 'PUT', url, headers: bearer(admin), payload: body });
const mailsTo = async (to: string) =>
  app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(desc(emailOutbox.id));
const myProduct = async () => {
  const mine = await app.inject({ method: 'GET', url: '/api/products/mine', headers: bearer(producer) });
  return mine.json().products.find((p: { id: number }) => p.id === productId);
};

describe('product removal reasons', () => {
  it('refuses a removal without a reason, naming the field', async () => {
    const response = await put(`/api/admin/products/${productId}/moderate`, { action: 'remove', reason: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Reason is required/);
    expect((await myProduct()).moderation_status).toBe('approved');
  });

  it('shows the producer the reason on their products, in a notification and in a mail', async () => {
    const reason = 'The label claims organic without a certificate.';
    expect((await put(`/api/admin/products/${productId}/moderate`, { action: 'remove', reason })).statusCode).toBe(200);
    expect(await myProduct()).toMatchObject({ moderation_status: 'removed', moderation_reason: reason });
    expect(notices.at(-1)).toEqual({ userId: producer.id, message: expect.stringContaining(reason), productId });
    const [mail] = await mailsTo(producer.email);
    expect(mail.subject).toBe('Blackberry Jam was removed from the marketplace');
    expect(mail.body).toContain(reason);
    expect(mail.body).toContain('/profile?tab=products');
  });

  it('clears the reason on restore and tells the producer the product is listed again', async () => {
    expect((await put(`/api/admin/products/${productId}/moderate`, { action: 'restore' })).statusCode).toBe(200);
    expect(await myProduct()).toMatchObject({ moderation_status: 'approved', moderation_reason: null });
    expect(notices.at(-1)?.message).toMatch(/restored Blackberry Jam/);
    expect(notices.at(-1)?.productId).toBe(productId);
    expect((await mailsTo(producer.email))[0].subject).toBe('Blackberry Jam is listed again');
  });
});

describe('review rejection reasons', () => {
  it('refuses a rejection without a reason and shows the author the reason of one with it', async () => {
    const [row] = await app.ctx.db
      .insert(reviews)
      .values({ reviewerId: reviewer.id, productId, rating: 1, content: 'Call me at 555-0100 for a better deal' })
      .returning({ id: reviews.id });
    const url = `/api/admin/reviews/${row.id}/moderate`;
    const bare = await put(url, { action: 'reject' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toMatch(/^Reason is required/);

    const reason = 'Reviews may not carry phone numbers or offers.';
    const rejected = await put(url, { action: 'reject', reason });
    expect(rejected.json().review).toMatchObject({ status: 'rejected', moderation_reason: reason });
    const mine = await app.inject({ method: 'GET', url: '/api/reviews/my-reviews', headers: bearer(reviewer) });
    expect(mine.json().reviews[0]).toMatchObject({ id: row.id, status: 'rejected', moderation_reason: reason });
    expect(notices.at(-1)).toEqual({ userId: reviewer.id, message: expect.stringContaining(reason) });
    const [mail] = await mailsTo(reviewer.email);
    expect(mail.subject).toBe('Your review of Blackberry Jam was not published');
    expect(mail.body).toContain(reason);
  });
});
