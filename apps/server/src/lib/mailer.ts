import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type Nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Db } from '../db/client';
import { emailOutbox } from '../db/schema';
import { type EmailContent, renderEmail, type Site, wrapPlainText } from './email-template';
import { lazyModule } from './lazy-module';

const loadNodemailer = lazyModule<typeof Nodemailer>('nodemailer');

/**
 * A mail to send. Either the template's parts (heading, paragraphs, action, reason: preferred,
 * every mail then has the same look and says why it was sent) or a ready subject + text (+ html).
 */
export type Mail =
  | { to: string; subject: string; text: string; html?: string; reason?: string }
  | ({ to: string; subject: string } & EmailContent);

export interface Mailer {
  /** Keeps the mail in the outbox and delivers it: through the job queue when it runs, else at once. */
  send(mail: Mail): Promise<void>;
}

/** Attempts before a mail is dead-lettered (status `dead`, listed on the admin Health tab). */
export const MAX_MAIL_ATTEMPTS = 5;

export type MailDelivery = {
  /** Sends one outbox row; throws when the attempt failed and another should follow. */
  deliver(id: number): Promise<'sent' | 'logged' | 'dead' | 'skipped'>;
};

export type MailerDeps = {
  db: Db;
  log: FastifyBaseLogger;
  smtpUrl: string | undefined;
  from: string;
  /** The site's name (admin settings) and address (PUBLIC_URL), read when each mail is written. */
  site: () => Promise<Site>;
  /** Hands an outbox id to the job queue; returns false when no queue runs (tests, scripts). */
  enqueue: (id: number) => Promise<boolean>;
};

export function createMailer(deps: MailerDeps): Mailer & MailDelivery {
  // Made on the first delivery: nodemailer is not loaded until a mail goes out.
  let smtp: Transporter | undefined;
  const smtpTransport = (url: string) => {
    smtp ??= loadNodemailer().createTransport(url);
    return smtp;
  };
  const { db, log } = deps;

  async function deliver(id: number): Promise<'sent' | 'logged' | 'dead' | 'skipped'> {
    // Claim the row: a retry that races a late first attempt never sends twice. Without SMTP the
    // mail is only logged, so the claim writes the final status at once (one statement, not two).
    const [row] = await db
      .update(emailOutbox)
      .set({ status: deps.smtpUrl ? 'sending' : 'logged', attempts: sql`${emailOutbox.attempts} + 1` })
      .where(and(eq(emailOutbox.id, id), inArray(emailOutbox.status, ['queued', 'retrying'])))
      .returning();
    if (!row) return 'skipped';
    if (!deps.smtpUrl) {
      log.info(`E-mail to ${row.toAddress}: ${row.subject}\n${row.body}`);
      return 'logged';
    }
    try {
      await smtpTransport(deps.smtpUrl).sendMail({
        from: deps.from,
        to: row.toAddress,
        subject: row.subject,
        text: row.body,
        ...(row.html ? { html: row.html } : {}),
      });
      await db.update(emailOutbox).set({ status: 'sent', sentAt: new Date(), lastError: null }).where(eq(emailOutbox.id, id));
      return 'sent';
    } catch (error) {
      const dead = row.attempts >= MAX_MAIL_ATTEMPTS;
      const message = (error as Error).message?.slice(0, 500) ?? String(error);
      await db
        .update(emailOutbox)
        .set({ status: dead ? 'dead' : 'retrying', lastError: message })
        .where(eq(emailOutbox.id, id));
      log.warn({ err: error, outboxId: id, attempt: row.attempts }, `could not send e-mail to ${row.toAddress}`);
      if (dead) return 'dead';
      throw error;
    }
  }

  return {
    deliver,
    async send(mail) {
      const site = await deps.site();
      const rendered =
        'heading' in mail
          ? { ...renderEmail(mail, site), reason: mail.reason }
          : mail.html
            ? { text: mail.text, html: mail.html, reason: mail.reason ?? null }
            : { ...wrapPlainText(mail.subject, mail.text, site), reason: mail.reason ?? null };
      const [row] = await db
        .insert(emailOutbox)
        .values({ toAddress: mail.to, subject: mail.subject, body: rendered.text, html: rendered.html, reason: rendered.reason })
        .returning({ id: emailOutbox.id });
      if (await deps.enqueue(row.id).catch(() => false)) return;
      // No queue: one attempt now; the row stays `retrying` for the queue to pick up later if it fails.
      await deliver(row.id).catch(() => undefined);
    },
  };
}
