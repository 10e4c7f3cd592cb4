import type { BenefitTable } from '@farmstand/shared/benefits/programmes';
import { addDaysToDate, daysBetweenDates } from '@farmstand/shared/format/date-only';
import type { SearchBenefit } from '@farmstand/shared/schemas/search';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pickupPoints, producers } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { farmToday } from '../../lib/time';
import { type BenefitsRow, incentiveAt, type PlaceIncentive, type Take, takesOn } from '../benefits';

/**
 * The `benefits` filter of search (decision 516): only farms that take SNAP, a coupon (WIC or
 * Senior FMNP) or their state's incentive today. What a farm takes on a day is the benefits
 * policy's answer (`benefits.policy.ts#takesOn`), the one place of that rule: nothing here
 * re-states it.
 *
 * The answer changes by the clock alone (a coupon's authorisation ends, and the incentive with it
 * when no other matched benefit is taken), with no write to be told of. The policy compares the day
 * only with the row's own dates, so what a farm takes is the same from one of those dates (or the
 * day after one) to the next: each farm's answer is kept as a timeline, asked of the policy once per
 * such day when the farm is loaded, and read at query time for today (`ctx.clock`, the farms' day).
 * The incentive is the one its active pickup places offer (`incentiveAt`: a place that is a
 * participating market of the incentive of the place's state, decision 540), read when the farm is
 * loaded: a change to an incentive stamps its state's farms in the change feed (migration 0027), and
 * saving or removing a pickup place stamps its farm (`placesChanged`).
 */

/** One bit per benefit a farm may take (`Take`). */
const TAKE_BITS: Record<Take, number> = { snap: 1, wic_fmnp: 2, senior_fmnp: 4, incentive: 8 };
const TAKES = Object.keys(TAKE_BITS) as Take[];

/** What a farm's bits say it takes, in the policy's order: the one place bits become takes again. */
export function takesOfBits(bits: number): Take[] {
  return TAKES.filter((take) => (bits & TAKE_BITS[take]) !== 0);
}

/** The bits each value of the filter accepts: a farm passes when it takes any of them. */
const WANTED_BITS: Record<SearchBenefit, number> = {
  snap: TAKE_BITS.snap,
  coupons: TAKE_BITS.wic_fmnp | TAKE_BITS.senior_fmnp,
  incentive: TAKE_BITS.incentive,
};

/** The filter as the index and the map test it: the bits asked for, on this day number. */
export type BenefitsWanted = { bits: number; day: number };

/**
 * What a farm takes as a function of the day: `first` before `days[0]`, then `masks[k]` from
 * `days[k]` on (day numbers, ascending; only days where the answer changes).
 */
export type BenefitTimeline = { first: number; days: number[]; masks: number[] };

export const TAKES_NOTHING: BenefitTimeline = { first: 0, days: [], masks: [] };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const EPOCH = '1970-01-01';

/** Days since 1970-01-01 of a `YYYY-MM-DD` date (the rows' dates are `date` columns: real days). */
export const dayNumber = (date: string): number => daysBetweenDates(EPOCH, date);

const dateOf = (day: number) => addDaysToDate(EPOCH, day);

/** The filter asked for, on the farms' day today (the day the benefits pages use), or undefined. */
export async function benefitsWanted(ctx: AppContext, value: SearchBenefit | undefined): Promise<BenefitsWanted | undefined> {
  if (!value) return undefined;
  return { bits: WANTED_BITS[value], day: dayNumber(await farmToday(ctx)) };
}

/**
 * What each farm's active pickup places offer (`incentiveAt`), by the farm's user id: of every farm,
 * or of these producers' farms. A farm none of whose places is a participating market is absent.
 */
export async function placeIncentivesOf(
  db: Db,
  table: BenefitTable,
  producerIds?: number[],
): Promise<Map<number, PlaceIncentive[]>> {
  const byFarm = new Map<number, PlaceIncentive[]>();
  if (producerIds?.length === 0) return byFarm;
  const rows = await db
    .select({ userId: pickupPoints.producerUserId, state: pickupPoints.state, incentiveMarket: pickupPoints.incentiveMarket })
    .from(pickupPoints)
    .where(
      and(
        eq(pickupPoints.active, true),
        isNotNull(pickupPoints.incentiveMarket),
        producerIds
          ? inArray(
              pickupPoints.producerUserId,
              db.select({ userId: producers.userId }).from(producers).where(inArray(producers.id, producerIds)),
            )
          : undefined,
      ),
    );
  for (const row of rows) {
    const offered = incentiveAt(table, row);
    if (offered) byFarm.set(row.userId, [...(byFarm.get(row.userId) ?? []), offered]);
  }
  return byFarm;
}

/**
 * A farm's pickup places changed (added, edited, removed): its search row is stamped so the index
 * and the map read what its places offer again (the change feed, decision 121).
 */
export async function placesChanged(db: Db, producerUserId: number): Promise<void> {
  await db.execute(sql`update search_producers set changed_at = clock_timestamp() where user_id = ${producerUserId}`);
}

/**
 * A farm's timeline, asked of the policy: on a day before the first of the row's dates, on each of
 * them and on the day after each (a comparison of the day with a date changes its answer only there).
 * `offered`: what its pickup places offer (`placeIncentivesOf`).
 */
export function benefitTimeline(
  row: BenefitsRow | undefined,
  state: string,
  offered: readonly PlaceIncentive[],
): BenefitTimeline {
  if (!row) return TAKES_NOTHING;
  const dates = Object.values(row).filter((value): value is string => typeof value === 'string' && DATE.test(value));
  const firsts = dates.map(dayNumber).filter(Number.isFinite);
  const points = [...new Set(firsts.flatMap((day) => [day, day + 1]))].sort((a, b) => a - b);
  const policyOn = (day: number) => takesOn(row, state, dateOf(day), offered).reduce((bits, take) => bits | TAKE_BITS[take], 0);
  const timeline: BenefitTimeline = { first: policyOn((points[0] ?? 0) - 1), days: [], masks: [] };
  let last = timeline.first;
  for (const day of points) {
    const mask = policyOn(day);
    if (mask === last) continue;
    timeline.days.push(day);
    timeline.masks.push(mask);
    last = mask;
  }
  return timeline;
}

/** What the timeline says the farm takes on `day`, as bits. */
export function maskOn(timeline: BenefitTimeline, day: number): number {
  let mask = timeline.first;
  for (let k = 0; k < timeline.days.length && timeline.days[k] <= day; k++) mask = timeline.masks[k];
  return mask;
}

/** Whether a farm with this timeline (none: takes nothing) passes the filter. */
export function takesWanted(timeline: BenefitTimeline | undefined, wanted: BenefitsWanted): boolean {
  return timeline !== undefined && (maskOn(timeline, wanted.day) & wanted.bits) !== 0;
}

/**
 * Many farms' timelines as typed arrays (CSR: farm i's changes are `days`/`masks[start[i] …
 * start[i + 1]]`), and per filter the farms passing it today, one pass over the farms per filter a
 * day: a query then tests one byte per candidate, as it tests `verified`.
 */
export class BenefitColumns {
  private readonly first: Uint8Array;
  private readonly start: Int32Array;
  private readonly days: Int32Array;
  private readonly masks: Uint8Array;
  private readonly passing = new Map<number, Uint8Array>();
  private passingDay = Number.NaN;

  constructor(timelines: readonly BenefitTimeline[]) {
    const n = timelines.length;
    this.first = Uint8Array.from(timelines, (timeline) => timeline.first);
    this.start = new Int32Array(n + 1);
    for (let i = 0; i < n; i++) this.start[i + 1] = this.start[i] + timelines[i].days.length;
    this.days = new Int32Array(this.start[n]);
    this.masks = new Uint8Array(this.start[n]);
    timelines.forEach((timeline, i) => {
      this.days.set(timeline.days, this.start[i]);
      this.masks.set(timeline.masks, this.start[i]);
    });
  }

  /** What farm `i` takes on `day`, as bits (`maskOn` of its timeline). */
  maskOf(i: number, day: number): number {
    let mask = this.first[i];
    for (let k = this.start[i]; k < this.start[i + 1] && this.days[k] <= day; k++) mask = this.masks[k];
    return mask;
  }

  /** 1 for each farm taking any of the wanted benefits on the wanted day (kept for that day). */
  taking(wanted: BenefitsWanted): Uint8Array {
    if (wanted.day !== this.passingDay) {
      this.passing.clear();
      this.passingDay = wanted.day;
    }
    let passing = this.passing.get(wanted.bits);
    if (!passing) {
      passing = new Uint8Array(this.first.length);
      for (let i = 0; i < passing.length; i++) passing[i] = (this.maskOf(i, wanted.day) & wanted.bits) !== 0 ? 1 : 0;
      this.passing.set(wanted.bits, passing);
    }
    return passing;
  }
}
