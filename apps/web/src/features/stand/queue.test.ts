import {
  STAND_SYNC_BATCH,
  type StandAction,
  type StandActionResult,
  type StandCatalog,
  type StandSaleAction,
} from '@farmstand/shared/schemas/stand';
import { describe, expect, it } from 'vitest';
import { keepCatalog, queueAction, SyncError, syncQueue, withActions } from './queue';
import { standCatalog } from './stand.fixture';
import type { AttentionItem, CatalogUpdate, ConflictItem, QueuedAction, Settled, StandStore } from './store';

/** The register's store in memory, for tests: the same interface and rules as IndexedDB's. */
class MemoryStandStore implements StandStore {
  queue: QueuedAction[] = [];
  kept: StandCatalog | null = null;
  attentionItems = new Map<string, AttentionItem>();
  conflictItems: ConflictItem[] = [];
  values = new Map<string, unknown>();
  private seq = 0;
  private key = 0;

  async enqueue(entry: QueuedAction, update: CatalogUpdate) {
    if (this.queue.some((q) => q.id === entry.id)) return false;
    this.seq += 1;
    this.queue.push(structuredClone({ ...entry, seq: this.seq }));
    this.kept = update(this.kept) ?? this.kept;
    return true;
  }
  async pending(limit: number) {
    return structuredClone(this.queue.slice(0, limit));
  }
  async count() {
    return this.queue.length;
  }
  async settle(settled: Settled) {
    const gone = new Set([...settled.applied.map((a) => a.id), ...settled.refused.map((r) => r.id)]);
    this.queue = this.queue.filter((q) => !gone.has(q.id));
    for (const { id, conflicts } of settled.applied)
      for (const conflict of conflicts) this.conflictItems.push({ key: ++this.key, actionId: id, conflict, at: settled.at });
    for (const item of settled.refused) this.attentionItems.set(item.id, item);
  }
  async attention() {
    return [...this.attentionItems.values()];
  }
  async removeAttention(id: string) {
    this.attentionItems.delete(id);
  }
  async conflicts() {
    return [...this.conflictItems];
  }
  async removeConflict(key: number) {
    this.conflictItems = this.conflictItems.filter((c) => c.key !== key);
  }
  async catalog() {
    return this.kept;
  }
  async replaceCatalog(fresh: StandCatalog, adjust: (fresh: StandCatalog, queued: QueuedAction[]) => StandCatalog) {
    this.kept = adjust(fresh, this.queue);
  }
  async value<T>(key: string) {
    return (this.values.get(key) as T | undefined) ?? null;
  }
  async setValue(key: string, value: unknown) {
    this.values.set(key, value);
  }
}

const AT = '2026-12-06T15:00:00.000Z';
let n = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

function sale(productId = 1, quantity = 1, variantId: number | null = null): StandSaleAction {
  return {
    id: uuid(),
    kind: 'sale',
    at: AT,
    device: 'Phone 1',
    lines: [{ productId, variantId, quantity, weights: null }],
    tenders: { cash: 400 * quantity },
    receiptEmail: null,
  };
}

const applied = (action: StandAction, conflicts: StandActionResult['conflicts'] = []): StandActionResult => ({
  id: action.id,
  status: 'applied',
  duplicate: false,
  order_id: 1,
  total_cents: 400,
  tax_cents: 0,
  message: 'Recorded',
  conflicts,
});

/** A server that records what it was sent, in order, and applies each id once. */
function fakeServer(answer: (action: StandAction) => StandActionResult = (a) => applied(a)) {
  const batches: StandAction[][] = [];
  const seen = new Set<string>();
  const send = async (actions: StandAction[]) => {
    batches.push(actions);
    return actions.map((action) => {
      const result = answer(action);
      const duplicate = seen.has(action.id);
      seen.add(action.id);
      return { ...result, duplicate };
    });
  };
  return { batches, send, sent: () => batches.flat().map((a) => a.id) };
}

describe('the phone queue of stand actions', () => {
  it('sends the queued actions in the order they were made, in batches of STAND_SYNC_BATCH, and empties the queue', async () => {
    const store = new MemoryStandStore();
    const made: string[] = [];
    for (let i = 0; i < 1000; i++) made.push((await queueAction(store, sale(), AT)).id);
    expect(await store.count()).toBe(1000);
    const server = fakeServer();
    const report = await syncQueue(store, server.send, () => AT);
    expect(server.sent()).toEqual(made);
    expect(server.batches.map((b) => b.length)).toEqual([200, 200, 200, 200, 200]);
    expect(Math.max(...server.batches.map((b) => b.length))).toBeLessThanOrEqual(STAND_SYNC_BATCH);
    expect(report).toEqual({ applied: 1000, refused: 0, conflicts: 0, left: 0 });
  });

  it('keeps one entry per action id: queueing the same action twice sends it once', async () => {
    const store = new MemoryStandStore();
    const action = sale();
    await queueAction(store, action, AT);
    await queueAction(store, action, AT);
    expect(await store.count()).toBe(1);
  });

  it('leaves the queue as it was when the network fails, and a retry sends the same ids again (applied once by the server)', async () => {
    const store = new MemoryStandStore();
    const ids = [(await queueAction(store, sale(), AT)).id, (await queueAction(store, sale(), AT)).id];
    await expect(
      syncQueue(
        store,
        async () => {
          throw new SyncError('Could not reach Farmstand', 0, true);
        },
        () => AT,
      ),
    ).rejects.toThrow('Could not reach');
    expect(await store.count()).toBe(2);
    const server = fakeServer();
    await syncQueue(store, server.send, () => AT);
    expect(server.sent()).toEqual(ids);
    expect(await store.count()).toBe(0);
  });

  it('keeps a refused action under Needs attention with the server message, never dropping it, and sends the rest', async () => {
    const store = new MemoryStandStore();
    const good = await queueAction(store, sale(), AT);
    const bad = await queueAction(store, sale(99), AT);
    const after = await queueAction(store, sale(), AT);
    const server = fakeServer((action) =>
      action.id === bad.id
        ? { ...applied(action), status: 'refused', message: 'Product 99 is not one of your products' }
        : applied(action),
    );
    const report = await syncQueue(store, server.send, () => AT);
    expect(server.sent()).toEqual([good.id, bad.id, after.id]);
    expect(report.refused).toBe(1);
    expect(await store.attention()).toEqual([
      { id: bad.id, action: bad, message: 'Product 99 is not one of your products', at: AT },
    ]);
  });

  it('sends a batch the server refuses whole (400) one action at a time, keeping the one refused with its message', async () => {
    const store = new MemoryStandStore();
    const actions = [
      await queueAction(store, sale(), AT),
      await queueAction(store, sale(), AT),
      await queueAction(store, sale(), AT),
    ];
    const sent: string[][] = [];
    const send = async (batch: StandAction[]) => {
      sent.push(batch.map((a) => a.id));
      if (batch.some((a) => a.id === actions[1].id))
        throw new SyncError('Enter a valid e-mail address for the receipt', 400, false);
      return batch.map((a) => applied(a));
    };
    await syncQueue(store, send, () => AT);
    expect(sent).toEqual([actions.map((a) => a.id), [actions[0].id], [actions[1].id], [actions[2].id]]);
    expect((await store.attention()).map((a) => a.message)).toEqual(['Enter a valid e-mail address for the receipt']);
    expect(await store.count()).toBe(0);
  });

  it('keeps the conflicts of applied actions for the farmer (an oversell flagged at the first sync)', async () => {
    const store = new MemoryStandStore();
    const action = await queueAction(store, sale(2, 3), AT);
    const oversold = {
      kind: 'oversold' as const,
      message: 'Sold 3 Sweet corn at the stand, 1 more than was left: stock set to 0',
      productId: 2,
      orderId: null,
    };
    const report = await syncQueue(store, fakeServer((a) => applied(a, [oversold])).send, () => AT);
    expect(report.conflicts).toBe(1);
    expect((await store.conflicts()).map((c) => [c.actionId, c.conflict.message])).toEqual([[action.id, oversold.message]]);
  });

  it('refuses to queue an action the contract refuses (a receipt e-mail typed wrong) before the sale says done', async () => {
    const store = new MemoryStandStore();
    await expect(queueAction(store, { ...sale(), receiptEmail: 'not-an-email' }, AT)).rejects.toThrow();
    expect(await store.count()).toBe(0);
  });

  it('takes each sale off the stock kept on the phone, below 0 when oversold, and keeps that after a fresh catalogue while queued', async () => {
    const store = new MemoryStandStore();
    store.kept = standCatalog();
    await queueAction(store, sale(2, 13), AT);
    await queueAction(store, sale(4, 1, 42), AT);
    const stockOf = () => store.kept?.products.find((p) => p.id === 2)?.stock;
    expect(stockOf()).toBe(-1);
    expect(store.kept?.products.find((p) => p.id === 4)?.variants.find((v) => v.id === 42)?.stock).toBe(1);
    // The server has not seen the sale yet: its fresh catalogue still says 12; the queued sale stays taken off.
    await keepCatalog(store, standCatalog());
    expect(stockOf()).toBe(-1);
    await syncQueue(store, fakeServer().send, () => AT);
    await keepCatalog(store, withActions(standCatalog(), []));
    expect(stockOf()).toBe(12);
  });

  it('marks a pickup handed over on the phone as soon as it is queued', async () => {
    const store = new MemoryStandStore();
    store.kept = standCatalog();
    await queueAction(
      store,
      { id: uuid(), kind: 'pickup', at: AT, device: 'Phone 1', orderId: 101, weights: [], tenders: { cash: 1800 } },
      AT,
    );
    expect(store.kept?.pickups[0].status).toBe('picked_up');
  });
});
