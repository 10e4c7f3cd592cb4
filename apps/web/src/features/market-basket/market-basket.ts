import { STORAGE_KEYS } from '@farmstand/shared';
import { byWeightOf, type Estimate, lineEstimate, type WeightUnit } from '@farmstand/shared/format/by-weight';
import { toCents } from '@farmstand/shared/format/money';
import { useMemo, useSyncExternalStore } from 'react';
import { SIGNED_OUT_EVENT, storage } from '@/lib/storage';

/**
 * The shopper's market basket (issue 49): one per market, kept in this browser until it is placed.
 * Lines of several farms for one market day; `clientKey` is made once per basket and sent with each
 * attempt to place it, so a retry (a lost answer, a second tap) gets the market order already placed.
 * It is dropped only when the placement succeeds. The server checks every line again.
 */
export type MarketLine = {
  producerUserId: number;
  farmName: string;
  productId: number;
  variantId: number | null;
  /** The product's name, with the variant's ("Eggs (dozen)", format/quantity#lineName). */
  name: string;
  /** Dollars (the offer's own): by the piece the price of one, by weight the price per weightUnit. */
  price: number;
  priceUnit: string | null;
  weightUnit: WeightUnit | null;
  packMin: number | null;
  packMax: number | null;
  quantity: number;
  /** The most that can be reserved (the offer's stock, or the line limit). */
  max: number;
};

export type MarketBasket = {
  marketId: number;
  slug: string;
  marketName: string;
  /** The market day (local date in the market's zone) the basket is for. */
  date: string;
  clientKey: string;
  lines: MarketLine[];
};

type Stored = Record<string, MarketBasket>;
const KEY = STORAGE_KEYS.marketBaskets;
const listeners = new Set<() => void>();

function parse(raw: string | null): Stored {
  try {
    const parsed: unknown = JSON.parse(raw ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Stored) : {};
  } catch {
    return {};
  }
}
const readAll = () => parse(storage.get(KEY));

function writeAll(baskets: Stored): void {
  storage.set(KEY, JSON.stringify(baskets));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const reread = (event: Event) => {
    if (!(event instanceof StorageEvent) || event.key === KEY || event.key === null) listener();
  };
  // Another tab changed it, or signing out removed it (lib/storage.ts).
  window.addEventListener('storage', reread);
  window.addEventListener(SIGNED_OUT_EVENT, reread);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', reread);
    window.removeEventListener(SIGNED_OUT_EVENT, reread);
  };
}

/** A new basket id: 32 hex digits from the browser's random source. */
export function newClientKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The stored baskets, following changes from any tab; the stored text is the snapshot (compared by value). */
function useStored(): Stored {
  const raw = useSyncExternalStore(
    subscribe,
    () => storage.get(KEY),
    () => null,
  );
  return useMemo(() => parse(raw), [raw]);
}

const filled = (basket: MarketBasket | undefined) => (basket && basket.lines.length > 0 ? basket : null);

/** The market's basket in this browser, or null when empty. */
export function useMarketBasket(marketId: number): MarketBasket | null {
  return filled(useStored()[String(marketId)]);
}

/** The basket of the market at this page address (/markets/{slug}/basket), or null. */
export function useMarketBasketBySlug(slug: string): MarketBasket | null {
  return filled(Object.values(useStored()).find((b) => b.slug === slug));
}

export type MarketRef = { marketId: number; slug: string; marketName: string; date: string };

const isLine = (l: MarketLine, productId: number, variantId: number | null) =>
  l.productId === productId && l.variantId === variantId;

function update(marketId: number, change: (basket: MarketBasket | undefined) => MarketBasket | null): void {
  const all = readAll();
  const next = change(all[String(marketId)]);
  if (next && next.lines.length > 0) all[String(marketId)] = next;
  else delete all[String(marketId)];
  writeAll(all);
}

/** Adds to a line (or starts it, and the basket) for the market day shown, never beyond what can be reserved. */
export function addToMarketBasket(market: MarketRef, line: MarketLine): void {
  update(market.marketId, (basket) => {
    // The basket follows the market day the shopper is adding for.
    const base = basket ? { ...basket, date: market.date } : { ...market, clientKey: newClientKey(), lines: [] };
    const existing = base.lines.find((l) => isLine(l, line.productId, line.variantId));
    const lines = existing
      ? base.lines.map((l) => (l === existing ? { ...line, quantity: Math.min(line.max, l.quantity + line.quantity) } : l))
      : [...base.lines, { ...line, quantity: Math.min(line.max, line.quantity) }];
    return { ...base, lines };
  });
}

/** A whole number from 1 up to what can be reserved; anything else leaves the line as it was. */
export function setMarketQuantity(marketId: number, productId: number, variantId: number | null, quantity: number): void {
  if (!Number.isInteger(quantity) || quantity < 1) return;
  update(marketId, (basket) =>
    basket
      ? {
          ...basket,
          lines: basket.lines.map((l) => (isLine(l, productId, variantId) ? { ...l, quantity: Math.min(l.max, quantity) } : l)),
        }
      : null,
  );
}

export function removeFromMarketBasket(marketId: number, productId: number, variantId: number | null): void {
  update(marketId, (basket) =>
    basket ? { ...basket, lines: basket.lines.filter((l) => !isLine(l, productId, variantId)) } : null,
  );
}

/** The shopper chose another market day: the same lines, for that day (the server checks them again). */
export function setMarketBasketDate(marketId: number, date: string): void {
  update(marketId, (basket) => (basket ? { ...basket, date } : null));
}

/** Placed: the basket and its id go (the next basket gets a new one). */
export function clearMarketBasket(marketId: number): void {
  update(marketId, () => null);
}

/** A line's amount in cents: by weight its estimate and range (the shared rule), else exact. */
export function marketLineAmount(l: MarketLine): Estimate {
  const offer = byWeightOf({ price: l.price, weight_unit: l.weightUnit, pack_min: l.packMin, pack_max: l.packMax });
  if (offer) return lineEstimate(offer, l.quantity);
  const cents = toCents(l.price) * l.quantity;
  return { estimateCents: cents, minCents: cents, maxCents: cents };
}

export const isByWeight = (l: MarketLine) => l.weightUnit !== null && l.packMin !== null && l.packMax !== null;

export type FarmPart = { producerUserId: number; farmName: string; lines: MarketLine[]; amount: Estimate };

const sum = (a: Estimate, b: Estimate): Estimate => ({
  estimateCents: a.estimateCents + b.estimateCents,
  minCents: a.minCents + b.minCents,
  maxCents: a.maxCents + b.maxCents,
});
const ZERO: Estimate = { estimateCents: 0, minCents: 0, maxCents: 0 };

/** The basket by farm, in the order the farms were first added, each with its subtotal. */
export function partsOf(lines: readonly MarketLine[]): FarmPart[] {
  const parts = new Map<number, FarmPart>();
  for (const line of lines) {
    const part = parts.get(line.producerUserId) ?? {
      producerUserId: line.producerUserId,
      farmName: line.farmName,
      lines: [],
      amount: ZERO,
    };
    part.lines.push(line);
    part.amount = sum(part.amount, marketLineAmount(line));
    parts.set(line.producerUserId, part);
  }
  return [...parts.values()];
}

export const basketAmount = (lines: readonly MarketLine[]): Estimate =>
  lines.reduce((total, l) => sum(total, marketLineAmount(l)), ZERO);

export const unitCount = (lines: readonly MarketLine[]) => lines.reduce((n, l) => n + l.quantity, 0);
