import { z } from 'zod';

/** Whether the shopper gets the e-mail the day before a pickup (decision 505). */
export const ReminderSettings = z.object({ pickup_reminders: z.boolean() });
export type ReminderSettings = z.infer<typeof ReminderSettings>;

export const ReminderSettingsRequest = z.strictObject({
  pickup_reminders: z.boolean({ error: 'Say whether you want pickup reminders (true or false)' }),
});
export type ReminderSettingsRequest = z.infer<typeof ReminderSettingsRequest>;

/** The signed token of a reminder mail's unsubscribe link (`<user id>.<signature>`). */
export const UnsubscribeParams = z.object({
  token: z
    .string()
    .max(200, 'This unsubscribe link is not valid. Turn reminders off in your orders page instead.')
    .regex(
      /^\d{1,10}\.[A-Za-z0-9_-]{16,100}$/,
      'This unsubscribe link is not valid. Turn reminders off in your orders page instead.',
    ),
});

export const UnsubscribeResponse = z.object({ pickup_reminders: z.literal(false), message: z.string() });
export type UnsubscribeResponse = z.infer<typeof UnsubscribeResponse>;

/** The web page a reminder's unsubscribe link opens (it asks before turning reminders off). */
export const unsubscribePagePath = (token: string) => `/reminders/unsubscribe/${token}`;
