import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { api } from './api';

/**
 * How the admin screens read and write (the admin feature and the certifications' review): every
 * admin query lives under ['admin', …] so an action can refresh what it changed.
 */
export const ADMIN_KEY = ['admin'] as const;

export type Message = { message: string };

/** A query function for an admin read. */
export const adminGet =
  <T>(path: string, query?: Record<string, string | number | undefined>) =>
  ({ signal }: { signal: AbortSignal }) =>
    api.get<T>(path, query, signal);

/** What an admin action says when it is done or fails: the server's message unless told otherwise. */
type Feedback<V, R> = { success?: (data: R, vars: V) => string; error: (vars: V, error: unknown) => string };

/**
 * A write that refreshes the admin queries it touches (default: all of them) and confirms with a toast.
 * The toast lives here, in the mutation's own callbacks, so it shows even when the component that
 * started the action has unmounted (a decided application leaves the list at once).
 */
export function useAdminMutation<V, R extends { message: string } = Message>(
  mutationFn: (vars: V) => Promise<R>,
  feedback: Feedback<V, R>,
  refresh: QueryKey = ADMIN_KEY,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data, vars) => {
      toast.success(feedback.success ? feedback.success(data, vars) : data.message);
      // Not awaited: the caller's own onSuccess (closing a panel, clearing a note) runs with the
      // confirmation, not after the lists have refreshed; until then they show the last answer.
      void queryClient.invalidateQueries({ queryKey: refresh });
    },
    onError: (error, vars) => {
      toast.error(feedback.error(vars, error));
    },
  });
}
