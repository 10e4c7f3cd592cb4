import { STAND_SYNC_BATCH } from '@farmstand/shared/constants/limits';
import type { StandAction, StandActionResult, StandCatalog } from '@farmstand/shared/schemas/stand';
import type { QueuedAction, StandStore } from './store';

/**
 * The phone's queue of actions (decision 577). Each sale or pickup is written to the device's
 * storage, with the stock it takes off the kept catalogue, in one transaction, before the screen
 * says it is done; `syncQueue` then sends the queue in order, in batches of `STAND_SYNC_BATCH`, and
 * takes off what the server applied (its conflicts kept for the farmer) or refused (kept, with the
 * server's message, under "Needs attention"). Nothing leaves the queue without an answer for it.
 */

/** Stock the action takes from the catalogue (a sale's lines; a pickup's was taken when the order was accepted). */
function taken(action: StandAction): Map<string, number> {
  const out = new Map<string, number>();
  if (action.kind !== 'sale') return out;
  for (const line of action.lines) {
    const key = `${line.productId}:${line.variantId ?? ''}`;
    out.set(key, (out.get(key) ?? 0) + line.quantity);
  }
  return out;
}

/** The catalogue less what these actions sold (stock may go below 0: an oversell, flagged at sync) and with their pickups handed over. */
export function withActions(catalog: StandCatalog, actions: readonly StandAction[]): StandCatalog {
  if (actions.length === 0) return catalog;
  const sold = new Map<string, number>();
  const handed = new Set<number>();
  for (const action of actions) {
    for (const [key, quantity] of taken(action)) sold.set(key, (sold.get(key) ?? 0) + quantity);
    if (action.kind === 'pickup') handed.add(action.orderId);
  }
  const less = (stock: number | null, key: string) => (stock === null ? null : stock - (sold.get(key) ?? 0));
  return {
    ...catalog,
    products: catalog.products.map((product) => ({
      ...product,
      stock: less(product.stock, `${product.id}:`),
      variants: product.variants.map((variant) => ({ ...variant, stock: less(variant.stock, `${product.id}:${variant.id}`) })),
    })),
    pickups: catalog.pickups.map((pickup) => (handed.has(pickup.order_id) ? { ...pickup, status: 'picked_up' } : pickup)),
  };
}

/**
 * What the till must fix before an action is queued (the server's schema checks the rest, and a
 * batch it refuses whole is sent again one action at a time): an id, a sale with a line, a receipt
 * address that is one. Checked here without zod, which the register's first load does not carry.
 */
export function actionProblem(action: StandAction): string | null {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(action.id))
    return 'Each action needs its own id (a UUID made on the device)';
  if (action.device.trim() === '') return 'Name this phone first';
  if (action.kind === 'sale') {
    if (action.lines.length === 0) return 'A sale needs at least one item';
    if (action.receiptEmail !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(action.receiptEmail))
      return 'Enter a valid e-mail address for the receipt';
  }
  return null;
}

/**
 * Writes an action to the queue and takes its stock off the kept catalogue; resolves once both
 * are stored. An action the till must correct first (`actionProblem`) is refused with the reason.
 */
export async function queueAction(store: StandStore, action: StandAction, queuedAt: string): Promise<StandAction> {
  const problem = actionProblem(action);
  if (problem) throw new Error(problem);
  await store.enqueue({ id: action.id, action, queuedAt }, (catalog) => (catalog ? withActions(catalog, [action]) : null));
  return action;
}

/** A fresh catalogue from the server, less the actions still waiting on this phone. */
export const keepCatalog = (store: StandStore, fresh: StandCatalog) =>
  store.replaceCatalog(fresh, (catalog, queued) =>
    withActions(
      catalog,
      queued.map((entry) => entry.action),
    ),
  );

/** Why a whole request failed: `retry` (no signal, a server error) or `stop` (signed out, not allowed). */
export class SyncError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

/** Sends one batch; answers one result per action, or throws (`SyncError` for a whole-request answer). */
export type SendBatch = (actions: StandAction[]) => Promise<StandActionResult[]>;

export type SyncReport = { applied: number; refused: number; conflicts: number; left: number };

/**
 * Sends the queue in order until it is empty or a request fails. A batch the server refuses as a
 * whole (400: one action its schema refuses) is sent again one action at a time, so the others
 * still go and the one refused is kept with the server's message. A network failure or a server
 * error throws, and the queue is left as it was for the next try.
 */
export async function syncQueue(store: StandStore, send: SendBatch, now: () => string): Promise<SyncReport> {
  const report: SyncReport = { applied: 0, refused: 0, conflicts: 0, left: 0 };
  for (;;) {
    const batch = await store.pending(STAND_SYNC_BATCH);
    if (batch.length === 0) break;
    let results: StandActionResult[];
    try {
      results = await send(batch.map((entry) => entry.action));
    } catch (error) {
      if (!(error instanceof SyncError) || error.status !== 400) throw error;
      results = await oneByOne(batch, send);
    }
    const byId = new Map(results.map((result) => [result.id, result]));
    const answered = batch.filter((entry) => byId.has(entry.id));
    if (answered.length === 0) throw new SyncError('The server answered none of the actions sent', 502, true);
    const at = now();
    const applied = answered
      .filter((entry) => byId.get(entry.id)?.status === 'applied')
      .map((entry) => ({ id: entry.id, conflicts: byId.get(entry.id)?.conflicts ?? [] }));
    const refused = answered
      .filter((entry) => byId.get(entry.id)?.status === 'refused')
      .map((entry) => ({ id: entry.id, action: entry.action, message: byId.get(entry.id)?.message ?? 'Refused', at }));
    await store.settle({ applied, refused, at });
    report.applied += applied.length;
    report.refused += refused.length;
    report.conflicts += applied.reduce((sum, a) => sum + a.conflicts.length, 0);
    // The server answers every action sent; one it did not answer is sent again next time.
    if (answered.length < batch.length) break;
  }
  report.left = await store.count();
  return report;
}

/** A batch refused whole, action by action in order: each one refused alone gets the server's message. */
async function oneByOne(batch: QueuedAction[], send: SendBatch): Promise<StandActionResult[]> {
  const results: StandActionResult[] = [];
  for (const entry of batch) {
    try {
      results.push(...(await send([entry.action])));
    } catch (error) {
      if (!(error instanceof SyncError) || error.status !== 400) throw error;
      results.push({
        id: entry.id,
        status: 'refused',
        duplicate: false,
        order_id: null,
        total_cents: null,
        tax_cents: null,
        message: error.message,
        conflicts: [],
      });
    }
  }
  return results;
}
