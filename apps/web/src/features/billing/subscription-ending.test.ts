import { describe, expect, it } from 'vitest';
import { summarizeSubscription } from './subscription-status';

// After cancelling, the dashboard card says when the subscription ends.
describe('summarizeSubscription with a cancellation at the period end', () => {
  const active = { status: 'active' as const, trial_ends_at: null };

  it('says it ends on the date instead of "Your listings are live"', () => {
    const summary = summarizeSubscription(active, new Date('2027-01-10T12:00:00Z'), {
      cancel_at_period_end: true,
      current_period_end: '2027-02-10T12:00:00Z',
    });
    expect(summary.detail).toContain('ends on Feb 10, 2027');
    expect(summary.detail).not.toContain('Your listings are live.');
    expect(summary.label).toBe('Ending');
  });

  it('stays "Active" while not cancelled', () => {
    const summary = summarizeSubscription(active, new Date(), { cancel_at_period_end: false, current_period_end: null });
    expect(summary.label).toBe('Active');
    expect(summary.detail).toContain('Your listings are live');
  });
});
