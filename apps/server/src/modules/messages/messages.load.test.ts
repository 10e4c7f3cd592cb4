import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { type ClientSocket, startRealtimeApp } from '../../test/realtime';

/**
 * Under load, sending a message was four round trips inside an explicit
 * transaction (plus two lookups before it) and every send recounted the recipient's unread
 * messages over the conversation's whole history. Now: one statement, fan-out after it, the
 * count reads only unread rows, and a burst of messages to one person folds its recounts.
 */
let server: Awaited<ReturnType<typeof startRealtimeApp>>;
let sender: TestUser;
let recipient: TestUser;
let recipientSocket: ClientSocket;
let conversationId: number;

beforeAll(async () => {
  server = await startRealtimeApp();
  [sender, recipient] = await Promise.all([buildUser(server.app), buildUser(server.app)]);
  recipientSocket = await server.connect(recipient.token);
  const started = await server.app.inject({
    method: 'POST',
    url: '/api/messages/conversations',
    headers: bearer(sender),
    payload: { recipientId: recipient.id, content: 'first' },
  });
  expect(started.statusCode).toBe(201);
  conversationId = started.json().conversationId;
});
afterAll(() => server.close());

const send = (content: string) =>
  server.app.inject({
    method: 'POST',
    url: `/api/messages/conversations/${conversationId}/messages`,
    headers: bearer(sender),
    payload: { content },
  });

describe('sending a message under load', () => {
  it('stores the message and moves the conversation in one statement, with no explicit transaction', async () => {
    const transaction = vi.spyOn(server.app.ctx.db, 'transaction');
    try {
      const response = await send('one statement');
      expect(response.statusCode).toBe(201);
      expect(transaction).not.toHaveBeenCalled();
    } finally {
      transaction.mockRestore();
    }
    const result = await server.app.ctx.db.execute<{ same: boolean }>(sql`
      select c.last_message_at = m.created_at as same from conversations c
      join messages m on m.conversation_id = c.id
      where c.id = ${conversationId} order by m.id desc limit 1`);
    expect(result.rows[0]?.same).toBe(true);
  });

  it('counts unread messages from the unread rows only (partial index)', async () => {
    const plan = await server.app.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute<{ 'QUERY PLAN': string }>(sql`
        explain select count(*) from messages
        where conversation_id in (select id from conversations where user_low_id = ${recipient.id} or user_high_id = ${recipient.id})
          and sender_id <> ${recipient.id} and read_at is null`);
      return result.rows.map((row) => Object.values(row)[0]).join('\n');
    });
    expect(plan).toContain('messages_unread_idx');
  });

  it('ends a burst with the right unread count on the recipient’s socket', async () => {
    const counts: number[] = [];
    recipientSocket.on('unread_count_updated', ({ unreadCount }: { unreadCount: number }) => counts.push(unreadCount));
    const before = (
      await server.app.inject({ method: 'GET', url: '/api/messages/unread-count', headers: bearer(recipient) })
    ).json().count as number;
    const responses = await Promise.all(Array.from({ length: 12 }, (_, i) => send(`burst ${i}`)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
    // Recounts may be folded together; the last push is always the true count.
    await vi.waitFor(() => expect(counts.at(-1)).toBe(before + 12), { timeout: 5000 });
  });
});
