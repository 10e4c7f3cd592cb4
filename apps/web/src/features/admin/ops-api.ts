import type { ClientErrorsResponse, JobsResponse } from '@farmstand/shared/schemas/ops';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The Health tab's measured figures and jobs, and the Logs tab's browser errors (issue 12). */
export const opsKeys = {
  jobs: ['admin', 'jobs'] as const,
  clientErrors: (page: number) => ['admin', 'client-errors', page] as const,
};

export const CLIENT_ERRORS_PER_PAGE = 10;

export const useJobsOverview = () =>
  useQuery({ queryKey: opsKeys.jobs, queryFn: ({ signal }) => api.get<JobsResponse>('/admin/jobs', undefined, signal) });

export const useClientErrors = (page: number) =>
  useQuery({
    queryKey: opsKeys.clientErrors(page),
    queryFn: ({ signal }) =>
      api.get<ClientErrorsResponse>(
        '/admin/client-errors',
        { limit: CLIENT_ERRORS_PER_PAGE, offset: (page - 1) * CLIENT_ERRORS_PER_PAGE },
        signal,
      ),
    placeholderData: (previous) => previous,
  });
