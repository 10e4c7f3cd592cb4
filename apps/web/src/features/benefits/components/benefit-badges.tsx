import {
  type BenefitProduct,
  couponEligible,
  type Eligibility,
  incentiveApplies,
  snapEligible,
} from '@farmstand/shared/benefits/eligibility';
import { BENEFIT_PROGRAMMES, type BenefitProgramme, type BenefitTable, incentiveIn } from '@farmstand/shared/benefits/programmes';
import { STATES, type StateCode } from '@farmstand/shared/constants/catalog';
import type { PublicBenefits } from '@farmstand/shared/schemas/benefits';
import { Badge, Card } from '@/components/ui/card';
import { useBenefitTable } from '@/lib/benefit-table';
import { useProducerBenefits } from '../api';
import { ASK_NAMES, BADGE_LABELS, BENEFITS_TEXTS } from '../texts';

const muted = 'text-stone-700 dark:text-stone-300';

/** One badge: a sure yes, or "check with the programme" with the reason a shopper reads. */
export type BenefitBadge = {
  key: BenefitProgramme | 'incentive';
  /** The programme's name: "SNAP", "WIC FMNP coupons", "Kentucky Double Dollars". */
  name: string;
  eligible: true | 'check';
  reason: string;
};

const asState = (state: string): StateCode | null =>
  (STATES as readonly string[]).includes(state) ? (state as StateCode) : null;

/** What the farm takes now, as badges (the farm page); the incentive's name from the table in force. */
export function farmBadges(benefits: PublicBenefits, table: BenefitTable): BenefitBadge[] {
  const badges: BenefitBadge[] = BENEFIT_PROGRAMMES.filter((p) => benefits.takes.includes(p)).map((p) => ({
    key: p,
    name: ASK_NAMES[p],
    eligible: true,
    reason: '',
  }));
  const state = asState(benefits.state);
  const name = benefits.incentive_name ?? (state ? incentiveIn(table, state)?.name : null);
  if (benefits.takes.includes('incentive') && name) badges.push({ key: 'incentive', name, eligible: true, reason: '' });
  return badges;
}

/**
 * What THIS product can be paid with at pickup: each benefit the farm takes, as the shared rules
 * answer it from the table in force for the product's category (in the farm's state, or where the
 * product was grown), and the state's running incentive where it applies. An incentive matches what
 * a matched benefit pays, so it needs one of those to pay first (as the tender plan counts it). A
 * "no" shows nothing.
 */
export function productBadges(benefits: PublicBenefits, product: BenefitProduct, table: BenefitTable): BenefitBadge[] {
  const state = asState(benefits.state);
  if (!state) return [];
  const answers = new Map<BenefitProgramme, Eligibility>();
  const badges: BenefitBadge[] = [];
  for (const programme of BENEFIT_PROGRAMMES) {
    if (!benefits.takes.includes(programme)) continue;
    const answer = programme === 'snap' ? snapEligible(product) : couponEligible(programme, state, product, table);
    answers.set(programme, answer);
    if (answer.eligible !== false)
      badges.push({ key: programme, name: ASK_NAMES[programme], eligible: answer.eligible, reason: answer.reason });
  }
  const incentive = incentiveIn(table, state);
  if (incentive && benefits.takes.includes('incentive')) {
    const applies = incentiveApplies(incentive, product, product.origin ?? state);
    const paidBy = incentive.matches.map((p) => answers.get(p)?.eligible ?? false);
    const name = benefits.incentive_name ?? incentive.name;
    if (applies.eligible !== false && paidBy.some((e) => e !== false)) {
      const sure = applies.eligible === true && paidBy.includes(true);
      badges.push({
        key: 'incentive',
        name,
        eligible: sure ? true : 'check',
        reason:
          applies.eligible === 'check'
            ? applies.reason
            : `Check with the programme: ${name} matches only what SNAP or coupons pay, and those need checking for this product`,
      });
    }
  }
  return badges;
}

/** "Takes SNAP", "WIC FMNP coupons", "Senior FMNP coupons", "Kentucky Double Dollars". */
const badgeText = (badge: BenefitBadge) => (badge.key === 'incentive' ? badge.name : BADGE_LABELS[badge.key]);

/** The farm page's card: which benefits the farm takes at pickup. Nothing when it takes none. */
export function FarmBenefitBadges({ producerUserId }: { producerUserId: number }) {
  const query = useProducerBenefits(producerUserId);
  const table = useBenefitTable();
  if (!query.data) return null;
  const badges = farmBadges(query.data, table);
  if (badges.length === 0) return null;
  const incentive = badges.find((badge) => badge.key === 'incentive');
  return (
    <Card className="p-5">
      <h2 className="mb-2 text-lg font-semibold">Benefits at pickup</h2>
      <ul className="flex flex-wrap gap-2" aria-label="Benefits this farm takes">
        {badges.map((badge) => (
          <li key={badge.key}>
            <Badge tone="green">{badgeText(badge)}</Badge>
          </li>
        ))}
      </ul>
      {incentive && query.data.incentive_markets.length > 0 && (
        <p className={`mt-2 text-sm ${muted}`}>{BENEFITS_TEXTS.incentiveAt(incentive.name, query.data.incentive_markets)}</p>
      )}
      <p className={`mt-2 text-sm ${muted}`}>{BENEFITS_TEXTS.shopperNote}</p>
    </Card>
  );
}

/** The product page's card: what this product can be paid with at this farm. Nothing when none. */
export function ProductBenefitBadges({
  product,
}: {
  /** A listed product: `origin_state` is where it was grown when not on the farm (null: the farm's state). */
  product: BenefitProduct & { producer_user_id: number; origin_state?: StateCode | null; tax_class?: string };
}) {
  const query = useProducerBenefits(product.producer_user_id);
  const table = useBenefitTable();
  if (!query.data) return null;
  const badges = productBadges(
    query.data,
    {
      category: product.category,
      inspection: product.inspection,
      origin: product.origin ?? product.origin_state ?? null,
      // The farm said it is not food (its tax class): no benefit pays for it.
      notFood: product.tax_class === 'non_food',
    },
    table,
  );
  if (badges.length === 0) return null;
  const sure = badges.filter((b) => b.eligible === true);
  const check = badges.filter((b) => b.eligible === 'check');
  return (
    <Card className="p-5">
      <h2 className="mb-2 text-lg font-semibold">Benefits at pickup</h2>
      {sure.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Benefits that can pay for this product">
          {sure.map((badge) => (
            <li key={badge.key}>
              <Badge tone="green">{badgeText(badge)}</Badge>
            </li>
          ))}
        </ul>
      )}
      {check.length > 0 && (
        <ul className="mt-3 space-y-2" aria-label="Benefits to ask the farm about">
          {check.map((badge) => (
            <li key={badge.key} className="text-sm">
              <Badge tone="yellow">Ask about {badge.name}</Badge>
              <p className={`mt-1 ${muted}`}>{badge.reason}</p>
            </li>
          ))}
        </ul>
      )}
      <p className={`mt-3 text-sm ${muted}`}>{BENEFITS_TEXTS.shopperNote}</p>
    </Card>
  );
}
