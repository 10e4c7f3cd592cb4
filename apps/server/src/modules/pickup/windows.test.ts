import { describe, expect, it } from 'vitest';
import { occurrenceAt, occurrences } from './windows';

const NY = 'America/New_York';
const schedule = [
  { weekday: 6, start: '09:00', end: '12:00' },
  { weekday: 3, start: '16:00', end: '19:00' },
];

describe('pickup windows', () => {
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
