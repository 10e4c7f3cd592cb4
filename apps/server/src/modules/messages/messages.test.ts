import { MESSAGING_TEXTS } from '@farmstand/shared/constants/messaging';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProducerWithProduct } from '../../test/catalog-fixtures';
import { bearer, buildUser, setUserStatus, type TestUser } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/test-app';

let app: TestApp;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;

beforeAll(async () => {
  app = await buildTestApp();
  alice = await buildUser(app, { userType: 'consumer' });
  bob = await buildUser(app, { userType: 'producer' });
  carol = await buildUser(app, { userType: 'consumer' });
});
afterAll(() => app.closeAll());

const start = (from: TestUser, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/messages/conversations', headers: bearer(from), payload });
const send = (from: TestUser, conversationId: number, content: unknown) =>
  app.inject({
    method: 'POST',
    url: `/api/messages/conversations/${conversationId}/messages`,
    headers: bearer(from),
    payload: { content },
  });
const unread = async (user: TestUser) =>
  (await app.inject({ method: 'GET', url: '/api/messages/unread-count', headers: bearer(user) })).json().count as number;

describe('messages API', () => {
  let conversationId: number;

  it('needs sign-in for every call', async () => {
    for (const [method, url] of [
      ['GET', '/api/messages/conversations'],
      ['POST', '/api/messages/conversations'],
      ['GET', '/api/messages/conversations/1/messages'],
      ['POST', '/api/messages/conversations/1/messages'],
      ['POST', '/api/messages/conversations/1/read'],
      ['GET', '/api/messages/unread-count'],
    ] as const) {
      const response = await app.inject({
        method,
        url,
        payload: method === 'POST' ? { content: 'hi', recipientId: 1 } : undefined,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('starts a conversation, then reuses it for the same pair', async () => {
    const { product } = await buildProducerWithProduct(app, bob.id);
    const first = await start(alice, { recipientId: bob.id, content: 'Are the eggs free range?', productId: product.id });
    expect(first.statusCode).toBe(201);
    conversationId = first.json().conversationId;
    expect(first.json().message).toMatchObject({ sender_id: alice.id, content: 'Are the eggs free range?', read_at: null });
    expect(first.json().message.product).toMatchObject({ id: product.id, name: 'Farm Fresh Eggs' });

    const again = await start(bob, { recipientId: alice.id, content: 'Yes, they are.' });
    expect(again.statusCode).toBe(201);
    expect(again.json().conversationId).toBe(conversationId);
  });

  it('lists conversations with the other user, last message, time and unread count', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/messages/conversations', headers: bearer(alice) });
    expect(response.statusCode).toBe(200);
    const [conversation] = response.json().conversations;
    expect(conversation).toMatchObject({
      id: conversationId,
      otherUser: { id: bob.id, email: bob.email, farm_name: `Farm ${bob.id}` },
      lastMessage: 'Yes, they are.',
      unreadCount: 1,
    });
    expect(new Date(conversation.lastMessageTime).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const bobs = (await app.inject({ method: 'GET', url: '/api/messages/conversations', headers: bearer(bob) })).json();
    expect(bobs.conversations[0]).toMatchObject({ otherUser: { email: alice.email, farm_name: null }, unreadCount: 1 });
  });

  it('pages messages in time order, newest page first, 50 by default', async () => {
    for (let i = 0; i < 3; i++) expect((await send(alice, conversationId, `note ${i}`)).statusCode).toBe(201);
    const all = (
      await app.inject({ method: 'GET', url: `/api/messages/conversations/${conversationId}/messages`, headers: bearer(bob) })
    ).json();
    expect(all.total).toBe(5);
    expect(all.messages.map((m: { content: string }) => m.content)).toEqual([
      'Are the eggs free range?',
      'Yes, they are.',
      'note 0',
      'note 1',
      'note 2',
    ]);
    const older = await app.inject({
      method: 'GET',
      url: `/api/messages/conversations/${conversationId}/messages?limit=2&offset=2`,
      headers: bearer(bob),
    });
    expect(older.json().messages.map((m: { content: string }) => m.content)).toEqual(['Yes, they are.', 'note 0']);
  });

  it('counts unread messages and marks a conversation read', async () => {
    expect(await unread(bob)).toBe(4);
    expect(await unread(alice)).toBe(1);
    const read = await app.inject({
      method: 'POST',
      url: `/api/messages/conversations/${conversationId}/read`,
      headers: bearer(bob),
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ updated: 4, unreadCount: 0 });
    expect(await unread(bob)).toBe(0);
    expect(await unread(alice)).toBe(1);
    const page = (
      await app.inject({ method: 'GET', url: `/api/messages/conversations/${conversationId}/messages`, headers: bearer(alice) })
    ).json();
    const mine = page.messages.filter((m: { sender_id: number }) => m.sender_id === alice.id);
    expect(mine.every((m: { read_at: string | null }) => m.read_at !== null)).toBe(true);
  });

  it('lets only the two participants read or write a conversation', async () => {
    const base = `/api/messages/conversations/${conversationId}`;
    expect((await app.inject({ method: 'GET', url: `${base}/messages`, headers: bearer(carol) })).statusCode).toBe(403);
    expect((await send(carol, conversationId, 'let me in')).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: `${base}/read`, headers: bearer(carol) })).statusCode).toBe(403);
    const missing = await app.inject({
      method: 'GET',
      url: '/api/messages/conversations/999999/messages',
      headers: bearer(carol),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses blank messages, messages to yourself and unknown recipients', async () => {
    const blank = await send(alice, conversationId, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain(MESSAGING_TEXTS.messageRequired);
    expect((await start(alice, { recipientId: bob.id, content: '' })).statusCode).toBe(400);
    expect((await start(alice, { recipientId: bob.id })).statusCode).toBe(400);
    const self = await start(alice, { recipientId: alice.id, content: 'hello me' });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(MESSAGING_TEXTS.cannotMessageSelf);
    expect((await start(alice, { recipientId: 999999, content: 'anyone?' })).statusCode).toBe(404);
    expect((await start(alice, { recipientId: bob.id, content: 'x', productId: 999999 })).statusCode).toBe(404);
  });

  it('stops suspended users from sending and from receiving', async () => {
    const dave = await buildUser(app);
    const conv = (await start(dave, { recipientId: carol.id, content: 'hi carol' })).json().conversationId;
    await setUserStatus(app, dave.id, 'suspended');
    expect((await send(dave, conv, 'still here?')).statusCode).toBe(401);
    const toSuspended = await send(carol, conv, 'hello?');
    expect(toSuspended.statusCode).toBe(404);
    await setUserStatus(app, dave.id, 'active');
  });

  it('obeys the admin switch features.enable_messaging, keeping history readable', async () => {
    const features = await app.ctx.settings.get('features');
    await app.ctx.settings.set('features', { ...features, enable_messaging: false });
    try {
      const refused = await send(alice, conversationId, 'hello?');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(MESSAGING_TEXTS.messagingDisabled);
      const history = await app.inject({
        method: 'GET',
        url: `/api/messages/conversations/${conversationId}/messages`,
        headers: bearer(alice),
      });
      expect(history.statusCode).toBe(200);
    } finally {
      await app.ctx.settings.set('features', features);
    }
  });
});
