import { plusDays } from '@farmstand/shared/format/date-only';
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
    this.current = plusDays(this.current, days);
  }
}
