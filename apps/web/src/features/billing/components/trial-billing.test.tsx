import { formatDate } from '@farmstand/shared';
import type { SubscriptionStatusResponse } from '@farmstand/shared/schemas/billing';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => ({ confirm: vi.fn() }));
vi.mock('@/shared/site/api', () => ({
  useSite: () => ({ site_name: 'Farmstand', plans: { monthly_price: 10, annual_price: 100, trial_days: 30 } }),
}));
vi.mock('../api', () => ({
  createPaymentIntent: async () => ({ client_secret: 'seti_x_secret', setup_intent_id: 'seti_x' }),
  confirmSubscription: (...args: unknown[]) => calls.confirm(...args),
}));

import { ApiError } from '@/lib/api';
import { firstChargeIfChosenNow } from '../trial-charge';
import { CardModal } from './card-modal';
import { PlanPicker } from './plan-picker';
import { SubscriptionSummary } from './subscription-summary';

vi.setConfig({ testTimeout: 60_000 });

const DAY_MS = 86_400_000;
const trialEnd = new Date(Date.now() + 30 * DAY_MS).toISOString();
const base: SubscriptionStatusResponse = {
  hasSubscription: true,
  status: 'trialing',
  trial_days_remaining: 30,
  trial_ends_at: trialEnd,
  current_period_end: null,
  stripe_price_id: null,
  stripe_customer_id: null,
  cancel_at_period_end: false,
  plan_type: null,
  granted: false,
  provider: 'test',
  publishable_key: null,
  first_charge_at: null,
};
const monthly = { type: 'monthly', name: 'Monthly', price: 10, period: 'month', note: '' } as const;

function fillCard(number: string) {
  const dialog = within(screen.getByRole('dialog', { hidden: true }));
  fireEvent.input(dialog.getByLabelText('Card number'), { target: { value: number } });
  fireEvent.input(dialog.getByLabelText('Expiry (MM/YY)'), { target: { value: '1239' } });
  fireEvent.input(dialog.getByLabelText('CVC'), { target: { value: '123' } });
  fireEvent.input(dialog.getByLabelText('ZIP code'), { target: { value: '40502' } });
}

describe('subscribing during the free trial', () => {
  afterEach(() => {
    cleanup();
    calls.confirm.mockReset();
  });

  it('says before paying that the trial continues and when the first $10 is charged', () => {
    const firstCharge = firstChargeIfChosenNow(base);
    expect(firstCharge).toBe(trialEnd);
    render(
      <CardModal
        plan={monthly}
        firstChargeAt={firstCharge}
        provider="test"
        publishableKey={null}
        onClose={() => {}}
        onSubscribed={() => {}}
      />,
    );
    const day = formatDate(trialEnd);
    const dialog = within(screen.getByRole('dialog', { hidden: true }));
    expect(dialog.getByText(`Your trial continues until ${day}; the first charge of $10 is on ${day}.`)).toBeTruthy();
    expect(dialog.getByRole('button', { name: `Subscribe, first charge on ${day}`, hidden: true })).toBeTruthy();
    expect(dialog.queryByText(/Pay \$10/)).toBeNull();
  });

  it('charges at once when no trial is left, and says so', () => {
    const ended = { ...base, status: 'none' as const, trial_ends_at: new Date(Date.now() - DAY_MS).toISOString() };
    expect(firstChargeIfChosenNow(ended)).toBeNull();
    render(
      <CardModal
        plan={monthly}
        firstChargeAt={null}
        provider="test"
        publishableKey={null}
        onClose={() => {}}
        onSubscribed={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: 'Pay $10 and subscribe', hidden: true })).toBeTruthy();
  });

  it('says what a declined card means and what to do, not "Payment method validation failed"', async () => {
    calls.confirm.mockRejectedValue(new ApiError(402, 'Your card was declined. Try another card or contact your bank.'));
    render(
      <CardModal
        plan={monthly}
        firstChargeAt={trialEnd}
        provider="test"
        publishableKey={null}
        onClose={() => {}}
        onSubscribed={() => {}}
      />,
    );
    fillCard('4000 0000 0000 0002');
    fireEvent.click(screen.getByRole('button', { name: /Subscribe, first charge on/, hidden: true }));
    const alert = await screen.findByRole('alert', { hidden: true });
    expect(alert.textContent).toBe('Your card was declined. Try another card or contact your bank.');
    expect(screen.queryByText('Payment method validation failed')).toBeNull();
  });

  it('after subscribing in the trial, the summary names the trial end and the first charge', () => {
    render(
      <SubscriptionSummary
        subscription={{
          ...base,
          status: 'active',
          plan_type: 'monthly',
          current_period_end: trialEnd,
          first_charge_at: trialEnd,
        }}
      />,
    );
    const day = formatDate(trialEnd);
    expect(
      screen.getByText(`Monthly plan. Your trial continues until ${day}; the first charge of $10 is on ${day}.`),
    ).toBeTruthy();
  });

  it('highlights the card of the current plan, the one marked "Current plan", not the annual one', () => {
    const { container } = render(<PlanPicker onChoose={() => {}} currentPlan="monthly" disabledReason="You are subscribed." />);
    const highlighted = container.querySelectorAll('[data-highlighted="true"]');
    expect(highlighted).toHaveLength(1);
    expect(within(highlighted[0] as HTMLElement).getByText('Current plan')).toBeTruthy();
    expect(within(highlighted[0] as HTMLElement).getByRole('heading', { name: 'Monthly' })).toBeTruthy();
    cleanup();
    // With no plan yet, the annual plan (its saving) stands out.
    const { container: fresh } = render(<PlanPicker onChoose={() => {}} currentPlan={null} />);
    const recommended = fresh.querySelector('[data-highlighted="true"]') as HTMLElement;
    expect(within(recommended).getByRole('heading', { name: 'Annual' })).toBeTruthy();
  });
});
