import { ANNUAL_SAVINGS, MAX_ACTIVE_PRODUCTS, PLAN_PRICES, TRIAL_DAYS } from '@farmstand/shared';

export const CONSUMER_FEATURES = [
  'Search producers by town, ZIP code and distance',
  'Browse every listed product and see it on a map',
  'Message producers directly',
  'Send product inquiries',
  'Save favourite farms',
  'Leave reviews',
];

/** The producer card's 12 feature bullets (spec 01 §2). */
export const PRODUCER_FEATURES = [
  'A farm profile page with photos and your story',
  `Up to ${MAX_ACTIVE_PRODUCTS} active product listings`,
  'Up to 6 photos per product',
  'Listed in search and on the map for nearby shoppers',
  'Verified badge once an admin checks your certifications',
  'Direct messages with shoppers, live',
  'Product inquiries with quantity and contact preference',
  'Availability, stock and seasonal windows per product',
  'Pickup and delivery details',
  'Reviews from your customers',
  'Guides to Kentucky and neighbouring states’ food rules',
  'No commission on anything you sell',
];

/** The 5 trial bullets. */
export const TRIAL_FEATURES = [
  `${TRIAL_DAYS} days free`,
  'No credit card needed to start',
  'Every producer feature included',
  `List up to ${MAX_ACTIVE_PRODUCTS} products during the trial`,
  'Choose monthly or annual billing when you are ready',
];

export const FAQ = [
  {
    q: 'Is Farmstand free for shoppers?',
    a: 'Yes. Browsing, searching, messaging producers, saving favourites and leaving reviews are free, always.',
  },
  {
    q: 'How much does it cost to sell?',
    a: `$${PLAN_PRICES.monthly} per month, or $${PLAN_PRICES.annual} per year (saving $${ANNUAL_SAVINGS}, two months free). There is no commission and no per-sale fee.`,
  },
  {
    q: 'Do I need a credit card for the free trial?',
    a: `No. Your ${TRIAL_DAYS}-day trial starts when you create a producer account. You add a card only when you choose a plan.`,
  },
  {
    q: 'How do I get paid?',
    a: 'Directly by your customers, the way you already sell: cash, check or your own payment app at pickup or delivery. Farmstand never touches your sales.',
  },
  {
    q: 'Can I cancel at any time?',
    a: 'Yes. Plans renew automatically until you cancel. When you cancel you keep access until the end of the period you paid for.',
  },
  {
    q: 'What happens when my trial ends?',
    a: 'Your listings are hidden from shoppers until you choose a plan. Your profile, products and messages are kept, so you can pick up where you left off.',
  },
  {
    q: 'What can I sell?',
    a: 'Eggs, bread and baked goods, jellies and preserves, produce, honey, dairy, meat and poultry, and in Kentucky herdshares and in Tennessee raw-milk pet food, within your state’s rules. Our Resources page explains them.',
  },
];
