import { CLIENT_EVENTS } from '@farmstand/shared/realtime/events';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { recountStats } from '../../realtime/messages';
import { buildProducerWithProduct } from '../../test/catalog-fixtures';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { type ClientSocket, emitWithAck, expectNoEvent, nextEvent, startRealtimeApp } from '../../test/realtime';

let server: Awaited<ReturnType<typeof startRealtimeApp>>;
let consumer: TestUser;
let producer: TestUser;
let outsider: TestUser;
let admin: TestUser;
let consumerSocket: ClientSocket;
let producerSocket: ClientSocket;
let outsiderSocket: ClientSocket;
let conversationId: number;

beforeAll(async () => {
  server = await startRealtimeApp();
  const { app } = server;
  consumer = await buildUser(app, { userType: 'consumer' });
  producer = await buildUser(app, { userType: 'producer' });
  outsider = await buildUser(app, { userType: 'consumer' });
  admin = await buildUser(app, { userType: 'admin' });
  [consumerSocket, producerSocket, outsiderSocket] = await Promise.all([
    server.connect(consumer.token),
    server.connect(producer.token),
    server.connect(outsider.token),
  ]);
});
afterAll(() => server.close());

const post = (user: TestUser, url: string, payload: Record<string, unknown> = {}) =>
  server.app.inject({ method: 'POST', url, headers: bearer(user), payload });

describe('live connection', () => {
  it('refuses a handshake without a token or with a bad one', async () => {
    await expect(server.connect(undefined)).rejects.toThrow('Authentication failed');
    await expect(server.connect('not-a-jwt')).rejects.toThrow('Authentication failed');
    await expect(server.connect(`${consumer.token.slice(0, -4)}AAAA`)).rejects.toThrow('Authentication failed');
  });

  it('delivers new_message with the sender e-mail and the recipient unread count, to nobody else', async () => {
    const message = nextEvent(producerSocket, 'new_message');
    const count = nextEvent(producerSocket, 'unread_count_updated');
    const ownCopy = nextEvent(consumerSocket, 'new_message');
    const outsiderSilent = expectNoEvent(outsiderSocket, 'new_message');
    const response = await post(consumer, '/api/messages/conversations', { recipientId: producer.id, content: 'Hello farm!' });
    expect(response.statusCode).toBe(201);
    conversationId = response.json().conversationId;
    expect(await message).toMatchObject({
      conversationId,
      senderId: consumer.id,
      senderEmail: consumer.email,
      message: { content: 'Hello farm!', sender_id: consumer.id },
    });
    expect(await count).toEqual({ unreadCount: 1 });
    expect((await ownCopy).message.content).toBe('Hello farm!');
    await outsiderSilent;
  });

  it('counts unread messages only for people connected to receive the count', async () => {
    const offline = await buildUser(server.app, { userType: 'producer' });
    const before = { ...recountStats };
    const sent = await post(consumer, '/api/messages/conversations', { recipientId: offline.id, content: 'Anyone there?' });
    expect(sent.statusCode).toBe(201);
    // The round that took the change up has run, and counted no one.
    await vi.waitFor(() => expect(recountStats.rounds).toBeGreaterThan(before.rounds));
    expect(recountStats.counted).toBe(before.counted);
    // Connected, the next message's count is pushed (and so counted).
    const socket = await server.connect(offline.token);
    const count = nextEvent(socket, 'unread_count_updated');
    await post(consumer, '/api/messages/conversations', { recipientId: offline.id, content: 'Hello again' });
    expect(await count).toEqual({ unreadCount: 2 });
    expect(recountStats.counted).toBeGreaterThan(before.counted);
    socket.disconnect();
  });

  it('lets only participants join a conversation', async () => {
    expect(await emitWithAck(consumerSocket, CLIENT_EVENTS.joinConversation, conversationId)).toEqual({ ok: true });
    expect(await emitWithAck(producerSocket, CLIENT_EVENTS.joinConversation, conversationId)).toEqual({ ok: true });
    const refused = await emitWithAck(outsiderSocket, CLIENT_EVENTS.joinConversation, conversationId);
    expect(refused.ok).toBe(false);
    expect((await emitWithAck(outsiderSocket, CLIENT_EVENTS.joinConversation, 'nonsense')).ok).toBe(false);
  });

  it('sends typing_start / typing_stop to the other participant as user_typing', async () => {
    const started = nextEvent(producerSocket, 'user_typing');
    const outsiderSilent = expectNoEvent(outsiderSocket, 'user_typing');
    consumerSocket.emit(CLIENT_EVENTS.typingStart, { recipientId: producer.id, conversationId });
    expect(await started).toEqual({ userId: consumer.id, conversationId, isTyping: true });
    const stopped = nextEvent(producerSocket, 'user_typing');
    consumerSocket.emit(CLIENT_EVENTS.typingStop, { recipientId: producer.id, conversationId });
    expect(await stopped).toEqual({ userId: consumer.id, conversationId, isTyping: false });
    await outsiderSilent;
  });

  it('ignores typing from someone outside the conversation', async () => {
    const silent = expectNoEvent(producerSocket, 'user_typing');
    outsiderSocket.emit(CLIENT_EVENTS.typingStart, { recipientId: producer.id, conversationId });
    await silent;
  });

  it('stops typing events after leave_conversation', async () => {
    expect(await emitWithAck(producerSocket, CLIENT_EVENTS.leaveConversation, conversationId)).toEqual({ ok: true });
    const silent = expectNoEvent(producerSocket, 'user_typing');
    consumerSocket.emit(CLIENT_EVENTS.typingStart, { recipientId: producer.id, conversationId });
    await silent;
    await emitWithAck(producerSocket, CLIENT_EVENTS.joinConversation, conversationId);
  });

  it('sends a read receipt to the sender and the new unread count to the reader', async () => {
    const receipt = nextEvent(consumerSocket, 'message_read');
    const count = nextEvent(producerSocket, 'unread_count_updated');
    const response = await post(producer, `/api/messages/conversations/${conversationId}/read`);
    expect(response.json()).toEqual({ updated: 1, unreadCount: 0 });
    expect(await receipt).toMatchObject({ type: 'read', conversationId, readerId: producer.id });
    expect(await count).toEqual({ unreadCount: 0 });
  });

  it('tells the producer about a new inquiry', async () => {
    const { product } = await buildProducerWithProduct(server.app, producer.id);
    const inquiry = nextEvent(producerSocket, 'new_inquiry');
    const message = nextEvent(producerSocket, 'new_message');
    const response = await post(consumer, '/api/orders/inquire', {
      productId: product.id,
      message: 'Two dozen please',
      contactPreference: 'email',
      requestedQuantity: 2,
    });
    expect(response.statusCode).toBe(201);
    expect(await inquiry).toMatchObject({ customerEmail: consumer.email, productId: product.id, conversationId });
    expect((await message).message.product).toMatchObject({ id: product.id });
  });

  it('forwards a notification to its user only', async () => {
    const notification = nextEvent(consumerSocket, 'notification');
    const silent = expectNoEvent(producerSocket, 'notification');
    server.app.ctx.events.emit('notification', { userId: consumer.id, message: 'Your review was approved', icon: '⭐' });
    expect(await notification).toEqual({ message: 'Your review was approved', icon: '⭐' });
    await silent;
  });

  it('sends an admin announcement to everyone connected', async () => {
    expect((await post(consumer, '/api/admin/announcements', { message: 'hi' })).statusCode).toBe(403);
    expect(
      (await server.app.inject({ method: 'POST', url: '/api/admin/announcements', payload: { message: 'hi' } })).statusCode,
    ).toBe(401);
    expect((await post(admin, '/api/admin/announcements', { message: '  ' })).statusCode).toBe(400);
    const everyone = [consumerSocket, producerSocket, outsiderSocket].map((socket) => nextEvent(socket, 'announcement'));
    expect((await post(admin, '/api/admin/announcements', { message: 'Market day moved to Sunday' })).statusCode).toBe(200);
    for (const received of await Promise.all(everyone)) expect(received).toEqual({ message: 'Market day moved to Sunday' });
  });
});
