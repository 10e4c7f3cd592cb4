import { describe, expect, it } from 'vitest';
import { expiryHasPassed } from './certification-form';

describe('the expiry warning in the certification form', () => {
  const now = new Date(2026, 10, 27, 23, 30); // late on 27 November, local time
  it('warns for a date before today, not for today (valid through its expiry date)', () => {
    expect(expiryHasPassed('2026-11-26', now)).toBe(true);
    expect(expiryHasPassed('2026-11-27', now)).toBe(false);
    expect(expiryHasPassed('2027-01-01', now)).toBe(false);
    expect(expiryHasPassed('', now)).toBe(false);
  });
});
