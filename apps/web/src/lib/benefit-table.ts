import { type BenefitTable, DEFAULT_BENEFIT_TABLE } from '@farmstand/shared/benefits/programmes';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/**
 * The benefit programmes in force (decision 516): the admins' table, which every badge, tender plan
 * and filter label reads through the shared rules. Until it has loaded (or if it cannot), the
 * researched defaults stand in: the same rules, without the admins' latest edits.
 */
export const BENEFIT_TABLE_KEY = ['benefits', 'programmes'] as const;

/** The query of the table in force: the same cache entry for every reader, the admins' screen included. */
export const benefitTableQuery = {
  queryKey: BENEFIT_TABLE_KEY,
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get<BenefitTable>('/benefits/programmes', undefined, signal),
  staleTime: 5 * 60_000,
};

/** The answer has the table's shape (an answer of another kind must not break a shopper's page). */
const isTable = (data: unknown): data is BenefitTable => {
  const table = data as Partial<BenefitTable> | null | undefined;
  return (
    typeof table?.sources === 'object' &&
    table.sources !== null &&
    Array.isArray(table.programmes) &&
    Array.isArray(table.incentives)
  );
};

export function useBenefitTable(): BenefitTable {
  const { data } = useQuery(benefitTableQuery);
  return isTable(data) ? data : DEFAULT_BENEFIT_TABLE;
}

/** The names of the incentives running now, for the search filter's label. */
export function runningIncentiveNames(table: BenefitTable): string[] {
  return table.incentives.filter((incentive) => incentive.active).map((incentive) => incentive.name);
}
