import { STORAGE_KEYS } from '@farmstand/shared';
import type { Season } from '@farmstand/shared/format/season';
import { useSyncExternalStore } from 'react';
import { SIGNED_OUT_EVENT } from '@/lib/storage';

/** One line of a basket: enough to show it and to place the order (the server re-checks everything). */
export type BasketLine = {
  productId: number;
  name: string;
  price: number;
  priceUnit: string | null;
  quantity: number;
  max: number;
  /** The product's season when it was added, so checkout offers only pickup days inside it (the server re-checks). */
  season?: Season;
};
/** A basket per producer, since an order goes to one farm and one pickup window. */
export type Basket = { producerUserId: number; farmName: string; lines: BasketLine[] };

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

export function useBasket(producerUserId: number): Basket | undefined {
  return useBaskets().find((b) => b.producerUserId === producerUserId);
}

/** Adds to the line (or starts it), never beyond what can be reserved. */
export function addToBasket(producer: { producerUserId: number; farmName: string }, line: BasketLine): void {
  const baskets = read().map((b) => ({ ...b, lines: [...b.lines] }));
  let basket = baskets.find((b) => b.producerUserId === producer.producerUserId);
  if (!basket) {
    basket = { ...producer, lines: [] };
    baskets.push(basket);
  }
  const existing = basket.lines.find((l) => l.productId === line.productId);
  if (existing) Object.assign(existing, { ...line, quantity: Math.min(line.max, existing.quantity + line.quantity) });
  else basket.lines.push({ ...line, quantity: Math.min(line.max, line.quantity) });
  write(baskets);
}

/**
 * Changes a line to a whole number from 1 up to what can be reserved. Anything else (an emptied
 * field, 0, a fraction) leaves the line as it was: a line leaves the basket only by `removeFromBasket`.
 */
export function setQuantity(producerUserId: number, productId: number, quantity: number): void {
  if (!Number.isInteger(quantity) || quantity < 1) return;
  write(
    read().map((b) =>
      b.producerUserId !== producerUserId
        ? b
        : { ...b, lines: b.lines.map((l) => (l.productId === productId ? { ...l, quantity: Math.min(l.max, quantity) } : l)) },
    ),
  );
}

/** Takes a line out of the basket (the explicit Remove); the basket goes when its last line does. */
export function removeFromBasket(producerUserId: number, productId: number): void {
  write(
    read().map((b) =>
      b.producerUserId !== producerUserId ? b : { ...b, lines: b.lines.filter((l) => l.productId !== productId) },
    ),
  );
}

export function clearBasket(producerUserId: number): void {
  write(read().filter((b) => b.producerUserId !== producerUserId));
}

export const basketTotal = (basket: Basket) =>
  basket.lines.reduce((sum, l) => sum + Math.round(l.price * 100) * l.quantity, 0) / 100;
