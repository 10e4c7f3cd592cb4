import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type Nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Db } from '../db/client';
import { runNamed } from '../db/named';
import { emailOutbox } from '../db/schema';
import { type EmailContent, renderEmail, type Site, wrapPlainText } from './email-template';
import { lazyModule } from './lazy-module';
import { recordMailCopy } from './mail-copies';

const loadNodemailer = lazyModule<typeof Nodemailer>('nodemailer');

/**
 * A one-time secret travels in a mail only as the `token` query parameter of a link (the password
 * reset and e-mail verification links); in the HTML part its `&` is written `&amp;`. That rule is what
 * lets every stored copy of a mail be stripped of its secrets without knowing which mail it was.
 */
const ONE_TIME_TOKEN = /([?&](?:amp;)?token=)[^&#\s"'<>]+/g;
/** What a one-time link's token becomes in a stored mail: a link that no longer works. */
export const REDACTED_TOKEN = 'redacted';

/** The text with the token of every one-time link replaced by `redacted`. */
export function redactOneTimeLinks(text: string): string;
export function redactOneTimeLinks(text: string | null): string | null;
export function redactOneTimeLinks(text: string | null): string | null {
  return text === null ? null : text.replace(ONE_TIME_TOKEN, `$1${REDACTED_TOKEN}`);
}

/** Same rule, for SQL (PostgreSQL regular expressions): which stored rows may still hold a link. */
export const ONE_TIME_TOKEN_SQL = `[?&](amp;)?token=`;

/**
 * A mail that can be stopped with one click carries its unsubscribe link in its text, as a link to
 * `<site>/api/<area>/unsubscribe/<token>` (the pickup reminders, decision 505). Delivery then adds the
 * RFC 8058 headers for that link, so mail clients show their own "Unsubscribe" and POST to it. Only a
 * link on this site counts: a mail quoting someone's words (a message digest) must not gain a
 * stranger's "Unsubscribe".
 */
const UNSUBSCRIBE_PATH = /^\/api\/[a-z-]+\/unsubscribe\/[A-Za-z0-9._-]+$/;

/** The List-Unsubscribe headers of a mail whose text holds this site's unsubscribe link; none otherwise. */
export function unsubscribeHeaders(text: string, siteUrl: string): Record<string, string> {
  const base = siteUrl.replace(/\/+$/, '');
  for (const word of text.split(/\s+/)) {
    if (!word.startsWith(`${base}/api/`)) continue;
    if (!UNSUBSCRIBE_PATH.test(word.slice(base.length))) continue;
    return { 'List-Unsubscribe': `<${word}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
  }
  return {};
}

type StoredMail = { id: number; body: string; html: string | null };

/** The parts of a mail to write back without their one-time links; none when it has no such link. */
function redactedParts(mail: { body: string; html: string | null }): { body?: string; html?: string | null } {
  const body = redactOneTimeLinks(mail.body);
  const html = redactOneTimeLinks(mail.html);
  return body === mail.body && html === mail.html ? {} : { body, html };
}

/**
 * Removes the one-time links of delivered (or dead) outbox rows: once the person has the mail, or it
 * will never be sent, the stored copy has no reason to hold a live reset or verification link (it
 * ends up in the write-ahead log and in backups). Rows without such a link are not written.
 */
export async function redactStoredMails(db: Db, rows: readonly StoredMail[]): Promise<number> {
  let redacted = 0;
  for (const row of rows) {
    const parts = redactedParts(row);
    if (parts.body === undefined) continue;
    await db.update(emailOutbox).set(parts).where(eq(emailOutbox.id, row.id));
    redacted++;
  }
  return redacted;
}

/**
 * A mail to send. Either the template's parts (heading, paragraphs, action, reason: preferred,
 * every mail then has the same look and says why it was sent) or a ready subject + text (+ html).
 */
export type Mail =
  | { to: string; subject: string; text: string; html?: string; reason?: string }
  | ({ to: string; subject: string } & EmailContent);

/**
 * An outbox row's own fields, as `render` makes them from a mail. Without a mail server a mail is
 * only logged, so its row is written `logged` (one attempt) at once: no claim, no job. The fields are
 * the whole mail; a `logged` row loses its one-time links once it is logged (`dispatch`).
 */
export type OutboxFields = {
  toAddress: string;
  subject: string;
  body: string;
  html: string | null;
  reason: string | null;
  status: 'queued' | 'logged';
};

/**
 * Stores a rendered mail in the outbox, in the caller's transaction when it has one (so a mail is
 * committed with what it tells about). A `logged` row has had its one attempt (the log) and is
 * stored without its one-time links (decision 350).
 */
export async function insertOutboxRow(db: Db, row: OutboxFields): Promise<number> {
  const logged = row.status === 'logged';
  const [stored] = await db
    .insert(emailOutbox)
    .values({
      toAddress: row.toAddress,
      subject: row.subject,
      body: logged ? redactOneTimeLinks(row.body) : row.body,
      html: logged ? redactOneTimeLinks(row.html) : row.html,
      reason: row.reason,
      status: row.status,
      attempts: logged ? 1 : 0,
    })
    .returning({ id: emailOutbox.id });
  return stored.id;
}

export interface Mailer {
  /**
   * Keeps the mail in the outbox and delivers it: the first attempt at once in this process, a
   * failed one retried by the job queue with backoff. Returns once the mail is stored (and, when no
   * queue runs, once its one attempt is over).
   */
  send(mail: Mail): Promise<void>;
  /**
   * The outbox row a mail becomes, for a caller that stores it in its own transaction
   * (`insertOutboxRow`), so that the mail is committed together with what it tells about (an order:
   * both or neither). The caller then hands the row's id to `dispatch` once it has committed.
   */
  render(mail: Mail, site?: Site): Promise<OutboxFields>;
  /**
   * The site's name and address that mails carry. A caller that renders inside a transaction reads
   * it first and passes it to `render`, or reads it through its transaction (`db`), so the
   * transaction never waits for a second connection (on the embedded engine, one that never comes).
   */
  site(db?: Db): Promise<Site>;
  /**
   * Delivers an outbox row written by the caller (after its commit), as `send` delivers its own.
   * `written`: the row as stored, when the caller has it; a `logged` row is then only logged.
   */
  dispatch(id: number, written?: Pick<OutboxFields, 'toAddress' | 'subject' | 'body' | 'status'>): Promise<void>;
}

/** Attempts before a mail is dead-lettered (status `dead`, listed on the admin Health tab). */
export const MAX_MAIL_ATTEMPTS = 5;

export type DeliveryResult = 'sent' | 'logged' | 'dead' | 'skipped';

export type MailDelivery = {
  /** Sends one outbox row; throws when the attempt failed and another should follow. */
  deliver(id: number): Promise<DeliveryResult>;
  /**
   * Sends several outbox rows, claimed together in one statement (the queue's batches): each id's
   * result, or the error of a failed attempt that another should follow.
   */
  deliverMany(ids: readonly number[]): Promise<Map<number, DeliveryResult | Error>>;
};

export type MailerDeps = {
  db: Db;
  log: FastifyBaseLogger;
  smtpUrl: string | undefined;
  from: string;
  /** The site's name (admin settings) and address (PUBLIC_URL), read when each mail is written. */
  site: (db?: Db) => Promise<Site>;
  /** Whether the job queue runs (the server); tests and scripts run without it. */
  queueRuns: () => boolean;
  /** Hands a mail whose attempt failed to the job queue, to retry after its backoff; false when no queue runs. */
  retryLater: (id: number) => Promise<boolean>;
};

export function createMailer(deps: MailerDeps): Mailer & MailDelivery {
  // Made on the first delivery: nodemailer is not loaded until a mail goes out.
  let smtp: Transporter | undefined;
  const smtpTransport = (url: string) => {
    smtp ??= loadNodemailer().createTransport(url);
    return smtp;
  };
  const { db, log } = deps;

  // Claims the rows: a retry that races a late first attempt never sends twice. Without SMTP the
  // mail is only logged, so the claim writes the final status at once (one statement, not two).
  async function claim(ids: readonly number[]) {
    return runNamed<{ id: number; to_address: string; subject: string; body: string; html: string | null; attempts: number }>(
      db,
      'mail_claim',
      `update email_outbox set status = $2, attempts = attempts + 1, claimed_at = now()
       where id = any($1::int[]) and status in ('queued', 'retrying')
       returning id, to_address, subject, body, html, attempts`,
      [ids, deps.smtpUrl ? 'sending' : 'logged'],
    );
  }

  async function deliverMany(ids: readonly number[]): Promise<Map<number, DeliveryResult | Error>> {
    const results = new Map<number, DeliveryResult | Error>(ids.map((id) => [id, 'skipped']));
    const rows = (await claim(ids)).sort((a, b) => a.id - b.id);
    for (const row of rows) {
      if (!deps.smtpUrl) {
        logMail(row.to_address, row.subject, row.body);
        await redactStoredMails(db, [row]);
        results.set(row.id, 'logged');
        continue;
      }
      try {
        await smtpTransport(deps.smtpUrl).sendMail({
          from: deps.from,
          to: row.to_address,
          subject: row.subject,
          text: row.body,
          ...(row.html ? { html: row.html } : {}),
          headers: unsubscribeHeaders(row.body, (await deps.site()).url),
        });
        recordMailCopy({ to: row.to_address, subject: row.subject, body: row.body });
        // Delivered: the stored copy keeps the mail but not its one-time links.
        await db
          .update(emailOutbox)
          .set({ status: 'sent', sentAt: new Date(), lastError: null, ...redactedParts(row) })
          .where(eq(emailOutbox.id, row.id));
        results.set(row.id, 'sent');
      } catch (error) {
        const dead = row.attempts >= MAX_MAIL_ATTEMPTS;
        const message = (error as Error).message?.slice(0, 500) ?? String(error);
        // A dead mail will never be sent: its links go; one to retry keeps them for its next attempt.
        await db
          .update(emailOutbox)
          .set({
            status: dead ? 'dead' : 'retrying',
            lastError: message,
            ...(dead ? redactedParts(row) : {}),
          })
          .where(eq(emailOutbox.id, row.id));
        log.warn({ err: error, outboxId: row.id, attempt: row.attempts }, `could not send e-mail to ${row.to_address}`);
        results.set(row.id, dead ? 'dead' : error instanceof Error ? error : new Error(String(error)));
      }
    }
    return results;
  }

  async function deliver(id: number): Promise<DeliveryResult> {
    const result = (await deliverMany([id])).get(id) ?? 'skipped';
    if (result instanceof Error) throw result;
    return result;
  }

  // Without a mail server the log is the inbox: the line keeps the whole mail, links included, so a
  // developer can open them; the stored row does not keep them.
  const logMail = (to: string, subject: string, body: string) => {
    log.info(`E-mail to ${to}: ${subject}\n${body}`);
    recordMailCopy({ to, subject, body });
  };

  async function render(mail: Mail, known?: Site): Promise<OutboxFields> {
    const site = known ?? (await deps.site());
    const rendered =
      'heading' in mail
        ? { ...renderEmail(mail, site), reason: mail.reason ?? null }
        : mail.html
          ? { text: mail.text, html: mail.html, reason: mail.reason ?? null }
          : { ...wrapPlainText(mail.subject, mail.text, site), reason: mail.reason ?? null };
    return {
      toAddress: mail.to,
      subject: mail.subject,
      body: rendered.text,
      html: rendered.html,
      reason: rendered.reason,
      status: deps.smtpUrl ? 'queued' : 'logged',
    };
  }

  // The first attempt is made here and now, not by a queue job: a job would cost its own insert,
  // fetch and completion (three commits) for every mail, and most mails go out on the first try
  // (decision 175). The mails handed over in one turn of the event loop share one claim. Only a
  // failed attempt becomes a job. A process that stops before its attempt leaves the row `queued`
  // or `sending`, which the mail-recovery sweep hands over again (jobs/mail-recovery.ts).
  let handedOver: { id: number; done: (result: DeliveryResult | Error) => void }[] = [];
  function attemptSoon(id: number): Promise<DeliveryResult | Error> {
    return new Promise((done) => {
      if (handedOver.length === 0) setImmediate(attemptHandedOver);
      handedOver.push({ id, done });
    });
  }
  async function attemptHandedOver(): Promise<void> {
    const batch = handedOver;
    handedOver = [];
    const results = await deliverMany(batch.map(({ id }) => id)).catch((error: unknown) => error as Error);
    for (const { id, done } of batch) done(results instanceof Map ? (results.get(id) ?? 'skipped') : results);
  }

  async function redactStoredRow(id: number) {
    const [row] = await db
      .select({ id: emailOutbox.id, body: emailOutbox.body, html: emailOutbox.html })
      .from(emailOutbox)
      .where(eq(emailOutbox.id, id));
    if (row) await redactStoredMails(db, [row]);
  }

  async function dispatch(id: number, written?: Pick<OutboxFields, 'toAddress' | 'subject' | 'body' | 'status'>) {
    if (written?.status === 'logged') {
      logMail(written.toAddress, written.subject, written.body);
      // The caller stored the whole mail; now that it is logged, its one-time links leave the row.
      if (redactOneTimeLinks(written.body) !== written.body) await redactStoredRow(id);
      return;
    }
    const attempt = attemptSoon(id).then(async (result) => {
      if (result instanceof Error) await deps.retryLater(id).catch(() => false);
    });
    // With a queue, the caller does not wait for the mail server; without one (tests, scripts) the
    // one attempt is over when this returns, and a failed mail stays `retrying`.
    if (!deps.queueRuns()) await attempt;
  }

  return {
    deliver,
    deliverMany,
    render,
    site: (db) => deps.site(db),
    dispatch,
    async send(mail) {
      const row = await render(mail);
      const id = await insertOutboxRow(db, row);
      // A `logged` row is delivered as it is written: logged here (it is stored without its links).
      if (row.status === 'logged') logMail(row.toAddress, row.subject, row.body);
      else await dispatch(id, row);
    },
  };
}
