import type { SiteInfoResponse } from '@farmstand/shared/schemas/site';
import { annualSavings, productLimitBullet } from '@/lib/plan-terms';

/** Prices, trial, limits and the site name come from the admin's settings (GET /api/site). */
type Site = Pick<SiteInfoResponse, 'site_name' | 'plans' | 'limits'>;

export const CONSUMER_FEATURES = [
  'Search producers by town, ZIP code and distance',
  'Browse every listed product and see it on a map',
  'Message producers directly',
  'Send product inquiries',
  'Save favourite farms',
  'Leave reviews',
];

/** The producer card's 12 feature bullets (spec 01 §2). */
export const producerFeatures = ({ limits }: Site) => [
  'A farm profile page with photos and your story',
  productLimitBullet(limits),
  // The setting counts the photos besides the main one (the upload limit, images.service.ts).
  `Up to ${limits.max_images_per_product + 1} photos per product (1 main + ${limits.max_images_per_product} more)`,
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
export const trialFeatures = ({ plans, limits }: Site) => [
  `${plans.trial_days} days free`,
  'No credit card needed to start',
  'Every producer feature included',
  `List up to ${limits.max_products_per_producer} products during the trial`,
  'Choose monthly or annual billing when you are ready',
];

export const pricingFaq = ({ site_name, plans }: Site) => [
  {
    q: `Is ${site_name} free for shoppers?`,
    a: 'Yes. Browsing, searching, messaging producers, saving favourites and leaving reviews are free, always.',
  },
  {
    q: 'How much does it cost to sell?',
    a: `$${plans.monthly_price} per month, or $${plans.annual_price} per year${annualSavings(plans) > 0 ? ` (saving $${annualSavings(plans)})` : ''}. There is no commission and no per-sale fee.`,
  },
  {
    q: 'Do I need a credit card for the free trial?',
    a: `No. Your ${plans.trial_days}-day trial starts when you create a producer account. You add a card only when you choose a plan.`,
  },
  {
    q: 'How do I get paid?',
    a: `Directly by your customers, the way you already sell: cash, check or your own payment app at pickup or delivery. ${site_name} never touches your sales.`,
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
