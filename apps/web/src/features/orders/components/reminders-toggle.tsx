import { errorMessage } from '@/lib/api';
import { useReminderSettings, useSetReminders } from '../api';

/** "Pickup reminders by e-mail": the shopper's switch for the day-before reminder (decision 505). */
export function RemindersToggle() {
  const settings = useReminderSettings();
  const save = useSetReminders();
  if (!settings.data) return null;
  const on = settings.data.pickup_reminders;
  return (
    <div className="mb-6 rounded-lg border border-stone-200 bg-white p-4 dark:border-stone-700 dark:bg-stone-900">
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 h-5 w-5 shrink-0"
          checked={on}
          disabled={save.isPending}
          onChange={(e) => save.mutate(e.target.checked)}
          aria-describedby="pickup-reminders-hint"
        />
        <span>
          <span className="block font-semibold">Pickup reminders by e-mail</span>
          <span id="pickup-reminders-hint" className="block text-stone-600 dark:text-stone-300">
            The day before each pickup: where and when, what to bring and what to pay.
          </span>
        </span>
      </label>
      {save.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
          {errorMessage(save.error, 'Could not save your choice. Please try again.')}
        </p>
      )}
    </div>
  );
}
