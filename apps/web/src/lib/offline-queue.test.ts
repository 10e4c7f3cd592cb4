import { describe, expect, it } from 'vitest';
import { type QueueResult, SyncError, syncQueue } from './offline-queue';
import { MemoryOfflineStore } from './offline-queue.fixture';

type Action = { id: string; at: string; note: string };
type Conflict = { message: string };
type Result = QueueResult<Conflict> & { total: number };

const AT = '2026-12-06T15:00:00.000Z';
const BATCH = 200;
let n = 0;
const action = (note = 'sale'): Action => ({ id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`, at: AT, note });
const applied = (a: Action, conflicts: Conflict[] = []): Result => ({
  id: a.id,
  status: 'applied',
  message: 'Recorded',
  conflicts,
  total: 400,
});

const newStore = () => new MemoryOfflineStore<Action, Conflict, null>();
async function queue(store: MemoryOfflineStore<Action, Conflict, null>, a: Action) {
  await store.enqueue({ id: a.id, action: a, queuedAt: AT }, () => null);
  return a;
}

/** A server that records what it was sent, in order, and applies each id once. */
function fakeServer(answer: (a: Action) => Result = (a) => applied(a)) {
  const batches: Action[][] = [];
  const seen = new Set<string>();
  const send = async (actions: Action[]) => {
    batches.push(actions);
    return actions.map((a) => {
      const result = answer(a);
      const status = seen.has(a.id) && result.status === 'applied' ? ('duplicate' as const) : result.status;
      seen.add(a.id);
      return { ...result, status };
    });
  };
  return { batches, send, sent: () => batches.flat().map((a) => a.id) };
}

describe('the offline queue on a phone', () => {
  it('sends the queued actions in the order they were made, in batches of the size given, and empties the queue', async () => {
    const store = newStore();
    const made: string[] = [];
    for (let i = 0; i < 1000; i++) made.push((await queue(store, action())).id);
    expect(await store.count()).toBe(1000);
    const server = fakeServer();
    const report = await syncQueue(store, server.send, () => AT, BATCH);
    expect(server.sent()).toEqual(made);
    expect(server.batches.map((b) => b.length)).toEqual([200, 200, 200, 200, 200]);
    expect({ ...report, results: report.results.length }).toEqual({
      applied: 1000,
      refused: 0,
      conflicts: 0,
      left: 0,
      results: 1000,
    });
  });

  it('keeps one entry per action id: queueing the same action twice sends it once', async () => {
    const store = newStore();
    const a = action();
    expect(await store.enqueue({ id: a.id, action: a, queuedAt: AT }, () => null)).toBe(true);
    expect(await store.enqueue({ id: a.id, action: a, queuedAt: AT }, () => null)).toBe(false);
    expect(await store.count()).toBe(1);
  });

  it('leaves the queue as it was when the network fails, and a retry sends the same ids again (applied once by the server)', async () => {
    const store = newStore();
    const ids = [(await queue(store, action())).id, (await queue(store, action())).id];
    const offline = async (): Promise<Result[]> => {
      throw new SyncError('Could not reach Farmstand', 0, true);
    };
    await expect(syncQueue(store, offline, () => AT, BATCH)).rejects.toThrow('Could not reach');
    expect(await store.count()).toBe(2);
    const server = fakeServer();
    await syncQueue(store, server.send, () => AT, BATCH);
    expect(server.sent()).toEqual(ids);
    expect(await store.count()).toBe(0);
  });

  it('takes an action the server already had (duplicate) off the queue like an applied one, with its answer', async () => {
    const store = newStore();
    const a = await queue(store, action());
    const report = await syncQueue(
      store,
      async (batch) => batch.map((x) => ({ ...applied(x), status: 'duplicate' as const })),
      () => AT,
      BATCH,
    );
    expect(report.applied).toBe(1);
    expect(report.results.map((r) => r.id)).toEqual([a.id]);
    expect(await store.count()).toBe(0);
  });

  it('keeps a refused action for attention with the server message, never dropping it, and sends the rest', async () => {
    const store = newStore();
    const good = await queue(store, action());
    const bad = await queue(store, action('bad'));
    const after = await queue(store, action());
    const server = fakeServer((a) =>
      a.id === bad.id ? { ...applied(a), status: 'refused', message: 'Product 99 is not one of your products' } : applied(a),
    );
    const report = await syncQueue(store, server.send, () => AT, BATCH);
    expect(server.sent()).toEqual([good.id, bad.id, after.id]);
    expect(report.refused).toBe(1);
    expect(report.results.map((r) => r.id)).toEqual([good.id, after.id]);
    expect(await store.attention()).toEqual([
      { id: bad.id, action: bad, message: 'Product 99 is not one of your products', at: AT },
    ]);
  });

  it('sends a batch the server refuses whole (400) one action at a time, keeping the one refused with its message', async () => {
    const store = newStore();
    const actions = [await queue(store, action()), await queue(store, action()), await queue(store, action())];
    const sent: string[][] = [];
    const send = async (batch: Action[]) => {
      sent.push(batch.map((a) => a.id));
      if (batch.some((a) => a.id === actions[1].id))
        throw new SyncError('Enter a valid e-mail address for the receipt', 400, false);
      return batch.map((a) => applied(a));
    };
    await syncQueue(store, send, () => AT, BATCH);
    expect(sent).toEqual([actions.map((a) => a.id), [actions[0].id], [actions[1].id], [actions[2].id]]);
    expect((await store.attention()).map((a) => a.message)).toEqual(['Enter a valid e-mail address for the receipt']);
    expect(await store.count()).toBe(0);
  });

  it('keeps the conflicts of applied actions for the person (an oversell, a match over the cap)', async () => {
    const store = newStore();
    const a = await queue(store, action());
    const over = { message: 'Sold 3 Sweet corn at the stand, 1 more than was left: stock set to 0' };
    const report = await syncQueue(store, fakeServer((x) => applied(x, [over])).send, () => AT, BATCH);
    expect(report.conflicts).toBe(1);
    expect((await store.conflicts()).map((c) => [c.actionId, c.conflict.message])).toEqual([[a.id, over.message]]);
  });

  it('stops with the queue kept when the server answers none of the actions sent, and sends them again later', async () => {
    const store = newStore();
    await queue(store, action());
    await expect(
      syncQueue(
        store,
        async () => [],
        () => AT,
        BATCH,
      ),
    ).rejects.toThrow('answered none');
    expect(await store.count()).toBe(1);
  });
});
