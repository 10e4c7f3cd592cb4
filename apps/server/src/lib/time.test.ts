import { describe, expect, it } from 'vitest';
import { localDate, localParts, zonedTime } from './time';

const NY = 'America/New_York';

describe('instants in a zone', () => {
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
    expect(zonedTime('2030-11-02', '09:00', NY).toISOString()).toBe('2030-11-02T13:00:00.000Z'); // EDT
    expect(zonedTime('2030-11-09', '09:00', NY).toISOString()).toBe('2030-11-09T14:00:00.000Z'); // EST
  });

  it('reads the local date of an instant', () => {
    expect(localDate(new Date('2030-11-03T03:30:00Z'), NY)).toBe('2030-11-02');
    expect(localDate(new Date('2030-11-03T04:30:00Z'), NY)).toBe('2030-11-03');
  });
});
