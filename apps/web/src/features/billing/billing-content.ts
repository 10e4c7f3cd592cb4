import type { PlanType } from '@farmstand/shared';
import type { SiteInfoResponse } from '@farmstand/shared/schemas/site';
import { annualSavings, productLimitBullet } from '@/lib/plan-terms';

export type PlanOption = { type: PlanType; name: string; price: number; period: string; note: string; savings?: string };

/** What the billing page quotes comes from the admin's settings (GET /api/site): what is charged. */
type SiteTerms = Pick<SiteInfoResponse, 'plans' | 'limits' | 'site_name'>;

/** Spec 01 §9: $10 a month or $100 a year, which saves $20 (the admin may change the prices). */
export function planOptions({ plans }: Pick<SiteInfoResponse, 'plans'>): PlanOption[] {
  const savings = annualSavings(plans);
  return [
    {
      type: 'monthly',
      name: 'Monthly',
      price: plans.monthly_price,
      period: 'month',
      note: 'Billed every month. Cancel any time.',
    },
    {
      type: 'annual',
      name: 'Annual',
      price: plans.annual_price,
      period: 'year',
      note: savings > 0 ? 'Billed once a year: pay less than monthly.' : 'Billed once a year.',
      savings: savings > 0 ? `Save $${savings}!` : undefined,
    },
  ];
}

export const includedFeatures = ({ limits }: SiteTerms) => [
  // A plan's limit, and the trial's beside it (decision 551: both readings of the spec, each where it holds).
  productLimitBullet(limits),
  'Your farm profile in search and on the map',
  'Direct messages and product inquiries from shoppers',
  'Verified badge for checked certifications',
  'Reviews from your customers',
  'No commission on anything you sell',
];

export const billingFaq = ({ plans, site_name }: SiteTerms) => [
  {
    q: 'When am I charged?',
    a: `Your ${plans.trial_days}-day free trial needs no card. A plan chosen during the trial keeps every trial day: its first charge is on the day the trial ends. After the trial, you are charged when you choose a plan. Then again at the start of each month or year until you cancel.`,
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
    q: `Is my card stored by ${site_name}?`,
    a: `No. Card details go to our payment provider only; ${site_name} never stores your card number.`,
  },
];

/** Numbers for trying the built-in test provider (docs/decisions/081). */
export const TEST_CARDS = { success: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' };
