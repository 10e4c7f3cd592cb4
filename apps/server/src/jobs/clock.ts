import type { Clock } from '../lib/context';

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests move by hand. */
export class ManualClock implements Clock {
  constructor(private current: Date) {}
  now(): Date {
    return new Date(this.current);
  }
  set(to: Date | string) {
    this.current = new Date(to);
  }
  advanceDays(days: number) {
    this.current = new Date(this.current.getTime() + days * 86_400_000);
  }
}

export const DAY_MS = 86_400_000;

/** The calendar date (UTC) of a moment, as PostgreSQL's `date` type prints it. */
export const isoDate = (at: Date) => at.toISOString().slice(0, 10);
