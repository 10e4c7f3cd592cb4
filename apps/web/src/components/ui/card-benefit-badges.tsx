import { type BenefitProduct, tenderPlan } from '@farmstand/shared/benefits/eligibility';
import { type BenefitTable, incentiveIn } from '@farmstand/shared/benefits/programmes';
import { PRODUCT_CATEGORIES, type ProductCategory, STATES } from '@farmstand/shared/constants/catalog';
import type { ProductListing } from '@farmstand/shared/schemas/search';
import { useBenefitTable } from '@/lib/benefit-table';

/** A benefit a farm takes at pickup today, as the listing answers say (`benefit_takes`). */
export type Take = ProductListing['benefit_takes'][number];

/** What a card knows of its product: the attributes the benefit rules read (decision 516). */
export type CardProduct = {
  category: string;
  inspection?: string | null;
  origin_state?: string | null;
  /** Its sales-tax class where the card knows it: `non_food` (the farm said it is not food) takes no benefit. */
  tax_class?: string | null;
};

/** What a card knows of its farm: its state and what it takes today (from the server, `takesOn`). */
export type CardFarm = { state: string; takes: readonly Take[] };

export type CardBenefit = {
  key: Take;
  /** The pill's short text: "SNAP", "WIC", "Senior", "Double Dollars", or "Ask about SNAP". */
  label: string;
  /** What a screen reader says: "Can be paid with SNAP". */
  spoken: string;
  /** True: the rules say yes; false: "check with the programme" (the shopper asks the farm). */
  sure: boolean;
};

const SHORT: Record<Take, string> = { snap: 'SNAP', wic_fmnp: 'WIC', senior_fmnp: 'Senior', incentive: 'Double Dollars' };
const SPOKEN: Record<Take, string> = {
  snap: 'SNAP',
  wic_fmnp: 'WIC FMNP coupons',
  senior_fmnp: 'Senior FMNP coupons',
  incentive: 'Double Dollars',
};

/** A pill holds a short name; a long one ("Kentucky Double Dollars") is shortened. */
const SHORT_NAME_MAX = 16;
const incentiveLabel = (name: string) =>
  name.length <= SHORT_NAME_MAX ? name : /double dollars$/i.test(name) ? 'Double Dollars' : 'Incentive match';

/** Any amount: the plan of one item says which benefits may pay it, and which surely do. */
const ITEM_CENTS = 10_000;

/**
 * The benefits that can pay for this product at this farm today: the tender plan of a basket of
 * this one item (`packages/shared/src/benefits/eligibility.ts`, the rules the checkout and the
 * server apply), for the benefits the farm takes. A sure yes is a pill; a "check with the programme"
 * is "Ask about …"; a no shows nothing. An incentive needs a matched benefit to pay first.
 */
export function cardBenefits(product: CardProduct, farm: CardFarm, table: BenefitTable): CardBenefit[] {
  const state = STATES.find((s) => s === farm.state);
  if (!state || farm.takes.length === 0) return [];
  const category = (PRODUCT_CATEGORIES as readonly string[]).includes(product.category)
    ? (product.category as ProductCategory)
    : 'other';
  const origin = STATES.find((s) => s === product.origin_state) ?? null;
  const item: BenefitProduct = {
    category,
    inspection: (product.inspection ?? null) as BenefitProduct['inspection'],
    origin,
    notFood: product.tax_class === 'non_food',
  };
  const incentive = farm.takes.includes('incentive') ? incentiveIn(table, state) : null;
  const plan = tenderPlan([{ totalCents: ITEM_CENTS, product: item }], { state, kinds: [...farm.takes], table }, incentive);
  const surely: Record<Take, number> = {
    snap: plan.snapCents,
    wic_fmnp: plan.couponCents.wic_fmnp,
    senior_fmnp: plan.couponCents.senior_fmnp,
    incentive: plan.incentiveMatchCents,
  };
  const may = (take: Take) => (plan.limits.find((l) => l.kinds.length === 1 && l.kinds[0] === take)?.cents ?? 0) > 0;
  const badges: CardBenefit[] = [];
  for (const take of farm.takes) {
    if (take === 'incentive' && !incentive) continue;
    const sure = surely[take] > 0;
    if (!sure && !may(take)) continue;
    const short = take === 'incentive' && incentive ? incentiveLabel(incentive.name) : SHORT[take];
    const full = take === 'incentive' && incentive ? incentive.name : SPOKEN[take];
    badges.push(
      sure
        ? {
            key: take,
            label: short,
            spoken: take === 'incentive' ? `${full} matches what SNAP or coupons pay for it` : `Can be paid with ${full}`,
            sure,
          }
        : { key: take, label: `Ask about ${short}`, spoken: `Ask the farm whether ${full} can pay for it`, sure },
    );
  }
  return badges;
}

const PILL = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium';
const SURE = 'bg-green-50 text-green-900 ring-1 ring-green-200 dark:bg-green-950/60 dark:text-green-200 dark:ring-green-800';
const ASK = 'bg-white text-stone-700 ring-1 ring-stone-300 dark:bg-stone-900 dark:text-stone-300 dark:ring-stone-600';

function Badges({ product, farm }: { product: CardProduct; farm: CardFarm }) {
  const badges = cardBenefits(product, farm, useBenefitTable());
  if (badges.length === 0) return null;
  return (
    <ul aria-label="Benefits at pickup" className="mt-2 flex flex-wrap gap-1">
      {badges.map((badge) => (
        <li key={badge.key} className={`${PILL} ${badge.sure ? SURE : ASK}`}>
          <span aria-hidden="true">{badge.label}</span>
          <span className="sr-only">{badge.spoken}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Small pills on a product card for the benefits that can pay for it at pickup today. Nothing (and
 * no request for the benefit table) when the farm takes none, or the answer does not say (a
 * listing written without `benefit_takes`: the card shows no claim rather than failing).
 */
export function CardBenefitBadges({ product, farm }: { product: CardProduct; farm: CardFarm }) {
  if (!farm.takes || farm.takes.length === 0) return null;
  return <Badges product={product} farm={farm} />;
}
