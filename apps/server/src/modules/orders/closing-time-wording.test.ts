import { describe, expect, it } from 'vitest';
import { refusal } from './orders.policy';
import type { OrderRow } from './orders.repository';

// Accepted for a Saturday 9 AM pickup whose orders closed on Friday 9 AM Eastern (13:00 UTC).
const accepted = {
  customerId: 1,
  producerUserId: 2,
  status: 'accepted',
  windowStart: new Date('2030-06-08T13:00:00Z'),
  cutoffAt: new Date('2030-06-07T13:00:00Z'),
} as OrderRow;
const afterClosing = new Date('2030-06-07T20:00:00Z');

describe('a cancellation after orders closed', () => {
  it("names the closing time written out in the pickup place's time zone, not in UTC", () => {
    const refused = refusal(accepted, 'shopper', 'cancelled', afterClosing, 'America/New_York');
    expect(refused?.message).toContain('orders closed Friday, June 7 at 9:00 AM EDT');
    expect(refused?.message).not.toMatch(/UTC|\d{4}-\d{2}-\d{2}/);
    expect(refusal(accepted, 'shopper', 'cancelled', afterClosing, 'America/Chicago')?.message).toContain(
      'Friday, June 7 at 8:00 AM CDT',
    );
  });
});
