import type { StateCode } from '../constants/catalog';
import { allocateCents, percentOfCentsHalfUp } from '../format/money';
import type { TaxClass } from './classes';
import { classRatePercent, STATE_SALES_TAX } from './rates';

/**
 * A sale's sales tax (issue 47, decision 574). Pure, integer cents only.
 *
 * - The part of a line paid with SNAP is never taxed (7 CFR 272.1(b)): a line's taxable amount is
 *   its total less its SNAP part, and only when its class is taxed in the state.
 * - One rounding rule, on the invoice basis (SSUTA §324, which all five states follow): the tax of
 *   all the taxable amounts at one rate together, rounded half up to a cent. Then that tax is
 *   shared over those lines in proportion to their taxable amounts, largest remainder first, so the
 *   lines add up to the total exactly. A state with two rates (Tennessee's food rate) rounds each
 *   rate's total on its own.
 * - `ratePercent` is the state's general rate; a class taxed at a reduced rate (Tennessee's food)
 *   is taxable at that rate. `exemptCents` is everything not taxed: exempt classes and SNAP parts.
 */

export type TaxLineInput = { totalCents: number; taxClass: TaxClass; snapCents: number };
export type TaxLine = { taxableCents: number; exemptCents: number; taxCents: number };
export type SaleTax = {
  ratePercent: number;
  taxCents: number;
  taxableCents: number;
  exemptCents: number;
  lines: TaxLine[];
};

const isCents = (n: number) => Number.isSafeInteger(n) && n >= 0;

export function saleTax(
  state: StateCode,
  lines: readonly { totalCents: number; taxClass: TaxClass; snapCents: number }[],
): { ratePercent: number; taxCents: number; taxableCents: number; exemptCents: number; lines: TaxLine[] } {
  const rule = STATE_SALES_TAX[state];
  if (!rule) throw new RangeError(`No sales tax rule for state ${state}`);
  const out: TaxLine[] = lines.map((line) => {
    if (!isCents(line.totalCents) || !isCents(line.snapCents))
      throw new RangeError('A line total and its SNAP part must be whole, non-negative cents');
    if (line.snapCents > line.totalCents) throw new RangeError('The SNAP part of a line cannot be more than the line');
    const taxableCents = classRatePercent(state, line.taxClass) > 0 ? line.totalCents - line.snapCents : 0;
    return { taxableCents, exemptCents: line.totalCents - taxableCents, taxCents: 0 };
  });
  // Invoice basis, one rounding per rate.
  const rates = [...new Set(lines.map((l) => classRatePercent(state, l.taxClass)).filter((r) => r > 0))];
  for (const rate of rates) {
    const at = lines.flatMap((l, i) => (classRatePercent(state, l.taxClass) === rate ? [i] : []));
    const taxable = at.reduce((sum, i) => sum + out[i].taxableCents, 0);
    const shares = allocateCents(
      percentOfCentsHalfUp(taxable, rate),
      at.map((i) => out[i].taxableCents),
    );
    at.forEach((i, k) => {
      out[i].taxCents = shares[k];
    });
  }
  const sum = (f: (l: TaxLine) => number) => out.reduce((a, l) => a + f(l), 0);
  return {
    ratePercent: rule.ratePercent,
    taxCents: sum((l) => l.taxCents),
    taxableCents: sum((l) => l.taxableCents),
    exemptCents: sum((l) => l.exemptCents),
    lines: out,
  };
}

/**
 * Each line with its SNAP part (decisions 574, 576): what SNAP paid is spread over the lines SNAP
 * may pay, the lines taxed at the highest rate first, then in the basket's order, each at most its
 * amount, so the SNAP-paid part keeps as much as it can out of the tax. The phone (its basket's
 * total) and the server (the stored sale) both call this: one rule.
 */
export function snapParts(
  state: StateCode | null,
  lines: readonly { totalCents: number; taxClass: TaxClass; snapMay: boolean }[],
  snapCents: number,
): TaxLineInput[] {
  const rate = (taxClass: TaxClass) => (state ? classRatePercent(state, taxClass) : 0);
  const out = lines.map((line) => ({ totalCents: line.totalCents, taxClass: line.taxClass, snapCents: 0 }));
  const order = lines
    .map((line, index) => ({ index, snapMay: line.snapMay, rate: rate(line.taxClass) }))
    .filter((line) => line.snapMay)
    .sort((a, b) => b.rate - a.rate || a.index - b.index);
  let left = snapCents;
  for (const { index } of order) {
    const part = Math.min(left, out[index].totalCents);
    out[index].snapCents = part;
    left -= part;
  }
  return out;
}

/**
 * `saleTax` for a farm's state as stored (any text): a state outside the five has no rule here,
 * so nothing is taxed through Farmstand and every line is exempt.
 */
export function saleTaxIn(state: string, lines: readonly TaxLineInput[]): SaleTax {
  if (Object.hasOwn(STATE_SALES_TAX, state)) return saleTax(state as StateCode, lines);
  const exempt = lines.map((l) => ({ taxableCents: 0, exemptCents: l.totalCents, taxCents: 0 }));
  return {
    ratePercent: 0,
    taxCents: 0,
    taxableCents: 0,
    exemptCents: exempt.reduce((s, l) => s + l.exemptCents, 0),
    lines: exempt,
  };
}

/** The five states' codes as this module knows them, or null for a state outside them. */
export const taxState = (state: string): StateCode | null =>
  Object.hasOwn(STATE_SALES_TAX, state) ? (state as StateCode) : null;
