import type { ReminderSettings, UnsubscribeResponse } from '@farmstand/shared/schemas/reminders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

const REMINDERS_KEY = ['reminders', 'mine'] as const;

/** Whether the signed-in person gets the e-mail the day before a pickup. */
export function useReminderSettings() {
  return useQuery({ queryKey: REMINDERS_KEY, queryFn: () => api.get<ReminderSettings>('/reminders/mine') });
}

export function useSetReminders() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => api.put<ReminderSettings>('/reminders/mine', { pickup_reminders: on }),
    onSuccess: (settings) => client.setQueryData(REMINDERS_KEY, settings),
  });
}

/** The mail's unsubscribe link, confirmed on its page: works signed in or not. */
export function useUnsubscribe(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<UnsubscribeResponse>(`/reminders/unsubscribe/${encodeURIComponent(token)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: REMINDERS_KEY }),
  });
}
