import { randomUUID } from 'node:crypto';
import { addDaysToDate } from '@farmstand/shared/format/date-only';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../plugins/auth';
import { bearer, type TestUser } from '../../test/factories';
import { addVendor, boothSync, buildMarket, type TestMarket } from '../../test/market-office-helpers';
import { useTestClock } from '../../test/orders-helpers';
import { buildProducer } from '../../test/producer-factories';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { saveCount, saveVendorReport } from './reports.service';

/**
 * A seeded season (issue 48's test): 30 market days × 40 vendors × 5 currencies, generated from a
 * fixed seed, put in through the booth's API and the reports' service, then the reconciliation,
 * the vendors' statements and the programme's report compared with an answer key worked out here
 * with plain loops over the generated data, to the cent.
 */

/** mulberry32: a small PRNG, the same numbers for the same seed. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { chance: (p: number) => next() < p, int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)) };
}

const CURRENCIES = ['snap', 'credit', 'incentive', 'wic_fmnp', 'senior_fmnp'] as const;
type Currency = (typeof CURRENCIES)[number];
const TOKEN: Record<Currency, number> = { snap: 100, credit: 500, incentive: 200, wic_fmnp: 100, senior_fmnp: 100 };
const CAP = 2000;
const FEE = { bp: 500, min: 500, max: 2500 };

// 30 Saturdays from 6 April 2030.
const DAYS = Array.from({ length: 30 }, (_, i) => addDaysToDate('2030-04-06', 7 * i));
const SEASON_END = DAYS[29];

type Entry = {
  id: string;
  at: string;
  device: string;
  kind: 'issue' | 'return';
  currency: Currency;
  amountCents: number;
  match: 'auto' | number;
  shopperKey: string | null;
};
type Report = { day: string; vendor: number; attended: boolean; salesCents: number; reported: Record<Currency, number> };
type Count = { day: string; vendor: number; counted: Record<Currency, number> };

/** The season as the phones and vendors would send it. */
function generate(seed: number, vendors: number) {
  const r = prng(seed);
  const days = DAYS.map((day) => {
    const at = `${day}T15:00:00.000Z`;
    const entries: Entry[] = [];
    for (let n = 0; n < 60; n++) {
      const roll = r.int(1, 100);
      const shopperKey = String(r.int(1, 25)).padStart(4, '0');
      const device = r.chance(0.5) ? 'Phone A' : 'Phone B';
      const base = { id: randomUUID(), at, device, shopperKey, match: 0 as 'auto' | number };
      if (roll <= 45) {
        const offline = r.chance(0.1);
        entries.push({
          ...base,
          kind: 'issue',
          currency: 'snap',
          amountCents: r.int(1, 30) * 100,
          match: offline ? r.int(1, 8) * 200 : 'auto',
        });
      } else if (roll <= 65)
        entries.push({ ...base, kind: 'issue', currency: 'credit', amountCents: r.int(1, 8) * 500, shopperKey: null });
      else if (roll <= 75)
        entries.push({ ...base, kind: 'issue', currency: 'wic_fmnp', amountCents: r.int(1, 10) * 100, match: 'auto' });
      else if (roll <= 85)
        entries.push({ ...base, kind: 'issue', currency: 'senior_fmnp', amountCents: r.int(1, 10) * 100, match: 'auto' });
      else if (roll <= 95) {
        const currency = (['snap', 'credit', 'incentive'] as const)[r.int(0, 2)];
        entries.push({ ...base, kind: 'return', currency, amountCents: TOKEN[currency] * r.int(1, 2), shopperKey: null });
      } else entries.push({ ...base, kind: 'issue', currency: 'snap', amountCents: 150 }); // not whole tokens: refused
    }
    // A phone that sends a few entries again (a lost answer): each counts once.
    const resent = entries.filter((e) => e.kind === 'issue' && e.amountCents % TOKEN[e.currency] === 0).slice(0, 5);
    const reports: Report[] = [];
    const counts: Count[] = [];
    for (let vendor = 0; vendor < vendors; vendor++) {
      if (r.chance(0.05)) continue; // no report that day
      const attended = r.chance(0.9);
      const reported = Object.fromEntries(
        CURRENCIES.map((c) => [c, attended ? TOKEN[c] * r.int(0, c === 'snap' ? 12 : c === 'incentive' ? 6 : 2) : 0]),
      ) as Record<Currency, number>;
      reports.push({ day, vendor, attended, salesCents: attended ? r.int(0, 60_000) : 0, reported });
      if (r.chance(0.6)) {
        const counted = Object.fromEntries(
          CURRENCIES.map((c) => [c, r.chance(0.1) ? Math.max(0, reported[c] + TOKEN[c] * r.int(-1, 1)) : reported[c]]),
        ) as Record<Currency, number>;
        counts.push({ day, vendor, counted });
      }
    }
    return { day, entries, resent, reports, counts };
  });
  return days;
}

/** The answer key: what every rule should give, worked out with plain loops over the generated season. */
function answerKey(season: ReturnType<typeof generate>, from: string, to: string) {
  const zero = () => Object.fromEntries(CURRENCIES.map((c) => [c, 0])) as Record<Currency, number>;
  const opening = zero();
  const issued = zero();
  const returned = zero();
  const redeemed = zero();
  const held = zero(); // what shoppers hold, as the booth sees it when each entry arrives
  const discrepancies: string[] = [];
  const applied: (Entry & { day: string; matchCents: number })[] = [];
  const matchedBy = new Map<string, number>();
  for (const { day, entries, reports, counts } of season) {
    for (const e of entries) {
      if (e.amountCents % TOKEN[e.currency] !== 0) continue;
      let matchCents = 0;
      let over = 0;
      if (e.kind === 'return') {
        if (e.amountCents > held[e.currency]) continue; // refused
        held[e.currency] -= e.amountCents;
      } else {
        held[e.currency] += e.amountCents;
        if (e.currency !== 'credit' && e.shopperKey) {
          const key = `${day}/${e.shopperKey}`;
          const before = matchedBy.get(key) ?? 0;
          if (e.match === 'auto') {
            const left = Math.max(0, CAP - before);
            const wanted = Math.min(e.amountCents, left);
            matchCents = wanted - (wanted % 200);
          } else {
            matchCents = e.match;
            over = Math.max(0, Math.min(matchCents, before + matchCents - CAP));
          }
          matchedBy.set(key, before + matchCents);
          held.incentive += matchCents;
        }
      }
      applied.push({ ...e, day, matchCents });
      const moves: [Currency, number, number][] =
        e.kind === 'return' ? [[e.currency, 0, e.amountCents]] : [[e.currency, e.amountCents, 0]];
      if (matchCents > 0) moves.push(['incentive', matchCents, 0]);
      for (const [c, i, ret] of moves) {
        if (day < from) opening[c] += i - ret;
        else if (day <= to) {
          issued[c] += i;
          returned[c] += ret;
        }
      }
      if (over > 0 && day >= from && day <= to)
        discrepancies.push(`${day}|null|incentive|over_cap|${matchCents - over}|${matchCents}`);
    }
    for (const report of reports) {
      const count = counts.find((c) => c.vendor === report.vendor);
      for (const c of CURRENCIES) {
        const cents = count ? count.counted[c] : report.reported[c];
        held[c] -= cents;
        if (day < from) opening[c] -= cents;
        else if (day <= to) {
          redeemed[c] += cents;
          if (count && count.counted[c] !== report.reported[c])
            discrepancies.push(`${day}|${report.vendor}|${c}|count_differs|${report.reported[c]}|${count.counted[c]}`);
          if (!count && report.reported[c] > 0)
            discrepancies.push(`${day}|${report.vendor}|${c}|not_counted|${report.reported[c]}|0`);
        }
      }
    }
  }
  const currencies = CURRENCIES.map((c) => {
    const closing = opening[c] + issued[c] - returned[c] - redeemed[c];
    if (closing < 0)
      discrepancies.push(`${to}|null|${c}|redeemed_exceeds_issued|${opening[c] + issued[c] - returned[c]}|${redeemed[c]}`);
    return {
      currency: c,
      openingCents: opening[c],
      issuedCents: issued[c],
      returnedCents: returned[c],
      redeemedCents: redeemed[c],
      outstandingCents: Math.max(0, closing),
      balanceCents: Math.min(0, closing),
    };
  });
  return { currencies, discrepancies: discrepancies.sort(), applied };
}

let app: TestApp;
let market: TestMarket;
let farms: TestUser[] = [];
beforeAll(async () => {
  app = await buildTestApp();
  useTestClock(app, new Date(`${DAYS[0]}T15:00:00Z`));
  market = await buildMarket(app, {
    seasonEnd: SEASON_END,
    boothWic: true,
    feeKind: 'percent',
    feePercentBp: FEE.bp,
    feeMinCents: FEE.min,
    feeMaxCents: FEE.max,
  });
  farms = [];
  for (let n = 0; n < 40; n++) farms.push(await buildProducer(app, { farm_name: `Farm ${String(n).padStart(2, '0')}` }));
  for (const farm of farms) await addVendor(app, market.id, farm.id);
}, 120_000);
afterAll(async () => {
  await app.closeAll();
});

describe('a seeded season', () => {
  it('reconciles, states every vendor and reports to the programme to the cent of an answer key', async () => {
    const season = generate(48_2030, farms.length);
    const manager = { id: market.manager.id, userType: 'consumer' } as AuthUser;
    for (const { day, entries, resent, reports, counts } of season) {
      useTestClock(app, new Date(`${day}T17:30:00Z`));
      for (let i = 0; i < entries.length; i += 200) {
        const res = await boothSync(app, market.volunteer, market.id, entries.slice(i, i + 200));
        expect(res.statusCode, res.body).toBe(200);
      }
      const again = await boothSync(app, market.manager, market.id, resent);
      expect(again.json().results.map((r: { status: string }) => r.status)).toEqual(resent.map(() => 'duplicate'));
      for (const report of reports)
        await saveVendorReport(app.ctx, manager, market.id, farms[report.vendor].id, day, {
          attended: report.attended,
          salesCents: report.salesCents,
          redemptions: report.reported,
        });
      for (const count of counts)
        await saveCount(app.ctx, manager, market.id, farms[count.vendor].id, day, { counted: count.counted });
    }
    useTestClock(app, new Date('2030-12-01T15:00:00Z'));
    const get = (url: string) =>
      app.inject({ method: 'GET', url: `/api/markets/${market.id}${url}`, headers: bearer(market.manager) });
    const idOf = new Map(farms.map((f, n) => [f.id, n]));

    // The books over the season and over a stretch in the middle (what shoppers held before it opens it).
    for (const [from, to] of [
      [DAYS[0], SEASON_END],
      [DAYS[10], DAYS[19]],
    ]) {
      const key = answerKey(season, from, to);
      const res = await get(`/reconciliation?from=${from}&to=${to}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().currencies).toEqual(key.currencies);
      const listed = res
        .json()
        .discrepancies.map(
          (d: {
            marketDate: string;
            producerId: number | null;
            currency: string;
            kind: string;
            expectedCents: number;
            actualCents: number;
          }) =>
            `${d.marketDate}|${d.producerId === null ? 'null' : idOf.get(d.producerId)}|${d.currency}|${d.kind}|${d.expectedCents}|${d.actualCents}`,
        )
        .sort();
      expect(listed).toEqual(key.discrepancies);
    }

    // Every vendor's statement: fee 5 % of each attended day's sales, half up, within $5–$25; reimbursed = counted, else reported.
    const statements = await get(`/statements?from=${DAYS[0]}&to=${SEASON_END}`);
    expect(statements.statusCode, statements.body).toBe(200);
    const expected = farms.map((farm, vendor) => {
      let feeCents = 0;
      let reimbursedCents = 0;
      const days: string[] = [];
      for (const { day, reports, counts } of season) {
        const report = reports.find((r) => r.vendor === vendor);
        if (!report) continue;
        days.push(day);
        if (report.attended)
          feeCents += Math.min(FEE.max, Math.max(FEE.min, Math.floor((report.salesCents * FEE.bp + 5000) / 10000)));
        const count = counts.find((c) => c.vendor === vendor);
        for (const c of CURRENCIES) reimbursedCents += count ? count.counted[c] : report.reported[c];
      }
      return { producerId: farm.id, days, feeCents, reimbursedCents, netCents: reimbursedCents - feeCents };
    });
    expect(
      statements
        .json()
        .statements.map(
          (s: {
            producerId: number;
            days: { marketDate: string }[];
            feeCents: number;
            reimbursedCents: number;
            netCents: number;
          }) => ({
            producerId: s.producerId,
            days: s.days.map((d) => d.marketDate),
            feeCents: s.feeCents,
            reimbursedCents: s.reimbursedCents,
            netCents: s.netCents,
          }),
        ),
    ).toEqual(expected);

    // The programme's report: a row per month.
    const started = performance.now();
    const report = await get('/programme-report?season=2030');
    const pdf = await get('/programme-report.pdf?season=2030');
    const seconds = (performance.now() - started) / 1000;
    console.info(`programme report of a seeded season (JSON and PDF): ${seconds.toFixed(2)} s`);
    expect(seconds).toBeLessThan(60);
    expect(report.statusCode, report.body).toBe(200);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { applied } = answerKey(season, DAYS[0], SEASON_END);
    const months = [...new Set(DAYS.map((d) => d.slice(0, 7)))];
    const rows = months.map((month) => {
      const days = season.filter((s) => s.day.startsWith(month));
      const vendors = new Set<number>();
      let vendorSalesCents = 0;
      const sums = { snapIssuedCents: 0, incentiveIssuedCents: 0, wicIssuedCents: 0, seniorIssuedCents: 0 };
      const redeemedSums = { snapRedeemedCents: 0, incentiveRedeemedCents: 0, wicRedeemedCents: 0, seniorRedeemedCents: 0 };
      const customers = new Set<string>();
      let snapTransactions = 0;
      const issuedKey = {
        snap: 'snapIssuedCents',
        incentive: 'incentiveIssuedCents',
        wic_fmnp: 'wicIssuedCents',
        senior_fmnp: 'seniorIssuedCents',
      } as const;
      const redeemedKey = {
        snap: 'snapRedeemedCents',
        incentive: 'incentiveRedeemedCents',
        wic_fmnp: 'wicRedeemedCents',
        senior_fmnp: 'seniorRedeemedCents',
      } as const;
      for (const e of applied.filter((a) => a.day.startsWith(month))) {
        if (e.currency !== 'credit') sums[issuedKey[e.currency]] += e.kind === 'issue' ? e.amountCents : -e.amountCents;
        if (e.kind === 'issue' && e.currency !== 'credit') customers.add(`${e.day}/${e.shopperKey}`);
        if (e.kind === 'issue' && e.currency === 'snap') snapTransactions++;
        sums.incentiveIssuedCents += e.matchCents;
      }
      for (const { reports, counts } of days)
        for (const r of reports) {
          if (r.attended) {
            vendors.add(r.vendor);
            vendorSalesCents += r.salesCents;
          }
          const count = counts.find((c) => c.vendor === r.vendor);
          for (const c of ['snap', 'incentive', 'wic_fmnp', 'senior_fmnp'] as const)
            redeemedSums[redeemedKey[c]] += count ? count.counted[c] : r.reported[c];
        }
      return {
        month,
        marketDays: days.length,
        vendors: vendors.size,
        vendorSalesCents,
        customers: customers.size,
        snapTransactions,
        ...sums,
        ...redeemedSums,
      };
    });
    const body = report.json();
    for (const row of body.rows)
      for (const column of body.columns)
        expect(row[column.key], `${row.month} ${column.key}`).toBe(
          rows.find((r) => r.month === row.month)?.[column.key as keyof (typeof rows)[number]],
        );
    expect(body.rows.map((r: { month: string }) => r.month)).toEqual(months);
    expect(body.totals.snapIssuedCents).toBe(rows.reduce((s, r) => s + r.snapIssuedCents, 0));
    expect(body.totals.customers).toBe(rows.reduce((s, r) => s + r.customers, 0));
    expect(body.totals.marketDays).toBe(30);
    const csv = await get('/programme-report.csv?season=2030');
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n')[1]).toBe(body.columns.map((c: { label: string }) => c.label).join(','));
  }, 480_000); // about a minute on PGlite; PostgreSQL commits each of ~3,600 writes to disk
});
