import { STORAGE_KEYS } from '@farmstand/shared';
import { byWeightOf, type Estimate, lineEstimate, type WeightUnit } from '@farmstand/shared/format/by-weight';
import { toCents, toDollars } from '@farmstand/shared/format/money';
import type { Season } from '@farmstand/shared/format/season';
import { useSyncExternalStore } from 'react';
import { SIGNED_OUT_EVENT } from '@/lib/storage';

/**
 * One line of a basket: enough to show it and to place the order (the server re-checks everything).
 * A line is one product, or one variant of it: (productId, variantId) is its key. Baskets stored
 * before variants existed have no variantId and no weight fields, and read as sold by the piece.
 */
export type BasketLine = {
  productId: number;
  variantId?: number | null;
  /** The chosen variant's name ("Ribeye, 2 per pack"). */
  variantName?: string | null;
  name: string;
  /** By the piece: the price of one; by weight: the price per weightUnit. */
  price: number;
  priceUnit: string | null;
  /** By weight (decision 510): each pack weighs packMin–packMax of weightUnit; quantity counts packs. */
  weightUnit?: WeightUnit | null;
  packMin?: number | null;
  packMax?: number | null;
  quantity: number;
  max: number;
  /** The product's season when it was added, so checkout offers only pickup days inside it (the server re-checks). */
  season?: Season;
};
/**
 * A basket per producer, since an order goes to one farm and one pickup window. `pointId` is the
 * pickup place the shopper last chose on a product's reserve card (its day limit and minimum order
 * were shown for it): checkout starts on that place's first open time, and the next card on it.
 */
export type Basket = { producerUserId: number; farmName: string; lines: BasketLine[]; pointId?: number | null };

const STORAGE_KEY = STORAGE_KEYS.baskets;
const listeners = new Set<() => void>();
let cache: Basket[] | null = null;

function read(): Basket[] {
  if (cache) return cache;
  try {
    const parsed = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    cache = Array.isArray(parsed) ? (parsed as Basket[]) : [];
  } catch {
    cache = [];
  }
  return cache;
}

function write(baskets: Basket[]): void {
  cache = baskets.filter((b) => b.lines.length > 0);
  localStorage.setItem(STORAGE_KEY, JSON.stringify(cache));
  for (const listener of listeners) listener();
}

function reread(): void {
  cache = null;
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  // Another tab changed the baskets (or signed out): read them again.
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEY || event.key === null) reread();
  });
  // Signing out removed them in this tab (lib/storage.ts): the page must not keep showing them.
  window.addEventListener(SIGNED_OUT_EVENT, reread);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useBaskets(): Basket[] {
  return useSyncExternalStore(subscribe, read, () => []);
}

/** How many units a basket holds (a by-weight line counts its packs). */
export const basketCount = (basket: Basket) => basket.lines.reduce((n, line) => n + line.quantity, 0);

/** Every basket's units together: the count the header shows beside "Basket". */
export function useBasketCount(): number {
  return useBaskets().reduce((n, basket) => n + basketCount(basket), 0);
}

export function useBasket(producerUserId: number): Basket | undefined {
  return useBaskets().find((b) => b.producerUserId === producerUserId);
}

/** Which line: a product, or one of its variants. */
export type LineKey = { productId: number; variantId?: number | null };

const isLine = (line: LineKey, key: LineKey) =>
  line.productId === key.productId && (line.variantId ?? null) === (key.variantId ?? null);

/** A React key for a line. */
export const lineKey = (line: LineKey) => `${line.productId}:${line.variantId ?? ''}`;

/** Adds to the line (or starts it), never beyond what can be reserved; a place given becomes the basket's. */
export function addToBasket(
  producer: { producerUserId: number; farmName: string; pointId?: number | null },
  line: BasketLine,
): void {
  const baskets = read().map((b) => ({ ...b, lines: [...b.lines] }));
  let basket = baskets.find((b) => b.producerUserId === producer.producerUserId);
  if (!basket) {
    basket = { ...producer, lines: [] };
    baskets.push(basket);
  } else if (producer.pointId != null) basket.pointId = producer.pointId;
  const existing = basket.lines.find((l) => isLine(l, line));
  if (existing) Object.assign(existing, { ...line, quantity: Math.min(line.max, existing.quantity + line.quantity) });
  else basket.lines.push({ ...line, quantity: Math.min(line.max, line.quantity) });
  write(baskets);
}

/**
 * Changes a line to a whole number from 1 up to what can be reserved. Anything else (an emptied
 * field, 0, a fraction) leaves the line as it was: a line leaves the basket only by `removeFromBasket`.
 */
export function setQuantity(producerUserId: number, key: LineKey, quantity: number): void {
  if (!Number.isInteger(quantity) || quantity < 1) return;
  write(
    read().map((b) =>
      b.producerUserId !== producerUserId
        ? b
        : { ...b, lines: b.lines.map((l) => (isLine(l, key) ? { ...l, quantity: Math.min(l.max, quantity) } : l)) },
    ),
  );
}

/** Takes a line out of the basket (the explicit Remove); the basket goes when its last line does. */
export function removeFromBasket(producerUserId: number, key: LineKey): void {
  write(read().map((b) => (b.producerUserId !== producerUserId ? b : { ...b, lines: b.lines.filter((l) => !isLine(l, key)) })));
}

export function clearBasket(producerUserId: number): void {
  write(read().filter((b) => b.producerUserId !== producerUserId));
}

/** A line's by-weight offer, or null when it is sold by the piece (old stored lines included). */
export const lineByWeight = (l: BasketLine) =>
  byWeightOf({ price: l.price, weight_unit: l.weightUnit ?? null, pack_min: l.packMin ?? null, pack_max: l.packMax ?? null });

/** A line's amount in cents: by weight its estimate and range (the shared rule), else exact. */
export function lineAmount(l: BasketLine): Estimate {
  const offer = lineByWeight(l);
  if (offer) return lineEstimate(offer, l.quantity);
  const cents = toCents(l.price) * l.quantity;
  return { estimateCents: cents, minCents: cents, maxCents: cents };
}

/** The basket's amount in cents: the sum of its lines' estimates and ranges. */
export function basketAmount(basket: Basket): Estimate {
  return basket.lines.reduce(
    (sum, l) => {
      const a = lineAmount(l);
      return {
        estimateCents: sum.estimateCents + a.estimateCents,
        minCents: sum.minCents + a.minCents,
        maxCents: sum.maxCents + a.maxCents,
      };
    },
    { estimateCents: 0, minCents: 0, maxCents: 0 },
  );
}

/** True when some line is sold by weight: its total is an estimate until the producer weighs it. */
export const isEstimated = (basket: Basket) => basket.lines.some((l) => lineByWeight(l) !== null);

/** The basket's total in dollars: the estimate when lines are sold by weight (what minimums compare). */
export const basketTotal = (basket: Basket) => toDollars(basketAmount(basket).estimateCents);

/** What can go in a basket, as the server rules it (decision 171); null = can be reserved. */
export function reserveBlocker(product: {
  category: string;
  price: number | string | null;
  availability: string;
  stock_quantity: number | null;
  seasonal_start: string | null;
  seasonal_end: string | null;
}): string | null {
  if (product.category === 'herdshare') return 'Herdshares are arranged with the producer: send an inquiry.';
  if (product.price === null) return 'No price yet: send the producer an inquiry.';
  if (product.availability === 'sold_out' || product.stock_quantity === 0) return 'Sold out for now.';
  if (product.availability === 'seasonal' && !product.seasonal_start && !product.seasonal_end) {
    return 'Seasonal: ask the producer when it is ready.';
  }
  return null;
}

export { maxReservable } from '@farmstand/shared/constants/orders';
