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
