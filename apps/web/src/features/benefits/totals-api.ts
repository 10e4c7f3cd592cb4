import type { AdminBenefitsTotals } from '@farmstand/shared/schemas/benefits';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

const VALID_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Admin analytics: what every farm recorded as tendered at pickup in a month (YYYY-MM), per kind (decision 516). */
export const useAdminBenefitTotals = (month: string) =>
  useQuery({
    queryKey: ['benefits', 'admin-totals', month] as const,
    enabled: VALID_MONTH.test(month),
    queryFn: ({ signal }) => api.get<AdminBenefitsTotals>('/admin/benefits/totals', { month }, signal),
  });
