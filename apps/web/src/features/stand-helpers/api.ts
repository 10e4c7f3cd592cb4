import { type AuthResponse, type AuthRulesResponse, PASSWORD_MIN_LENGTH } from '@farmstand/shared';
import type {
  StandHelperInviteRequest,
  StandHelpersResponse,
  StandInvitation,
  StandInvitationAccept,
  StandInvitationView,
} from '@farmstand/shared/schemas/stand-helpers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

/**
 * Stand helpers (decision 579): the farm's list, invitations and removals, and the invited person's
 * view and acceptance of the e-mailed link. Online only: these are not the register's queued work.
 */

const HELPERS_KEY = ['stand', 'helpers'] as const;

export const useStandHelpers = () =>
  useQuery({ queryKey: HELPERS_KEY, queryFn: () => api.get<StandHelpersResponse>('/stand/helpers') });

function useHelpersMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: HELPERS_KEY }),
  });
}

export const useInviteHelper = () =>
  useHelpersMutation((body: StandHelperInviteRequest) => api.post<StandInvitation>('/stand/helpers/invitations', body));

export const useWithdrawInvitation = () =>
  useHelpersMutation((id: number) => api.delete<{ message: string }>(`/stand/helpers/invitations/${id}`));

export const useRemoveHelper = () => useHelpersMutation((id: number) => api.delete<{ message: string }>(`/stand/helpers/${id}`));

export const useInvitation = (token: string) =>
  useQuery({
    queryKey: ['stand', 'invitation', token],
    queryFn: () => api.post<StandInvitationView>('/stand/invitation', { token }),
    enabled: token !== '',
    retry: false,
  });

export const acceptInvitation = (body: StandInvitationAccept) => api.post<AuthResponse>('/stand/invitation/accept', body);

/** The password minimum in force (the admin's setting), for the accept form's hint and check; the server checks it anyway. */
export function usePasswordMinLength(): number {
  const { data } = useQuery({
    queryKey: ['auth', 'rules'],
    queryFn: ({ signal }) => api.get<AuthRulesResponse>('/auth/rules', undefined, signal),
    staleTime: 5 * 60_000,
  });
  return data?.password_min_length ?? PASSWORD_MIN_LENGTH;
}
