import { formatCents } from '@farmstand/shared/format/money';
import { autoMatchCents, type BoothIncentive, boothCurrencies, boothEntryProblem } from '@farmstand/shared/markets/booth-rules';
import { isMarketDay } from '@farmstand/shared/markets/calendar';
import { entryMoves } from '@farmstand/shared/markets/reconcile';
import type {
  BoothCatalog,
  BoothDay,
  BoothEntry,
  BoothSyncRequest,
  BoothSyncResponse,
} from '@farmstand/shared/schemas/market-office';
import { MARKET_CURRENCIES, MARKET_CURRENCY_LABELS, type MarketCurrency } from '@farmstand/shared/schemas/market-office';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { badRequest } from '../../lib/errors';
import { localDate } from '../../lib/time';
import type { AuthUser } from '../../plugins/auth';
import { loadBenefitTable } from '../benefits';
import { type MarketRow, marketAccess } from '../markets';
import * as repo from './market-office.repository';

type Result = z.infer<typeof BoothSyncResponse>['results'][number];

/**
 * The info booth (issue 48 item 3, decision 582): what the phone keeps, its queued entries applied
 * each once per market, and the booth's book of a day.
 */

/** The market's incentive from the admin-maintained benefit table: its cap (the market's own, else the incentive's daily cap) and tokens. */
export async function marketIncentive(ctx: AppContext, market: MarketRow): Promise<BoothIncentive | null> {
  if (!market.incentiveId) return null;
  const table = await loadBenefitTable(ctx.db);
  const incentive = table.incentives.find((i) => i.id === market.incentiveId && i.active);
  if (!incentive) return null;
  return {
    name: incentive.name,
    capCents: market.matchCapCents ?? incentive.dailyCapCents,
    matchPercent: incentive.matchPercent,
    tokenCents: incentive.tokenCents,
    matches: MARKET_CURRENCIES.filter((c) => (incentive.matches as string[]).includes(c)),
  };
}

/**
 * Adds `cents` of the incentive's match to a card's total of a market day only if it stays within
 * `capCents`, across the booth and the market baskets' checkouts (one conditional upsert, decision
 * 582). Inside the caller's transaction; answers null when added, else what was left of the cap.
 */
export async function takeMatchWithinCap(
  tx: Db,
  key: { marketId: number; marketDate: string; shopperKey: string },
  cents: number,
  capCents: number,
): Promise<{ leftCents: number } | null> {
  if ((await repo.addMatchWithinCap(tx, key, cents, capCents)) !== null) return null;
  return { leftCents: Math.max(0, capCents - (await repo.matchedOf(tx, key))) };
}

export const marketToday = (ctx: AppContext, market: MarketRow) => localDate(ctx.clock.now(), market.timeZone);

export async function catalog(ctx: AppContext, user: AuthUser, marketId: number): Promise<z.infer<typeof BoothCatalog>> {
  const { market } = await marketAccess(ctx, user, marketId, 'staff');
  const incentive = await marketIncentive(ctx, market);
  const today = marketToday(ctx, market);
  return {
    market: { id: market.id, name: market.name, timeZone: market.timeZone },
    today,
    isMarketDay: isMarketDay(market, today),
    currencies: boothCurrencies(market, incentive),
    incentive,
    matchedToday: await repo.matchedOn(ctx.db, market.id, today),
  };
}

/** A rule refused the entry inside its transaction: nothing it wrote is kept. */
class Refused extends Error {}

const refused = (entry: BoothEntry, message: string, marketDate: string | null): Result => ({
  id: entry.id,
  status: 'refused',
  message,
  marketDate,
  matchCents: 0,
  overCapCents: 0,
  capLeftCents: null,
});

/**
 * Applies the phone's entries in order, each once per market: an id seen before (in this batch, an
 * earlier one, or another phone's at the same moment) answers the first result as 'duplicate'. A
 * refused entry is not written and says why.
 */
export async function sync(
  ctx: AppContext,
  user: AuthUser,
  marketId: number,
  request: z.infer<typeof BoothSyncRequest>,
): Promise<z.infer<typeof BoothSyncResponse>> {
  const { market } = await marketAccess(ctx, user, marketId, 'staff');
  const incentive = await marketIncentive(ctx, market);
  const today = marketToday(ctx, market);
  const results: Result[] = [];
  for (const entry of request.entries) {
    const marketDate = localDate(new Date(entry.at), market.timeZone);
    const problem = boothEntryProblem(
      entry,
      { marketDate, today, isMarketDay: isMarketDay(market, marketDate) },
      market,
      incentive,
    );
    if (problem) {
      results.push(refused(entry, problem, marketDate));
      continue;
    }
    try {
      results.push(await applyEntry(ctx, user, market, incentive, entry, marketDate));
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      results.push(refused(entry, error.message, marketDate));
    }
  }
  return { results };
}

async function applyEntry(
  ctx: AppContext,
  user: AuthUser,
  market: MarketRow,
  incentive: BoothIncentive | null,
  entry: BoothEntry,
  marketDate: string,
): Promise<Result> {
  return ctx.db.transaction(async (tx) => {
    const id = await repo.claimEntry(tx, {
      marketId: market.id,
      entryId: entry.id,
      marketDate,
      kind: entry.kind,
      currency: entry.currency,
      amountCents: entry.amountCents,
      shopperKey: entry.shopperKey,
      device: entry.device,
      recordedBy: user.id,
      happenedAt: new Date(entry.at),
      appliedAt: ctx.clock.now(),
      result: {},
    });
    if (id === null) {
      const first = await repo.findEntry(tx, market.id, entry.id);
      return { ...(first?.result as Result), status: 'duplicate' };
    }
    if (entry.kind === 'return') {
      const outstanding = await repo.outstandingOf(tx, market.id, entry.currency);
      // The entry's own row is already in the sum (as a return): add it back to compare.
      if (outstanding < 0)
        throw new Refused(
          `Shoppers hold only ${formatCents(outstanding + entry.amountCents)} of ${MARKET_CURRENCY_LABELS[entry.currency]}: a return of ${formatCents(entry.amountCents)} is more than that`,
        );
    }
    let matchCents = 0;
    let overCapCents = 0;
    let capLeftCents: number | null = null;
    const match = entry.kind === 'issue' ? entry.match : 0;
    if (incentive && entry.shopperKey !== null && incentive.matches.includes(entry.currency)) {
      const key = { marketId: market.id, marketDate, shopperKey: entry.shopperKey };
      let matched: number;
      if (match === 'auto') {
        const wanted = autoMatchCents(entry.amountCents, incentive, incentive.capCents);
        const added = wanted > 0 ? await repo.addMatchWithinCap(tx, key, wanted, incentive.capCents) : null;
        if (added !== null) {
          matched = added;
          matchCents = wanted;
        } else {
          // Past the cap with the whole match (or nothing wanted): what is left of it, under the row's lock.
          const before = await repo.matchedOf(tx, key);
          matchCents = autoMatchCents(entry.amountCents, incentive, incentive.capCents - before);
          matched = matchCents > 0 ? await repo.addMatch(tx, key, matchCents) : before;
        }
      } else if (match > 0) {
        matched = await repo.addMatch(tx, key, match);
        matchCents = match;
        overCapCents = Math.max(0, Math.min(match, matched - incentive.capCents));
      } else matched = await repo.matchedOf(tx, key);
      capLeftCents = Math.max(0, incentive.capCents - matched);
    }
    const result: Result = {
      id: entry.id,
      status: 'applied',
      message:
        overCapCents > 0
          ? `This match went ${formatCents(overCapCents)} past the shopper's cap of ${formatCents(incentive?.capCents ?? 0)} today: the manager sees it in the books`
          : null,
      marketDate,
      matchCents,
      overCapCents,
      capLeftCents,
    };
    await repo.saveEntryResult(tx, id, { matchCents, overCapCents, result });
    return result;
  });
}

/** The booth's book of a market day (today without a date): every entry, then the totals per currency. */
export async function day(
  ctx: AppContext,
  user: AuthUser,
  marketId: number,
  date: string | undefined,
): Promise<z.infer<typeof BoothDay>> {
  const { market } = await marketAccess(ctx, user, marketId, 'staff');
  const marketDate = date ?? marketToday(ctx, market);
  if (date !== undefined && date > marketToday(ctx, market)) throw badRequest('That day has not come yet', 'date');
  const rows = await repo.entriesOn(ctx.db, market.id, marketDate);
  const totals = new Map<MarketCurrency, { issuedCents: number; returnedCents: number; entries: number }>();
  for (const row of rows)
    for (const move of entryMoves(row)) {
      const total = totals.get(move.currency) ?? { issuedCents: 0, returnedCents: 0, entries: 0 };
      total.issuedCents += move.issued;
      total.returnedCents += move.returned;
      total.entries += 1;
      totals.set(move.currency, total);
    }
  return {
    marketDate,
    isMarketDay: isMarketDay(market, marketDate),
    entries: rows.map((row) => ({
      id: row.entryId,
      at: row.happenedAt.toISOString(),
      kind: row.kind,
      currency: row.currency,
      amountCents: row.amountCents,
      matchCents: row.matchCents,
      overCapCents: row.overCapCents,
      shopperKey: row.shopperKey,
      device: row.device,
    })),
    totals: MARKET_CURRENCIES.flatMap((currency) => {
      const total = totals.get(currency);
      return total ? [{ currency, label: MARKET_CURRENCY_LABELS[currency], ...total }] : [];
    }),
  };
}
