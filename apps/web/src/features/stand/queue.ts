import type { StandAction, StandCatalog } from '@farmstand/shared/schemas/stand';

/**
 * The stand's rules for the phone's queue of actions (decision 577; the queue itself is the shared
 * `lib/offline-queue.ts`): each sale or pickup is written to the device's storage with the stock
 * it takes off the kept catalogue, in one transaction, before the screen says it is done, and a
 * fresh catalogue is kept less what the still-queued actions take.
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
