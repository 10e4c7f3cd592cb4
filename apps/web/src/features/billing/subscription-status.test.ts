import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_LABELS, summarizeSubscription } from './subscription-status';

const now = new Date('2025-06-01T12:00:00Z');

describe('subscription status', () => {
  it('uses the spec names for every status', () => {
    expect(SUBSCRIPTION_LABELS).toEqual({
      none: 'No subscription',
      trialing: 'Free Trial',
      active: 'Active',
      past_due: 'Payment Due',
      canceled: 'Cancelled',
    });
  });

  it('tells a trialing producer how long is left, in words', () => {
    const trial = summarizeSubscription({ status: 'trialing', trial_ends_at: '2025-06-02T10:00:00Z' }, now);
    expect(trial.label).toBe('Free Trial');
    expect(trial.detail).toMatch(/^1 day left/);
    expect(trial.action.label).toBe('Choose a Plan');
  });

  it('offers to manage a paid or overdue subscription and to choose a plan otherwise', () => {
    expect(summarizeSubscription({ status: 'active', trial_ends_at: null }, now).action.label).toBe('Manage Subscription');
    expect(summarizeSubscription({ status: 'past_due', trial_ends_at: null }, now).label).toBe('Payment Due');
    expect(summarizeSubscription({ status: 'canceled', trial_ends_at: null }, now).label).toBe('Cancelled');
    expect(summarizeSubscription({ status: 'none', trial_ends_at: null }, now).action.to).toBe('/billing');
  });

  it("quotes the admin's prices on an active subscription", () => {
    const active = { status: 'active' as const, trial_ends_at: null };
    expect(summarizeSubscription(active, now).detail).toContain('$10/month or $100/year');
    expect(summarizeSubscription(active, now, undefined, { monthly_price: 12, annual_price: 120 }).detail).toContain(
      '$12/month or $120/year',
    );
  });
});
