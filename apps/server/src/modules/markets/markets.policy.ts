import type { BenefitTable, Incentive } from '@farmstand/shared/benefits/programmes';
import type { MarketInput, VendorStatus } from '@farmstand/shared/schemas/markets';
import { badRequest, conflict } from '../../lib/errors';

/** The rules of the markets module (decision 581) that decide yes or no, beside its schema's. */

/** 'Lexington Farmers Market' → 'lexington-farmers-market'; a name of no letters gives 'market'. */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return slug || 'market';
}

/** The first of 'base', 'base-2', 'base-3'… not taken. */
export function freeSlug(base: string, taken: readonly string[]): string {
  if (!taken.includes(base)) return base;
  for (let n = 2; ; n++) if (!taken.includes(`${base}-${n}`)) return `${base}-${n}`;
}

/** The incentive a market matches, by id, among the benefit table's active incentives (null: none). */
export function incentiveById(table: BenefitTable, id: string | null): Incentive | null {
  if (!id) return null;
  return table.incentives.find((incentive) => incentive.id === id && incentive.active) ?? null;
}

/** What the schema alone cannot say about a market's fields: each problem a 400 a manager can act on. */
export function checkMarketInput(input: MarketInput, table: BenefitTable): void {
  if (input.seasonEnd < input.seasonStart) throw badRequest('The season must end on or after the day it starts', 'seasonEnd');
  if ((input.latitude === null) !== (input.longitude === null)) {
    throw badRequest('Give both latitude and longitude, or neither', 'latitude');
  }
  const weekdays = input.marketDays.map((d) => d.weekday);
  if (new Set(weekdays).size !== weekdays.length) throw badRequest('Each weekday can be a market day only once', 'marketDays');
  if (input.feeMinCents !== null && input.feeMaxCents !== null && input.feeMinCents > input.feeMaxCents) {
    throw badRequest('The minimum fee cannot be more than the maximum fee', 'feeMinCents');
  }
  if (input.incentiveId !== null) {
    const incentive = incentiveById(table, input.incentiveId);
    if (!incentive) throw badRequest('That incentive is not one the benefit programmes run', 'incentiveId');
    if (incentive.state !== input.state) throw badRequest(`${incentive.name} runs only in ${incentive.state}`, 'incentiveId');
  }
}

/** Which decision a manager can take on a vendor in each standing, and what it makes of it. */
const DECISIONS: Record<'approve' | 'decline' | 'remove', { from: VendorStatus[]; to: VendorStatus; refused: string }> = {
  approve: {
    from: ['applied'],
    to: 'approved',
    refused: 'Only an application can be approved: an invited farm accepts the invitation itself',
  },
  decline: { from: ['applied', 'invited'], to: 'declined', refused: 'Only an application or an invitation can be declined' },
  remove: { from: ['approved'], to: 'removed', refused: 'Only an approved vendor can be removed' },
};

export function decisionOutcome(decision: keyof typeof DECISIONS, status: VendorStatus): VendorStatus {
  const rule = DECISIONS[decision];
  if (!rule.from.includes(status)) throw conflict(`${rule.refused} (this farm is ${status})`);
  return rule.to;
}

/** Whether a farm may apply in its current standing (none, declined, removed or a fresh application again). */
export function checkCanApply(status: VendorStatus | null): void {
  if (status === 'approved') throw conflict('You are a vendor of this market already');
  if (status === 'invited') throw conflict('This market invited you: accept the invitation instead');
}
