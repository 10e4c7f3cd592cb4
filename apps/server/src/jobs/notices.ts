import type { AppContext } from '../lib/context';
import type { EmailContent } from '../lib/email-template';

/** Sends one of the jobs' mails through the mailer (and so through the queue). */
export async function mailUser(ctx: AppContext, to: string, subject: string, content: EmailContent): Promise<void> {
  await ctx.mailer.send({ to, subject, ...content });
}

export const link = (ctx: AppContext, path: string) => `${ctx.config.publicUrl}${path}`;

export const longDate = (value: Date | string) =>
  new Date(typeof value === 'string' && value.length === 10 ? `${value}T12:00:00Z` : value).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
