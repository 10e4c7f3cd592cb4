import { parseDateOnly } from '@farmstand/shared/format/date-only';
import { formatCents } from '@farmstand/shared/format/money';
import type { MarketSummary } from '@farmstand/shared/schemas/markets';

type Benefits = MarketSummary['benefits'];

/** One benefit a market takes or matches: a short name for a card and a plain sentence for its page. */
export type BenefitLine = { key: string; short: string; explain: string };

/**
 * The benefits of a market in the order a shopper asks about them: SNAP at the info booth, the
 * incentive that matches it (by its own name, with its cap per shopper per market day), the WIC and
 * Senior Farmers' Market coupons, and card tokens.
 */
export function benefitLines(benefits: Benefits): BenefitLine[] {
  const lines: BenefitLine[] = [];
  if (benefits.snap)
    lines.push({
      key: 'snap',
      short: 'SNAP at the info booth',
      explain:
        'Bring your EBT card to the market’s info booth: the amount you choose is taken from your SNAP balance and given to you as tokens that vendors take like cash.',
    });
  if (benefits.incentive) {
    const cap = formatCents(benefits.incentive.capCents);
    lines.push({
      key: 'incentive',
      short: `${benefits.incentive.name} up to ${cap} a day`,
      explain: `${benefits.incentive.name}: the info booth matches what you spend in benefits with extra tokens for fruit and vegetables, up to ${cap} per shopper each market day, whichever vendors you buy from.`,
    });
  }
  if (benefits.wicFmnp)
    lines.push({
      key: 'wic',
      short: 'WIC FMNP coupons',
      explain: 'WIC Farmers’ Market Nutrition Program coupons: handed out and taken here for fresh fruit and vegetables.',
    });
  if (benefits.seniorFmnp)
    lines.push({
      key: 'senior',
      short: 'Senior FMNP coupons',
      explain: 'Senior Farmers’ Market Nutrition Program coupons: handed out and taken here for fresh produce, honey and herbs.',
    });
  if (benefits.credit)
    lines.push({
      key: 'credit',
      short: 'Card tokens',
      explain: 'Paying by debit or credit card: buy market tokens at the info booth and spend them with any vendor.',
    });
  return lines;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export { marketDayText } from '@/lib/pickup-time';

/** "Apr 4 – Nov 21, 2026", a season; both years when it spans two. */
export function seasonText(start: string, end: string): string {
  const a = parseDateOnly(start);
  const b = parseDateOnly(end);
  if (!a || !b) return `${start} – ${end}`;
  const from = `${MONTHS[a.month - 1]} ${a.day}${a.year === b.year ? '' : `, ${a.year}`}`;
  return `${from} – ${MONTHS[b.month - 1]} ${b.day}, ${b.year}`;
}

/** "3 vendors", "1 vendor". */
export const vendorCountText = (count: number) => `${count} vendor${count === 1 ? '' : 's'}`;
