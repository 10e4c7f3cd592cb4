import { type AuthRulesResponse, PASSWORD_MIN_LENGTH } from '@farmstand/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/**
 * The password minimum in force (the admin's password_min_length), for the sign-up and reset
 * forms' hint and check. The spec's 8 until the answer arrives; the server checks it anyway.
 */
export function usePasswordMinLength(): number {
  const { data } = useQuery({
    queryKey: ['auth', 'rules'],
    queryFn: ({ signal }) => api.get<AuthRulesResponse>('/auth/rules', undefined, signal),
    staleTime: 5 * 60_000,
  });
  return data?.password_min_length ?? PASSWORD_MIN_LENGTH;
}
