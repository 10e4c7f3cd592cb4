import { type BasketLine, couponEligible, type TenderPlan, tenderPlan } from '@farmstand/shared/benefits/eligibility';
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
import { formatCents } from '@farmstand/shared/format/money';
import type { PublicBenefits } from '@farmstand/shared/schemas/benefits';
import type { Product } from '@farmstand/shared/schemas/products';
import { Card } from '@/components/ui/card';
import { useBenefitTable } from '@/lib/benefit-table';
import { useFarmListing, useProducerBenefits, useShopperBenefits } from '../api';

/** One basket line as the checkout gives it: the line's total in cents is the checkout's own. */
export type PlanLine = { productId: number; name: string; totalCents: number };

/** The pickup place chosen at checkout (a delivery day is one too), or null until one is. */
export type PlanPlace = { pointId: number; name: string } | null;

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
 * Double Dollars at Lexington Farmers Market", what each benefit covers, and "Ask the producer about
 * …" wherever a programme said "check with the programme". Each item is paid once, so the benefits
 * are joined with "or". `market`: the participating market the incentive is offered at.
 */
export function planText(
  plan: TenderPlan,
  lines: Line[],
  state: StateCode,
  incentive: Incentive | null,
  table: BenefitTable,
  market: string | null = null,
): PlanText {
  const takes = (kind: TenderKind) => plan.accepted.includes(kind);
  const programmes = BENEFIT_PROGRAMMES.filter(takes);
  const sure = (p: BenefitProgramme) => (p === 'snap' ? plan.snapCents : plan.couponCents[p]);
  const parts = programmes.filter((p) => sure(p) > 0).map((p) => `${formatCents(sure(p))} with ${PAY_NAMES[p]}`);
  const matching = incentive !== null && takes('incentive');
  let sentence =
    parts.length > 0
      ? `Pay the producer at pickup: up to ${orList(parts)}`
      : `Pay the producer at pickup: nothing in this basket is sure to be covered by ${orList(programmes.map((p) => PAY_NAMES[p]))}`;
  const at = market ? ` at ${market}` : '';
  if (matching && plan.incentiveMatchCents > 0) sentence += `, + ${formatCents(plan.incentiveMatchCents)} ${incentive.name}${at}`;

  const breakdown: PlanText['breakdown'] = [];
  if (takes('snap')) breakdown.push({ label: 'SNAP-eligible items', value: formatCents(plan.snapCents) });
  if (takes('wic_fmnp')) breakdown.push({ label: 'Items WIC FMNP coupons cover', value: formatCents(plan.couponCents.wic_fmnp) });
  if (takes('senior_fmnp'))
    breakdown.push({ label: 'Items Senior FMNP coupons cover', value: formatCents(plan.couponCents.senior_fmnp) });
  breakdown.push({ label: 'The rest, paid another way', value: formatCents(plan.restCents) });
  if (matching)
    breakdown.push({
      // The sentence names the market; the cap beside the name keeps the amount short on a phone.
      label: `Expected ${incentive.name} match (at most ${formatCents(incentive.dailyCapCents)} a day)`,
      value: `up to ${formatCents(plan.incentiveMatchCents)}`,
    });

  const ask: string[] = [];
  for (const programme of programmes) {
    const unsure = lines.filter((l) => couponEligible(programme, state, l.product, table).eligible === 'check');
    if (unsure.length === 0) continue;
    const cents = unsure.reduce((sum, l) => sum + l.totalCents, 0);
    ask.push(
      `Ask the producer about ${PAY_NAMES[programme]} for ${formatCents(cents)} of your basket (${unsure.map((l) => l.name).join(', ')}).`,
    );
  }
  if (matching && plan.incentiveCheckCents > 0) {
    const groups = incentive.groups
      .filter((g) => !g.confirmed && lines.some((l) => g.categories.includes(l.product.category)))
      .map((g) => g.label);
    const on = groups.length > 0 ? ` on ${groups.join(' and ')}` : '';
    ask.push(`Ask the producer about ${incentive.name}${on}: up to ${formatCents(plan.incentiveCheckCents)} more.`);
  }
  return { sentence, breakdown, ask };
}

/**
 * The incentive offered for a pickup at `place` (decision 540): the one of the place's state, when
 * the farm says the place is one of its participating markets; none at any other place, or before
 * a place is chosen.
 */
export function incentiveFor(benefits: PublicBenefits, place: PlanPlace, table: BenefitTable) {
  const at = place ? benefits.incentive_places.find((p) => p.point_id === place.pointId) : undefined;
  const incentive = at && benefits.takes.includes('incentive') ? incentiveIn(table, at.state) : null;
  return incentive && at ? { incentive, market: at.market } : null;
}

/**
 * Where the match is offered when the chosen place (or none yet) offers none: "Kentucky Double
 * Dollars match only at pickups at Lexington Farmers Market: a pickup at Farm stand gets none." Null
 * when the farm offers no match anywhere, or the place offers it.
 */
export function incentiveElsewhere(benefits: PublicBenefits, place: PlanPlace, table: BenefitTable): string | null {
  // Only places whose incentive still runs in the table in force (an admin may have switched it off).
  const giving = benefits.incentive_places.filter((p) => incentiveIn(table, p.state) !== null);
  if (!benefits.takes.includes('incentive') || giving.length === 0) return null;
  if (incentiveFor(benefits, place, table)) return null;
  const name = giving[0].incentive_name;
  const places = [...new Set(giving.map((p) => p.name))];
  const where = places.length < 2 ? places.join('') : `${places.slice(0, -1).join(', ')} and ${places[places.length - 1]}`;
  return place
    ? `No ${name} match for a pickup at ${place.name}: it is given only at pickups at ${where}.`
    : `${name} match only at pickups at ${where}: choose one of those below to get it.`;
}

/** The plan for a farm that takes benefits, or null (a farm that takes none, an unknown state), by the table in force. */
function planFor(
  benefits: PublicBenefits | null | undefined,
  products: Product[] | undefined,
  lines: PlanLine[],
  table: BenefitTable,
  place: PlanPlace,
) {
  if (!benefits || benefits.takes.length === 0 || !products) return null;
  const state = STATES.find((s) => s === benefits.state);
  if (!state) return null;
  const offered = incentiveFor(benefits, place, table);
  // The match only where the chosen place offers it: elsewhere the farm takes the rest, not it.
  const kinds = offered ? benefits.takes : benefits.takes.filter((kind) => kind !== 'incentive');
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
  const incentive = offered?.incentive ?? null;
  const plan = tenderPlan(withProducts, { state, kinds, table }, incentive);
  return {
    plan,
    text: planText(plan, withProducts, state, incentive, table, offered?.market ?? null),
    elsewhere: incentiveElsewhere(benefits, place, table),
  };
}

/**
 * At checkout, for a farm that takes any benefit: what SNAP, the coupons and the incentive can pay
 * for in this basket, and the rest. The incentive only when the chosen pickup place is one of the
 * farm's participating markets (decision 540), else where it is given. Nothing when the farm takes none.
 */
export function TenderPlanCard({
  producerUserId,
  lines,
  place = null,
  estimated = false,
}: {
  producerUserId: number;
  lines: PlanLine[];
  place?: PlanPlace;
  estimated?: boolean;
}) {
  const benefits = useProducerBenefits(producerUserId);
  const takesAny = (benefits.data?.takes.length ?? 0) > 0;
  const products = useFarmListing(producerUserId, takesAny);
  const table = useBenefitTable();
  const result = planFor(benefits.data, products.data, lines, table, place);
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
            <dd className="shrink-0 text-right font-medium">{row.value}</dd>
          </div>
        ))}
      </dl>
      {result.elsewhere && (
        <p className="mt-3 text-sm text-stone-700 dark:text-stone-300" data-testid="tender-plan-elsewhere">
          {result.elsewhere}
        </p>
      )}
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
