import { autoMatchCents } from '@farmstand/shared/markets/booth-rules';
import type { BoothCatalog, BoothEntry, MarketCurrency } from '@farmstand/shared/schemas/market-office';
import type { z } from 'zod';

export type Catalog = z.infer<typeof BoothCatalog>;

/**
 * The booth phone's estimate of the incentive's match without signal (decision 582): the match the
 * server would grant for 'auto' (the shared rule `autoMatchCents`: matchPercent of the amount, at
 * most what is left of the shopper's cap today, rounded down to whole incentive tokens), counting what the shopper was matched today
 * as the kept catalogue says plus what this phone queued since. The phone hands that out and sends
 * it as a number; the server records it and flags any part past the cap (another phone's swipe it
 * could not see) for the manager.
 */

/** Whether the incentive matches this currency for an identified shopper. */
export function matches(catalog: Catalog, currency: MarketCurrency, shopperKey: string | null): boolean {
  return Boolean(catalog.incentive && shopperKey && catalog.incentive.matches.includes(currency));
}

/** What the shopper was matched today, as far as this phone knows. */
export const matchedOf = (catalog: Catalog, shopperKey: string): number =>
  catalog.matchedToday.find((m) => m.shopperKey === shopperKey)?.matchedCents ?? 0;

/** What is left of the shopper's cap today, as far as this phone knows (null: no incentive here). */
export function capLeft(catalog: Catalog, shopperKey: string): number | null {
  if (!catalog.incentive) return null;
  return Math.max(0, catalog.incentive.capCents - matchedOf(catalog, shopperKey));
}

/** The match to hand out for an issue of `amountCents` of `currency` to this shopper. */
export function estimateMatch(
  catalog: Catalog,
  entry: { currency: MarketCurrency; amountCents: number; shopperKey: string | null },
): number {
  const { incentive } = catalog;
  if (!incentive || !entry.shopperKey || !matches(catalog, entry.currency, entry.shopperKey)) return 0;
  return autoMatchCents(entry.amountCents, incentive, capLeft(catalog, entry.shopperKey) ?? 0);
}

/** The match an entry hands out: its own number, or for 'auto' the estimate against this catalogue. */
const matchOf = (catalog: Catalog, entry: BoothEntry): number =>
  entry.kind !== 'issue' ? 0 : entry.match === 'auto' ? estimateMatch(catalog, entry) : entry.match;

/**
 * The catalogue with these entries' matches added to their shoppers' totals today: written with each
 * entry queued, and laid again over a fresh catalogue for the entries still waiting. An entry of
 * another day than the catalogue's today (a phone kept overnight) does not count toward it.
 */
export function withEntries(catalog: Catalog, entries: readonly BoothEntry[], dateOf: (at: string) => string): Catalog {
  let matchedToday = catalog.matchedToday;
  for (const entry of entries) {
    const match = matchOf({ ...catalog, matchedToday }, entry);
    if (match === 0 || !entry.shopperKey || dateOf(entry.at) !== catalog.today) continue;
    const key = entry.shopperKey;
    const before = matchedToday.find((m) => m.shopperKey === key)?.matchedCents ?? 0;
    matchedToday = [...matchedToday.filter((m) => m.shopperKey !== key), { shopperKey: key, matchedCents: before + match }];
  }
  return { ...catalog, matchedToday };
}
