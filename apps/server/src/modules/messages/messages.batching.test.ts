import { MESSAGING_TEXTS } from '@farmstand/shared/constants/messaging';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, buildUser, setUserStatus, type TestUser } from '../../test/factories';
import { type ClientSocket, startRealtimeApp } from '../../test/realtime';
import { GroupCommit } from './messages.batching';
import * as repo from './messages.repository';

/**
 * Concurrent sends share one statement (group commit). Each is
 * still answered only after its statement committed, stored once, kept in order, checked against
 * every rule on its own and delivered live exactly once.
 */
let server: Awaited<ReturnType<typeof startRealtimeApp>>;
const PAIRS = 4;
const PER_PAIR = 12;
let senders: TestUser[];
let recipients: TestUser[];
let sockets: ClientSocket[];
let conversationIds: number[];
let outsider: TestUser;

const send = (from: TestUser, conversationId: number, content: string) =>
  server.app.inject({
    method: 'POST',
    url: `/api/messages/conversations/${conversationId}/messages`,
    headers: bearer(from),
    payload: { content },
  });

beforeAll(async () => {
  server = await startRealtimeApp();
  senders = await Promise.all(Array.from({ length: PAIRS }, () => buildUser(server.app)));
  recipients = await Promise.all(Array.from({ length: PAIRS }, () => buildUser(server.app, { userType: 'producer' })));
  outsider = await buildUser(server.app);
  sockets = await Promise.all(recipients.map((user) => server.connect(user.token)));
  conversationIds = [];
  for (let i = 0; i < PAIRS; i++) {
    const started = await server.app.inject({
      method: 'POST',
      url: '/api/messages/conversations',
      headers: bearer(senders[i]),
      payload: { recipientId: recipients[i].id, content: `hello ${i}` },
    });
    expect(started.statusCode).toBe(201);
    conversationIds.push(started.json().conversationId);
  }
});
afterAll(() => server.close());

describe('concurrent sends (group commit)', () => {
  it('acknowledges every send once it is stored, keeps each conversation in order and delivers each message once', async () => {
    const received = recipients.map(() => [] as string[]);
    for (const [i, socket] of sockets.entries()) {
      socket.on('new_message', ({ message }: { message: { content: string } }) => {
        // Only this test's messages (the first contact's may still be on its way).
        if (message.content.includes(' #')) received[i].push(message.content);
      });
    }
    const batches = server.app.ctx.messageSends;
    const before = { ...batches.stats };
    // Contents an array literal must escape, in one batch.
    const tricky = ['a "quoted" {brace}, comma', 'back\\slash', 'NULL', "it's", 'ünïcödé 🍓', 'line\nbreak'];
    const contents = conversationIds.map((_, pair) =>
      Array.from({ length: PER_PAIR }, (_, n) => `${tricky[n % tricky.length]} #${pair}.${n}`),
    );
    const responses = await Promise.all(
      contents.flatMap((list, pair) => list.map((content) => send(senders[pair], conversationIds[pair], content))),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(PAIRS * PER_PAIR).fill(201));
    // They really went through the batched statement, more than one per statement.
    expect(batches.stats.items - before.items).toBe(PAIRS * PER_PAIR);
    expect(batches.stats.batches - before.batches).toBeLessThan(PAIRS * PER_PAIR);

    const answered = responses.map((r) => r.json());
    const ids = answered.map((body) => body.message.id as number);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [index, body] of answered.entries()) {
      const pair = Math.floor(index / PER_PAIR);
      expect(body.conversationId).toBe(conversationIds[pair]);
      expect(body.message).toMatchObject({
        content: contents[pair][index % PER_PAIR],
        sender_id: senders[pair].id,
        read_at: null,
      });
    }

    // Every acknowledged message is in the database, once, and the list shows them in id order.
    for (const [pair, conversationId] of conversationIds.entries()) {
      const stored = await server.app.ctx.db.execute<{ id: number; content: string }>(
        sql`select id, content from messages where conversation_id = ${conversationId} and content like ${'% #%'} order by created_at, id`,
      );
      expect(stored.rows.map((row) => row.content).sort()).toEqual([...contents[pair]].sort());
      const listed = await server.app.inject({
        method: 'GET',
        url: `/api/messages/conversations/${conversationId}/messages?limit=100`,
        headers: bearer(recipients[pair]),
      });
      const listedIds = (listed.json().messages as { id: number }[]).map((m) => m.id);
      expect(listedIds).toEqual([...listedIds].sort((a, b) => a - b));
      // The conversation moved to its newest message.
      const moved = await server.app.ctx.db.execute<{ same: boolean }>(sql`
        select c.last_message_at = (select max(created_at) from messages where conversation_id = c.id) as same
        from conversations c where c.id = ${conversationId}`);
      expect(moved.rows[0]?.same).toBe(true);
    }

    await vi.waitFor(() => expect(received.map((list) => list.length)).toEqual(Array(PAIRS).fill(PER_PAIR)), {
      timeout: 5000,
    });
    // One more message per pair, announced after all of those: a socket delivers in order, so once it
    // is in, any second copy of the others would be too.
    for (const [pair, conversationId] of conversationIds.entries()) {
      expect((await send(senders[pair], conversationId, `last #${pair}`)).statusCode).toBe(201);
    }
    await vi.waitFor(
      () => expect(received.map((list) => list.at(-1))).toEqual(conversationIds.map((_, pair) => `last #${pair}`)),
      {
        timeout: 5000,
      },
    );
    for (const [pair, list] of received.entries()) {
      expect([...list].sort()).toEqual([...contents[pair], `last #${pair}`].sort());
    }
  });

  it('draws ids in the order the sends were queued, so one statement keeps each conversation in order', async () => {
    const inputs = Array.from({ length: 30 }, (_, n) => ({
      conversationId: conversationIds[n % 2],
      senderId: n % 3 === 0 ? recipients[n % 2].id : senders[n % 2].id,
      content: `queued ${n}`,
    }));
    const stored = await repo.insertMessagesIfAllowed(server.app.ctx.db, inputs);
    expect([...stored.keys()].sort((a, b) => a - b)).toEqual(inputs.map((_, n) => n));
    const ids = inputs.map((_, n) => stored.get(n)?.id as number);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    for (const [n, input] of inputs.entries()) {
      expect(stored.get(n)).toMatchObject({
        ...input,
        recipientId: input.senderId === senders[n % 2].id ? recipients[n % 2].id : senders[n % 2].id,
      });
    }
  });

  it('applies every rule to each send of a shared statement on its own', async () => {
    const suspended = await buildUser(server.app);
    const victim = await buildUser(server.app);
    const started = await server.app.inject({
      method: 'POST',
      url: '/api/messages/conversations',
      headers: bearer(victim),
      payload: { recipientId: suspended.id, content: 'before the suspension' },
    });
    const suspendedConversation = started.json().conversationId as number;
    await setUserStatus(server.app, suspended.id, 'suspended');

    const [good1, intruder, toSuspended, missing, good2] = await Promise.all([
      send(senders[0], conversationIds[0], 'good one'),
      send(outsider, conversationIds[1], 'not my conversation'),
      send(victim, suspendedConversation, 'to a suspended account'),
      send(senders[2], 999_999_999, 'nowhere'),
      send(senders[3], conversationIds[3], 'good two'),
    ]);
    expect([good1.statusCode, good2.statusCode]).toEqual([201, 201]);
    expect(intruder.statusCode).toBe(403);
    expect(intruder.json().message).toBe(MESSAGING_TEXTS.notParticipant);
    expect(toSuspended.statusCode).toBe(404);
    expect(toSuspended.json().message).toBe(MESSAGING_TEXTS.recipientNotFound);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MESSAGING_TEXTS.conversationNotFound);
    const refused = await server.app.ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from messages where content in ('not my conversation', 'to a suspended account', 'nowhere')`,
    );
    expect(refused.rows[0]?.n).toBe(0);
  });

  it('stops a token at once when its account is suspended, even among concurrent requests', async () => {
    const user = await buildUser(server.app);
    const other = await buildUser(server.app);
    const started = await server.app.inject({
      method: 'POST',
      url: '/api/messages/conversations',
      headers: bearer(user),
      payload: { recipientId: other.id, content: 'first' },
    });
    const conversationId = started.json().conversationId as number;
    const ok = await Promise.all([send(user, conversationId, 'one'), send(user, conversationId, 'two')]);
    expect(ok.map((r) => r.statusCode)).toEqual([201, 201]);
    await setUserStatus(server.app, user.id, 'suspended');
    const after = await Promise.all([send(user, conversationId, 'three'), send(user, conversationId, 'four')]);
    expect(after.map((r) => r.statusCode)).toEqual([401, 401]);
  });
});

describe('GroupCommit', () => {
  it('runs what arrives together as one batch, and answers each item from it', async () => {
    const runMany = vi.fn(async (items: readonly number[]) => new Map(items.map((n, i) => [i, n * 10] as const)));
    const runOne = vi.fn(async (n: number) => n * 10);
    const batches = new GroupCommit({ runMany, runOne });
    expect(await Promise.all([1, 2, 3].map((n) => batches.submit(n)))).toEqual([10, 20, 30]);
    expect(runMany).toHaveBeenCalledTimes(1);
    expect(runOne).not.toHaveBeenCalled();
  });

  it('answers null for an item the statement did not store', async () => {
    const batches = new GroupCommit({
      runMany: async (items: readonly number[]) => new Map(items.flatMap((n, i) => (n % 2 ? [[i, n] as const] : []))),
      runOne: async (n: number) => n,
    });
    expect(await Promise.all([1, 2, 3].map((n) => batches.submit(n)))).toEqual([1, null, 3]);
  });

  it('retries each item alone when a batch fails, so only the bad one fails', async () => {
    const runMany = vi.fn(async () => {
      throw new Error('batch failed');
    });
    const runOne = vi.fn(async (n: number) => {
      if (n === 2) throw new Error('two is bad');
      return n;
    });
    const batches = new GroupCommit({ runMany, runOne });
    const results = await Promise.allSettled([1, 2, 3].map((n) => batches.submit(n)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(runOne).toHaveBeenCalledTimes(3);
  });

  it('keeps at most maxInFlight batches running and queues the rest into the next', async () => {
    let running = 0;
    let most = 0;
    const sizes: number[] = [];
    // The first batch stays in flight until the others are queued.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const batches = new GroupCommit({
      maxInFlight: 1,
      runMany: async (items: readonly number[]) => {
        running++;
        most = Math.max(most, running);
        sizes.push(items.length);
        await held;
        running--;
        return new Map(items.map((n, i) => [i, n] as const));
      },
      runOne: async (n: number) => n,
    });
    const first = batches.submit(0);
    await new Promise((resolve) => setImmediate(resolve));
    const rest = [1, 2, 3, 4].map((n) => batches.submit(n));
    release();
    expect(await Promise.all([first, ...rest])).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(1);
    expect(sizes).toEqual([1, 4]);
  });
});
