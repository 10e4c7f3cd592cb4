import { describe, expect, it } from 'vitest';
import { formatClock, formatWeeklySlot } from './pickup-time';

describe('weekly pickup times', () => {
  it('read on the same 12-hour clock as the next pickup times, never 24-hour', () => {
    expect(formatWeeklySlot({ weekday: 3, start: '16:00', end: '18:30' })).toBe('Wednesday 4:00 PM – 6:30 PM');
    expect(formatWeeklySlot({ weekday: 6, start: '09:00', end: '12:00' })).toBe('Saturday 9:00 AM – 12:00 PM');
    expect(formatClock('00:15')).toBe('12:15 AM');
  });
});
