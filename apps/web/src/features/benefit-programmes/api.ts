import type { BenefitProgramme, BenefitTable } from '@farmstand/shared/benefits/programmes';
import type { StateCode } from '@farmstand/shared/constants/catalog';
import type { IncentiveRequest, StateProgrammeRequest } from '@farmstand/shared/schemas/benefit-programmes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { BENEFIT_TABLE_KEY, benefitTableQuery } from '@/lib/benefit-table';
import { BENEFITS_KEY } from '@/lib/queries';

/**
 * The benefit programmes as the admins maintain them (decision 516): the table in force (the same
 * cache entry every badge, tender plan and filter label reads), a programme's row in a state, and the
 * incentives. Every save answers with the whole table, which replaces the cached one; the farms'
 * public answers (what they take, their incentive's name) are refreshed with it.
 */

/** The table in force, with its loading and error states (the admins' screen shows them). */
export const useBenefitTableQuery = () => useQuery(benefitTableQuery);

function useTableWrite<Vars>(send: (vars: Vars) => Promise<BenefitTable>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (table) => {
      queryClient.setQueryData(BENEFIT_TABLE_KEY, table);
      void queryClient.invalidateQueries({ queryKey: [...BENEFITS_KEY, 'producer'] });
      void queryClient.invalidateQueries({ queryKey: [...BENEFITS_KEY, 'mine'] });
    },
  });
}

/** Admin: edits a programme's row in a state. */
export const useSaveProgramme = () =>
  useTableWrite(({ programme, state, body }: { programme: BenefitProgramme; state: StateCode; body: StateProgrammeRequest }) =>
    api.put<BenefitTable>(`/admin/benefits/programmes/${programme}/${state}`, body),
  );

/** Admin: adds an incentive (`id` null) or edits one; switching one off is an edit with `active: false`. */
export const useSaveIncentive = () =>
  useTableWrite(({ id, body }: { id: string | null; body: IncentiveRequest }) =>
    id === null
      ? api.post<BenefitTable>('/admin/benefits/incentives', body)
      : api.put<BenefitTable>(`/admin/benefits/incentives/${encodeURIComponent(id)}`, body),
  );
