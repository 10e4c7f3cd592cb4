import { DEFAULT_BENEFIT_TABLE } from '@farmstand/shared/benefits/programmes';
import type {
  StandAction,
  StandActionResult,
  StandCatalog,
  StandConflict,
  StandSaleAction,
} from '@farmstand/shared/schemas/stand';
import { describe, expect, it } from 'vitest';
import { MemoryOfflineStore } from '@/lib/offline-queue.fixture';
import { withActions } from './queue';
import { StandSession } from './session';
import { standCatalog } from './stand.fixture';

// The queue's own rules (order, batches, one entry per id, refusals, conflicts) are tested in
// lib/offline-queue.test.ts; these are the stand's: what a sale does to the phone's stock and pickups.

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

const applied = (action: StandAction): StandActionResult => ({
  id: action.id,
  status: 'applied',
  duplicate: false,
  order_id: 1,
  total_cents: 400,
  tax_cents: 0,
  message: 'Recorded',
  conflicts: [],
});

/** A register on a phone with its store in memory; `online` and the server's catalogue are the test's. */
function register(fresh: () => StandCatalog = () => standCatalog()) {
  const store = new MemoryOfflineStore<StandAction, StandConflict, StandCatalog>();
  const phone = { online: false };
  const session = new StandSession(store, {
    send: async (actions) => actions.map(applied),
    fetchCatalog: async () => fresh(),
    fetchTable: async () => DEFAULT_BENEFIT_TABLE,
    now: () => AT,
    isOnline: () => phone.online,
  });
  return { store, session, phone };
}

describe('the stand register’s queue', () => {
  it('refuses to queue an action the contract refuses (a receipt e-mail typed wrong) before the sale says done', async () => {
    const { store, session } = register();
    await expect(session.record({ ...sale(), receiptEmail: 'not-an-email' })).rejects.toThrow('valid e-mail');
    expect(await store.count()).toBe(0);
  });

  it('takes each sale off the stock kept on the phone, below 0 when oversold, and keeps that after a fresh catalogue while queued', async () => {
    const { store, session, phone } = register();
    store.kept = standCatalog();
    await session.record(sale(2, 13));
    await session.record(sale(4, 1, 42));
    const stockOf = () => store.kept?.products.find((p) => p.id === 2)?.stock;
    expect(stockOf()).toBe(-1);
    expect(store.kept?.products.find((p) => p.id === 4)?.variants.find((v) => v.id === 42)?.stock).toBe(1);
    // The server has not seen the sale yet: its fresh catalogue still says 12; the queued sale stays taken off.
    await store.replaceCatalog(standCatalog(), (catalog, queued) =>
      withActions(
        catalog,
        queued.map((q) => q.action),
      ),
    );
    expect(stockOf()).toBe(-1);
    // Online, the sync sends the sales, then keeps the server's fresh catalogue (which has them).
    phone.online = true;
    session.kick();
    await session.idle();
    expect(await store.count()).toBe(0);
    expect(stockOf()).toBe(12);
  });

  it('marks a pickup handed over on the phone as soon as it is queued', async () => {
    const { store, session } = register();
    store.kept = standCatalog();
    await session.record({
      id: uuid(),
      kind: 'pickup',
      at: AT,
      device: 'Phone 1',
      orderId: 101,
      weights: [],
      tenders: { cash: 1800 },
    });
    expect(store.kept?.pickups[0].status).toBe('picked_up');
  });

  it('keeps the benefit table fetched with the catalogue for a day without signal', async () => {
    const { store, session, phone } = register();
    phone.online = true;
    await session.start();
    await session.idle();
    expect(session.getSnapshot().table).toEqual(DEFAULT_BENEFIT_TABLE);
    expect(await store.value('benefit-table')).toEqual(DEFAULT_BENEFIT_TABLE);
  });
});
