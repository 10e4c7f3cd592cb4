import { ANNUAL_SAVINGS, MAX_ACTIVE_PRODUCTS, PLAN_PRICES, type PlanType, TRIAL_DAYS } from '@farmstand/shared';

export type PlanOption = { type: PlanType; name: string; price: number; period: string; note: string; savings?: string };

/** Spec 01 §9: $10 a month or $100 a year, which saves $20. */
export const PLANS: PlanOption[] = [
  { type: 'monthly', name: 'Monthly', price: PLAN_PRICES.monthly, period: 'month', note: 'Billed every month. Cancel any time.' },
  {
    type: 'annual',
    name: 'Annual',
    price: PLAN_PRICES.annual,
    period: 'year',
    note: 'Billed once a year: two months free.',
    savings: `Save $${ANNUAL_SAVINGS}!`,
  },
];

export const INCLUDED_FEATURES = [
  `Up to ${MAX_ACTIVE_PRODUCTS} active product listings`,
  'Your farm profile in search and on the map',
  'Direct messages and product inquiries from shoppers',
  'Verified badge for checked certifications',
  'Reviews from your customers',
  'No commission on anything you sell',
];

export const BILLING_FAQ = [
  {
    q: 'When am I charged?',
    a: `Your ${TRIAL_DAYS}-day free trial needs no card. You are charged when you choose a plan, then again at the start of each month or year until you cancel.`,
  },
  {
    q: 'What happens if I cancel?',
    a: 'Nothing changes until the end of the period you paid for. After that your listings are hidden from shoppers; your profile, products and messages are kept.',
  },
  {
    q: 'What happens when my trial ends without a plan?',
    a: 'Your listings are hidden from shoppers until you choose a plan. Nothing is deleted.',
  },
  {
    q: 'Can I switch between monthly and annual?',
    a: 'Yes. Cancel your current plan and choose the other one when it ends, or manage it in the billing portal.',
  },
  {
    q: 'Is my card stored by Farmstand?',
    a: 'No. Card details go to our payment provider only; Farmstand never stores your card number.',
  },
];

/** Numbers for trying the built-in test provider (docs/decisions/081). */
export const TEST_CARDS = { success: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' };
