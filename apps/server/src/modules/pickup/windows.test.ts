import { describe, expect, it } from 'vitest';
import { localParts, occurrenceAt, occurrences, zonedTime } from './windows';

const NY = 'America/New_York';
const schedule = [
  { weekday: 6, start: '09:00', end: '12:00' },
  { weekday: 3, start: '16:00', end: '19:00' },
];

describe('pickup windows', () => {
  it('reads local calendar parts exactly as Intl does, across daylight saving and odd offsets', () => {
    const zones = ['America/New_York', 'America/Chicago', 'America/Indiana/Knox', 'Asia/Kathmandu', 'Australia/Lord_Howe'];
    const start = Date.UTC(2024, 0, 1);
    for (const timeZone of zones) {
      const intl = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
      // Every two hours and 13 seconds over two years: each daylight-saving change, on both sides.
      const wrong: string[] = [];
      for (let ms = start; ms < start + 2 * 366 * 86_400_000; ms += 7_213_000) {
        const instant = new Date(ms);
        const expected = intl
          .formatToParts(instant)
          .filter((p) => p.type !== 'literal')
          .map((p) => Number(p.value))
          .join(' ');
        const ours = localParts(instant, timeZone);
        const got = [ours.month, ours.day, ours.year, ours.hour, ours.minute, ours.second].join(' ');
        if (got !== expected) wrong.push(`${timeZone} ${instant.toISOString()}: ${got} (Intl: ${expected})`);
      }
      expect(wrong).toEqual([]);
    }
  });

  it('keeps local wall-clock times across the end of daylight saving (Nov 3, 2030)', () => {
    expect(zonedTime(2030, 11, 2, '09:00', NY).toISOString()).toBe('2030-11-02T13:00:00.000Z'); // EDT
    expect(zonedTime(2030, 11, 9, '09:00', NY).toISOString()).toBe('2030-11-09T14:00:00.000Z'); // EST
  });

  it('lists the next windows in time order, leaving out started ones', () => {
    const from = new Date('2030-10-30T21:00:00Z'); // Wednesday 17:00 EDT: that day's window has started
    const list = occurrences(schedule, from, 10, NY);
    expect(list.map((o) => `${o.date} ${o.startsAt.toISOString()}`)).toEqual([
      '2030-11-02 2030-11-02T13:00:00.000Z',
      '2030-11-06 2030-11-06T21:00:00.000Z',
      '2030-11-09 2030-11-09T14:00:00.000Z',
    ]);
  });

  it('finds exactly the windows the list offers, and nothing else', () => {
    const from = new Date('2030-10-30T21:00:00Z');
    for (const o of occurrences(schedule, from, 21, NY)) {
      expect(occurrenceAt(schedule, o.startsAt, from, 21, NY)).toEqual(o);
    }
    expect(occurrenceAt(schedule, new Date('2030-11-02T14:00:00Z'), from, 21, NY)).toBeUndefined(); // off by an hour
    expect(occurrenceAt(schedule, new Date('2030-10-30T20:00:00Z'), from, 21, NY)).toBeUndefined(); // started
    expect(occurrenceAt(schedule, new Date('2030-12-07T14:00:00Z'), from, 21, NY)).toBeUndefined(); // beyond 21 days
  });
});
