import type { Random } from './random';

/** Demo shoppers besides consumer@farmstand.test; example.com addresses never reach anyone. */
export const DEMO_SHOPPER_EMAILS = [
  'emma.hart@example.com',
  'jacob.mills@example.com',
  'olivia.brooks@example.com',
  'noah.griffith@example.com',
  'ava.collins@example.com',
  'liam.prewitt@example.com',
];

const PRAISE: Record<number, { title: string; content: string }[]> = {
  5: [
    {
      title: 'Best we have found',
      content: 'Absolutely worth the drive. Fresh, generous portions and the family could not have been friendlier.',
    },
    {
      title: 'Our new weekly staple',
      content: 'We pick this up every week now. You can taste the difference from the grocery store.',
    },
    {
      title: 'Exceptional quality',
      content: 'Everything was exactly as described and beautifully packed. Pickup was quick and easy.',
    },
    { title: 'Worth every penny', content: 'Great quality and it is good to know exactly where our food comes from.' },
  ],
  4: [
    {
      title: 'Really good',
      content: 'Very fresh and tasty. Pickup times are a little limited, but it is worth planning around.',
    },
    { title: 'Would buy again', content: 'Good value and lovely people. Only wish they had more in stock on Saturdays.' },
    { title: 'Solid and fresh', content: 'Came exactly when promised and tasted great. Will be back.' },
  ],
  3: [
    { title: 'Good, not great', content: 'Fine quality, though a bit pricey for what it is. The farm stand was easy to find.' },
  ],
  2: [{ title: 'Mixed experience', content: 'The product was okay but pickup instructions were unclear and we waited a while.' }],
};
const RATINGS = [5, 5, 5, 5, 4, 4, 4, 3, 5, 2];

export type DemoReviewDraft = { rating: number; title: string; content: string; status: 'approved' | 'pending'; daysAgo: number };

/** A believable review: mostly four and five stars, one in eight still waiting for moderation. */
export function draftReview(random: Random): DemoReviewDraft {
  const rating = random.pick(RATINGS);
  const text = random.pick(PRAISE[rating]);
  return { rating, ...text, status: random.chance(0.12) ? 'pending' : 'approved', daysAgo: random.int(1, 90) };
}
