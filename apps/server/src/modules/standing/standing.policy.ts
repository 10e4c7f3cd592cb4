import { addDaysToDate, daysBetweenDates } from '@farmstand/shared/format/date-only';
import { STANDING_LIMITS, type StandingWindowState } from '@farmstand/shared/schemas/standing';
import type { PointRow } from '../pickup';
import { closureOn, cutoffOf, type Occurrence, occurrences } from '../pickup';
import type { StandingRow, WindowRecord } from './standing.repository';

/**
 * When a standing reservation's windows are, and what happens to each (decision 514). Dates are the
 * pickup place's calendar days, so the cadence never drifts across daylight-saving changes; the
 * instants come from the place's zone (`pickup/windows.ts`).
 */

type Plan = Pick<
  StandingRow,
  'weekday' | 'startTime' | 'everyWeeks' | 'startDate' | 'endDate' | 'pausedUntil' | 'awayFrom' | 'awayTo'
>;
type Slot = { weekday: number; startTime: string; endTime: string };

const HOUR_MS = 3_600_000;

/** The place's weekly slot the reservation repeats, or undefined when the farm removed it. */
export function slotOf(schedule: readonly Slot[], plan: Pick<Plan, 'weekday' | 'startTime'>): Slot | undefined {
  return schedule.find((slot) => slot.weekday === plan.weekday && slot.startTime === plan.startTime);
}

/** Whether a date is one of the reservation's weeks: on or after its start, by its last date, every N weeks. */
export function onCadence(plan: Plan, date: string): boolean {
  if (date < plan.startDate || (plan.endDate !== null && date > plan.endDate)) return false;
  return daysBetweenDates(plan.startDate, date) % (7 * plan.everyWeeks) === 0;
}

/** A window the shopper held back: paused (before `pausedUntil`) or away (a vacation hold). */
export function heldOn(plan: Plan, date: string): 'paused' | 'away' | null {
  if (plan.pausedUntil !== null && date < plan.pausedUntil) return 'paused';
  if (plan.awayFrom !== null && plan.awayTo !== null && date >= plan.awayFrom && date <= plan.awayTo) return 'away';
  return null;
}

/** A CSA plan's week without pickups: outside its season or one of its skipped dates (decision 515). */
export function offFor(plan: { seasonStart: string; seasonEnd: string; skipDates: string[] } | null, date: string): boolean {
  return plan !== null && (date < plan.seasonStart || date > plan.seasonEnd || plan.skipDates.includes(date));
}

/** The reservation's windows that start after `from`, within `days` days. */
export function windowsAhead(plan: Plan, slot: Slot, timeZone: string, from: Date, days: number): Occurrence[] {
  const slots = [{ weekday: slot.weekday, start: slot.startTime, end: slot.endTime }];
  return occurrences(slots, from, days, timeZone).filter((o) => onCadence(plan, o.date));
}

export type Timing = { cutoffAt: Date; placesAt: Date; remindsAt: Date };

/** A window's cut-off, when its order is placed (the farm's lead time before) and when the shopper is reminded. */
export function timingOf(startsAt: Date, settings: { cutoffHours: number; standingLeadHours: number }): Timing {
  const cutoffAt = cutoffOf(startsAt, settings.cutoffHours);
  return {
    cutoffAt,
    placesAt: new Date(cutoffAt.getTime() - settings.standingLeadHours * HOUR_MS),
    remindsAt: new Date(cutoffAt.getTime() - STANDING_LIMITS.reminderHours * HOUR_MS),
  };
}

/** Days ahead the sweep and the pages look: past the reminder and the longest lead, and a few windows. */
export const lookAheadDays = (settings: { cutoffHours: number; standingLeadHours: number }, windows = 1) =>
  Math.ceil((settings.cutoffHours + Math.max(settings.standingLeadHours, STANDING_LIMITS.reminderHours)) / 24) + 7 * windows;

/** A window's state when nothing was recorded for it. */
export function stateOf(plan: Plan, date: string): StandingWindowState {
  return heldOn(plan, date) ?? 'upcoming';
}

/** The first local date of a pause of N weeks from today: windows before it are held. */
export const pauseEnd = (today: string, weeks: number) => addDaysToDate(today, 7 * weeks);

/** What was recorded for each of a reservation's weeks, by the week's local date (a skip over the order it cancelled). */
export const statesOf = (records: readonly WindowRecord[], standingId: number) =>
  new Map(records.filter((r) => r.standingId === standingId).map((r) => [r.date, r.state]));

type PlanWeeks = { seasonStart: string; seasonEnd: string; skipDates: string[] } | null;

/**
 * The reservation's windows that are pickups, for what the farm counts and sees (its standing
 * demand, its CSA members' next pickup): not held (paused, away), not one of a plan's weeks off, not
 * skipped or missed (`states`: what was recorded per week's local date), and a day the place takes
 * pickups by its one calendar (`pickup/place-rules#closureOn`, decision 542), unless that week's
 * order was placed before the farm closed the date: the order stands, as the shopper's list says.
 */
export function pickupsAhead(
  row: Plan & { plan: PlanWeeks },
  slot: Slot,
  point: Pick<PointRow, 'timeZone' | 'seasonFrom' | 'seasonTo' | 'closedDates'>,
  states: ReadonlyMap<string, WindowRecord['state']>,
  from: Date,
  days: number,
): Occurrence[] {
  return windowsAhead(row, slot, point.timeZone, from, days).filter((window) => {
    const state = states.get(window.date);
    if ((state && state !== 'placed') || heldOn(row, window.date) || offFor(row.plan, window.date)) return false;
    return state === 'placed' || closureOn(point, window.date) === null;
  });
}
