import { type BasketLine, couponEligible, dollars, type TenderPlan, tenderPlan } from '@farmstand/shared/benefits/eligibility';
import {
  BENEFIT_PROGRAMMES,
  type BenefitProgramme,
  type BenefitTable,
  type Incentive,
  incentiveIn,
  TENDER_LABELS,
  type TenderKind,
} from '@farmstand/shared/benefits/programmes';
import { STATES, type StateCode } from '@farmstand/shared/constants/catalog';
import type { PublicBenefits } from '@farmstand/shared/schemas/benefits';
import type { Product } from '@farmstand/shared/schemas/products';
import { Card } from '@/components/ui/card';
import { useBenefitTable } from '@/shared/benefit-table';
import { useProducerBenefits } from '../api';
import { useShopperBenefits } from '../shopper-api';
import { useFarmListing } from '../tenders-api';

/** One basket line as the checkout gives it: the line's total in cents is the checkout's own. */
export type PlanLine = { productId: number; name: string; totalCents: number };

/** How each benefit is named in "up to $18.00 with SNAP". */
const PAY_NAMES: Record<BenefitProgramme, string> = {
  snap: 'SNAP',
  wic_fmnp: 'WIC FMNP coupons',
  senior_fmnp: 'Senior FMNP coupons',
};

export const NEVER_TAKES = 'Farmstand never takes benefits: you pay the producer in person.';

const orList = (items: string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;

/** "You use: SNAP/EBT and WIC FMNP coupons." from the benefits the shopper saved, or null when none. */
export function youUse(uses: readonly BenefitProgramme[]): string | null {
  const names = BENEFIT_PROGRAMMES.filter((p) => uses.includes(p)).map((p) => TENDER_LABELS[p]);
  if (names.length === 0) return null;
  const list = names.length < 2 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `You use: ${list}.`;
}

/** A shopper's sentence and breakdown for one farm's basket, from the shared plan (decision 516). */
export type PlanText = {
  sentence: string;
  breakdown: { label: string; value: string }[];
  ask: string[];
};

type Line = PlanLine & { product: BasketLine['product'] };

/**
 * The words for a plan: "Pay the producer at pickup: up to $18.00 with SNAP, + $10.00 Kentucky
 * Double Dollars", what each benefit covers, and "Ask the producer about …" wherever a programme
 * said "check with the programme". Each item is paid once, so the benefits are joined with "or".
 */
export function planText(
  plan: TenderPlan,
  lines: Line[],
  state: StateCode,
  incentive: Incentive | null,
  table: BenefitTable,
): PlanText {
  const takes = (kind: TenderKind) => plan.accepted.includes(kind);
  const programmes = BENEFIT_PROGRAMMES.filter(takes);
  const sure = (p: BenefitProgramme) => (p === 'snap' ? plan.snapCents : plan.couponCents[p]);
  const parts = programmes.filter((p) => sure(p) > 0).map((p) => `${dollars(sure(p))} with ${PAY_NAMES[p]}`);
  const matching = incentive !== null && takes('incentive');
  let sentence =
    parts.length > 0
      ? `Pay the producer at pickup: up to ${orList(parts)}`
      : `Pay the producer at pickup: nothing in this basket is sure to be covered by ${orList(programmes.map((p) => PAY_NAMES[p]))}`;
  if (matching && plan.incentiveMatchCents > 0) sentence += `, + ${dollars(plan.incentiveMatchCents)} ${incentive.name}`;

  const breakdown: PlanText['breakdown'] = [];
  if (takes('snap')) breakdown.push({ label: 'SNAP-eligible items', value: dollars(plan.snapCents) });
  if (takes('wic_fmnp')) breakdown.push({ label: 'Items WIC FMNP coupons cover', value: dollars(plan.couponCents.wic_fmnp) });
  if (takes('senior_fmnp'))
    breakdown.push({ label: 'Items Senior FMNP coupons cover', value: dollars(plan.couponCents.senior_fmnp) });
  breakdown.push({ label: 'The rest, paid another way', value: dollars(plan.restCents) });
  if (matching)
    breakdown.push({
      label: `Expected ${incentive.name} match`,
      value: `up to ${dollars(plan.incentiveMatchCents)} (at most ${dollars(incentive.dailyCapCents)} a day)`,
    });

  const ask: string[] = [];
  for (const programme of programmes) {
    const unsure = lines.filter((l) => couponEligible(programme, state, l.product, table).eligible === 'check');
    if (unsure.length === 0) continue;
    const cents = unsure.reduce((sum, l) => sum + l.totalCents, 0);
    ask.push(
      `Ask the producer about ${PAY_NAMES[programme]} for ${dollars(cents)} of your basket (${unsure.map((l) => l.name).join(', ')}).`,
    );
  }
  if (matching && plan.incentiveCheckCents > 0) {
    const groups = incentive.groups
      .filter((g) => !g.confirmed && lines.some((l) => g.categories.includes(l.product.category)))
      .map((g) => g.label);
    const on = groups.length > 0 ? ` on ${groups.join(' and ')}` : '';
    ask.push(`Ask the producer about ${incentive.name}${on}: up to ${dollars(plan.incentiveCheckCents)} more.`);
  }
  return { sentence, breakdown, ask };
}

/** The plan for a farm that takes benefits, or null (a farm that takes none, an unknown state), by the table in force. */
function planFor(
  benefits: PublicBenefits | null | undefined,
  products: Product[] | undefined,
  lines: PlanLine[],
  table: BenefitTable,
) {
  if (!benefits || benefits.takes.length === 0 || !products) return null;
  const state = STATES.find((s) => s === benefits.state);
  if (!state) return null;
  const incentive = incentiveIn(table, state);
  const byId = new Map(products.map((p) => [p.id, p]));
  // A product no longer listed has no known category: "other", which every programme answers "check".
  const withProducts: Line[] = lines.map((l) => {
    const product = byId.get(l.productId);
    return {
      ...l,
      product: {
        category: product?.category ?? 'other',
        inspection: product?.inspection ?? null,
        origin: product?.origin_state ?? null,
      },
    };
  });
  const plan = tenderPlan(withProducts, { state, kinds: benefits.takes, table }, incentive);
  return { plan, text: planText(plan, withProducts, state, incentive, table) };
}

/**
 * At checkout, for a farm that takes any benefit: what SNAP, the coupons and the incentive can pay
 * for in this basket, and the rest. Nothing when the farm takes none.
 */
export function TenderPlanCard({
  producerUserId,
  lines,
  estimated = false,
}: {
  producerUserId: number;
  lines: PlanLine[];
  estimated?: boolean;
}) {
  const benefits = useProducerBenefits(producerUserId);
  const takesAny = (benefits.data?.takes.length ?? 0) > 0;
  const products = useFarmListing(producerUserId, takesAny);
  const table = useBenefitTable();
  const result = planFor(benefits.data, products.data, lines, table);
  // The shopper's own saved benefits, read from /benefits/me only for this reminder: never sent on.
  const saved = useShopperBenefits(takesAny);
  if (!result) return null;
  const { text } = result;
  const uses = youUse(saved.data?.uses ?? []);
  return (
    <Card className="p-5" aria-labelledby="tender-plan-heading" role="region">
      <h2 id="tender-plan-heading" className="text-lg font-semibold">
        Paying with benefits
      </h2>
      <p className="mt-2 font-medium text-stone-900 dark:text-stone-100" data-testid="tender-plan-sentence">
        {text.sentence}
      </p>
      <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">{NEVER_TAKES}</p>
      {uses && (
        <p className="mt-3 text-sm font-medium" data-testid="tender-plan-uses">
          {uses}
        </p>
      )}
      <dl className="mt-3 space-y-1 text-sm">
        {text.breakdown.map((row) => (
          <div key={row.label} className="flex justify-between gap-3">
            <dt className="text-stone-700 dark:text-stone-300">{row.label}</dt>
            <dd className="text-right font-medium">{row.value}</dd>
          </div>
        ))}
      </dl>
      {text.ask.length > 0 && (
        <ul className="mt-3 space-y-1 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-100">
          {text.ask.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      <p className="mt-2 text-xs text-stone-700 dark:text-stone-300">
        Each item is paid once, with one benefit or another.
        {estimated && ' Items sold by weight are estimates until the producer weighs them.'}
      </p>
    </Card>
  );
}
