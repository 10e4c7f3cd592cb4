import { STATE_SALES_TAX, taxSourceText } from '@farmstand/shared/tax/rates';

/** The sales-tax rate of the farm's state and the law it comes from (decision 574); none outside the five states. */
export function stateTax(state: string) {
  if (!Object.hasOwn(STATE_SALES_TAX, state)) return { state, rate_percent: 0, source: '' };
  const rule = STATE_SALES_TAX[state as keyof typeof STATE_SALES_TAX];
  return { state, rate_percent: rule.ratePercent, source: taxSourceText(rule.state) };
}
