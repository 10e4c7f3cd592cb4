import { TEXTS } from '@farmstand/shared';
import { MESSAGING_TEXTS } from '@farmstand/shared/constants/messaging';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emailOutbox, subscriptions } from '../../db/schema';
import { buildProducerWithProduct } from '../../test/catalog-fixtures';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/test-app';

let app: TestApp;
let consumer: TestUser;
let producer: TestUser;
let otherProducer: TestUser;
let admin: TestUser;
let productId: number;

beforeAll(async () => {
  app = await buildTestApp();
  consumer = await buildUser(app, { userType: 'consumer' });
  producer = await buildUser(app, { userType: 'producer' });
  otherProducer = await buildUser(app, { userType: 'producer' });
  admin = await buildUser(app, { userType: 'admin' });
  productId = (await buildProducerWithProduct(app, producer.id, { stockQuantity: 4 })).product.id;
});
afterAll(() => app.closeAll());

const inquire = (user: TestUser | null, payload: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: '/api/orders/inquire',
    headers: user ? bearer(user) : {},
    payload: { productId, message: 'Could I pick up on Saturday?', contactPreference: 'email', requestedQuantity: 2, ...payload },
  });

describe('POST /api/orders/inquire', () => {
  it('needs sign-in', async () => {
    const response = await inquire(null, {});
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(TEXTS.inquiryLoginRequired);
  });

  it('records the inquiry, posts it into the conversation with the product and e-mails the producer', async () => {
    const response = await inquire(consumer, { contactPreference: 'both' });
    expect(response.statusCode).toBe(201);
    const { inquiry } = response.json();
    expect(inquiry).toMatchObject({
      product: { id: productId, name: 'Farm Fresh Eggs' },
      requestedQuantity: 2,
      contactPreference: 'both',
      status: 'new',
      producer: { user_id: producer.id },
    });

    const conversations = (
      await app.inject({ method: 'GET', url: '/api/messages/conversations', headers: bearer(producer) })
    ).json();
    expect(conversations.conversations[0]).toMatchObject({
      id: inquiry.conversationId,
      otherUser: { email: consumer.email },
      unreadCount: 1,
    });
    const thread = (
      await app.inject({
        method: 'GET',
        url: `/api/messages/conversations/${inquiry.conversationId}/messages`,
        headers: bearer(producer),
      })
    ).json();
    expect(thread.messages[0]).toMatchObject({ inquiry_id: inquiry.id, product: { id: productId, name: 'Farm Fresh Eggs' } });
    expect(thread.messages[0].content).toContain('Could I pick up on Saturday?');

    const mails = await app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, producer.email));
    expect(mails.at(-1)?.subject).toBe('New inquiry about Farm Fresh Eggs');
    expect(mails.at(-1)?.body).toContain(`/messages?conversation=${inquiry.conversationId}`);
  });

  it('refuses a producer asking about their own product, but lets an admin ask about any', async () => {
    const own = await inquire(producer, {});
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(TEXTS.ownProductInquiry);
    expect((await inquire(otherProducer, {})).statusCode).toBe(201);
    expect((await inquire(admin, {})).statusCode).toBe(201);
  });

  it('requires a message', async () => {
    for (const message of ['', '   ', undefined]) {
      const response = await inquire(consumer, { message });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(TEXTS.inquiryMessageRequired);
    }
  });

  it('accepts quantities from 1 to min(stock or 10, 10)', async () => {
    expect((await inquire(consumer, { requestedQuantity: 0 })).statusCode).toBe(400);
    expect((await inquire(consumer, { requestedQuantity: 5 })).statusCode).toBe(400);
    expect((await inquire(consumer, { requestedQuantity: 4 })).statusCode).toBe(201);
    const plenty = (await buildProducerWithProduct(app, otherProducer.id, { stockQuantity: 500 })).product.id;
    expect((await inquire(consumer, { productId: plenty, requestedQuantity: 10 })).statusCode).toBe(201);
    expect((await inquire(consumer, { productId: plenty, requestedQuantity: 11 })).statusCode).toBe(400);
    const unknownStock = (await buildProducerWithProduct(app, otherProducer.id, { stockQuantity: null })).product.id;
    expect((await inquire(consumer, { productId: unknownStock, requestedQuantity: 10 })).statusCode).toBe(201);
    expect((await inquire(consumer, { requestedQuantity: 'lots' })).statusCode).toBe(400);
  });

  it('takes a question without a quantity (the product page asks, it does not order): no quantity told to the farm', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/orders/inquire',
      headers: bearer(consumer),
      payload: { productId, message: 'Are these from this week?' },
    });
    expect(response.statusCode).toBe(201);
    const { inquiry } = response.json();
    expect(inquiry).toMatchObject({ requestedQuantity: 1, contactPreference: 'email' });
    const thread = (
      await app.inject({
        method: 'GET',
        url: `/api/messages/conversations/${inquiry.conversationId}/messages`,
        headers: bearer(consumer),
      })
    ).json();
    const sent = thread.messages.find((m: { inquiry_id: number | null }) => m.inquiry_id === inquiry.id);
    expect(sent.content).toBe('Product inquiry: Farm Fresh Eggs\nPreferred contact: email\n\nAre these from this week?');
    const mails = await app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, producer.email));
    expect(mails.at(-1)?.body).not.toContain('Quantity:');
  });

  it('only takes inquiries about available, listed products', async () => {
    for (const availability of ['sold_out', 'seasonal', 'pre_order']) {
      const id = (await buildProducerWithProduct(app, otherProducer.id, { availability })).product.id;
      const response = await inquire(consumer, { productId: id });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(MESSAGING_TEXTS.productUnavailable);
    }
    const deleted = (await buildProducerWithProduct(app, otherProducer.id, { active: false })).product.id;
    expect((await inquire(consumer, { productId: deleted })).statusCode).toBe(404);
    expect((await inquire(consumer, { productId: 999999 })).statusCode).toBe(404);
    expect((await inquire(consumer, { contactPreference: 'pigeon' })).statusCode).toBe(400);
  });

  it('refuses products whose producer is not listed (trial over, no paid plan)', async () => {
    const lapsed = await buildUser(app, { userType: 'producer' });
    const id = (await buildProducerWithProduct(app, lapsed.id)).product.id;
    await app.ctx.db
      .update(subscriptions)
      .set({ status: 'trialing', trialEndsAt: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.userId, lapsed.id));
    expect((await inquire(consumer, { productId: id })).statusCode).toBe(404);
  });
});

describe('inquiry lists', () => {
  it('shows a producer the inquiries received, with the phone only when asked to call', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/orders/inquiries/received', headers: bearer(producer) });
    expect(response.statusCode).toBe(200);
    const { inquiries, total } = response.json();
    expect(total).toBeGreaterThanOrEqual(4);
    expect(inquiries.every((i: { product: { id: number } }) => i.product.id === productId)).toBe(true);
    expect(inquiries.find((i: { customer: { email: string } }) => i.customer.email === consumer.email)).toBeTruthy();
  });

  it('shows a consumer the inquiries sent', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/orders/inquiries/sent?limit=2', headers: bearer(consumer) });
    expect(response.statusCode).toBe(200);
    expect(response.json().inquiries).toHaveLength(2);
    expect(response.json().inquiries[0].producer).toBeTruthy();
  });

  it('marks inquiries responded when the producer replies', async () => {
    const sent = (await app.inject({ method: 'GET', url: '/api/orders/inquiries/sent', headers: bearer(consumer) })).json();
    const toProducer = sent.inquiries.find((i: { producer: { user_id: number } }) => i.producer.user_id === producer.id);
    await app.inject({
      method: 'POST',
      url: `/api/messages/conversations/${toProducer.conversationId}/messages`,
      headers: bearer(producer),
      payload: { content: 'Saturday works!' },
    });
    // The reply answers the inquiries after the sender's 201 (the fan-out follows the answer).
    await vi.waitFor(async () => {
      const after = (await app.inject({ method: 'GET', url: '/api/orders/inquiries/sent', headers: bearer(consumer) })).json();
      const answered = after.inquiries.filter((i: { producer: { user_id: number } }) => i.producer.user_id === producer.id);
      expect(answered.length).toBeGreaterThan(0);
      expect(answered.every((i: { status: string }) => i.status === 'responded')).toBe(true);
    });
  });

  it('needs sign-in, and received inquiries are for producers only', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/orders/inquiries/received' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/orders/inquiries/sent' })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: '/api/orders/inquiries/received', headers: bearer(consumer) })).statusCode,
    ).toBe(403);
  });
});
