import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emailOutbox } from '../db/schema';
import { runMailRecovery } from '../jobs/mail-recovery';
import { runRetention } from '../jobs/retention';
import { buildUser, lastEmailLink } from '../test/factories';
import { buildTestApp, type TestApp } from '../test/test-app';
import { writeBackup } from './backup-file';
import { createMailer, MAX_MAIL_ATTEMPTS, redactOneTimeLinks } from './mailer';

/**
 * Reset and verification links are live secrets: the stored outbox row keeps them only until the
 * mail is delivered (or dead), retention prunes finished mail, and backups never carry one.
 */
const REFUSED = 'refused-one-time@example.com';
const received: { to: string; raw: string }[] = [];
let smtp: SMTPServer;
let app: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Addresses the server refuses: their mail stays undelivered (retrying, then dead).
    onRcptTo(address, _session, callback) {
      callback(address.address.startsWith('refused-') ? new Error('550 no such mailbox') : undefined);
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk) => {
        raw += chunk;
      });
      stream.on('end', () => {
        for (const to of session.envelope.rcptTo) received.push({ to: to.address, raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as { port: number };
  app = await buildTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, publicUrl: 'https://market.example' });
});
afterAll(async () => {
  await app?.closeAll();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const rowsTo = async (to: string) => app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
const resetWith = (token: string) =>
  app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'a-new-password-1' } });
const askReset = async (email: string) =>
  expect((await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } })).statusCode).toBe(200);

/** Every token value of a one-time link in a text (plain or HTML). */
const tokensIn = (text: string) => [...text.matchAll(/[?&](?:amp;)?token=([^&#\s"'<>\\]+)/g)].map((m) => m[1]);

async function arrivedText(to: string): Promise<string> {
  const mail = await vi.waitFor(
    () => {
      const found = received.find((m) => m.to === to);
      if (!found) throw new Error(`no mail arrived for ${to}`);
      return found;
    },
    { timeout: 15_000, interval: 50 },
  );
  return String((await simpleParser(mail.raw)).text);
}

describe('redactOneTimeLinks', () => {
  it('replaces the token of a link in text and in HTML, and leaves other parameters and links alone', () => {
    expect(redactOneTimeLinks('Open https://x.example/verify-email?token=Ab_9-z&email=a%40b.c now')).toBe(
      'Open https://x.example/verify-email?token=redacted&email=a%40b.c now',
    );
    expect(redactOneTimeLinks('<a href="https://x.example/a?email=e&amp;token=Ab9">https://x.example/a?token=Ab9</a>')).toBe(
      '<a href="https://x.example/a?email=e&amp;token=redacted">https://x.example/a?token=redacted</a>',
    );
    expect(redactOneTimeLinks('https://x.example/messages?conversation=12 and mytoken=kept')).toBe(
      'https://x.example/messages?conversation=12 and mytoken=kept',
    );
  });
});

describe('the outbox keeps no live one-time link', () => {
  it('a sent reset mail is stored without its token, and the token in the mail that arrived still works', async () => {
    const user = await buildUser(app);
    await askReset(user.email);
    const arrived = await arrivedText(user.email);
    const [token] = tokensIn(arrived);
    expect(token).toBeTruthy();

    const [row] = await rowsTo(user.email);
    expect(row.status).toBe('sent');
    expect(row.body).not.toContain(token);
    expect(row.html).not.toContain(token);
    expect(row.body).toContain('https://market.example/reset-password?token=redacted');
    expect(row.html).toContain('reset-password?token=redacted');
    // The mail itself (the rest of it) is still there as a record of what was sent.
    expect(row.body).toContain('Reset your password');

    expect((await resetWith(token)).statusCode).toBe(200);
  });

  it('a mail not delivered yet keeps its link for the next attempt; a dead one loses it', async () => {
    const user = await buildUser(app, { email: REFUSED });
    await askReset(user.email);
    const [waiting] = await rowsTo(REFUSED);
    expect(waiting.status).toBe('retrying');
    const token = tokensIn(waiting.body)[0];
    expect(token).toMatch(/^(?!redacted$)/);
    expect(new Set(tokensIn(waiting.html ?? ''))).toEqual(new Set([token]));

    const delivery = app.ctx.mailer as unknown as { deliver: (id: number) => Promise<string> };
    for (let attempt = 2; attempt < MAX_MAIL_ATTEMPTS; attempt++) await expect(delivery.deliver(waiting.id)).rejects.toThrow();
    expect((await rowsTo(REFUSED))[0].body).toContain(token);
    expect(await delivery.deliver(waiting.id)).toBe('dead');
    const [dead] = await rowsTo(REFUSED);
    expect(dead.status).toBe('dead');
    expect(`${dead.body}${dead.html}`).not.toContain(token);
    expect(tokensIn(`${dead.body}${dead.html}`).every((t) => t === 'redacted')).toBe(true);
  });

  it('without a mail server the log line has the whole link, the stored row does not, and tests still read the link', async () => {
    const lines: string[] = [];
    const log = { info: (line: string) => lines.push(line), warn: () => undefined } as unknown as FastifyBaseLogger;
    const mailer = createMailer({
      db: app.ctx.db,
      log,
      smtpUrl: undefined,
      from: 'Farmstand <no-reply@farmstand.local>',
      site: async () => ({ name: 'Farmstand', url: 'https://market.example' }),
      queueRuns: () => false,
      retryLater: async () => false,
    });
    const to = `logged-${process.pid}@example.com`;
    const link = 'https://market.example/reset-password?token=LoggedSecret123';
    await mailer.send({
      to,
      subject: 'Reset',
      heading: 'Reset',
      paragraphs: ['Text'],
      action: { label: 'Go', url: link },
      reason: 'Test.',
    });
    expect(lines.join('\n')).toContain(link);
    const [row] = await rowsTo(to);
    expect(row.status).toBe('logged');
    expect(`${row.body}${row.html}`).not.toContain('LoggedSecret123');
    expect(await lastEmailLink(app, to, '/reset-password')).toBe(link);

    // A caller that stores the rendered row itself (orders) hands it over; once logged, it is redacted too.
    const other = `logged-own-${process.pid}@example.com`;
    const fields = await mailer.render({ to: other, subject: 'Verify', text: `Open ${link.replace('Logged', 'Own')}` });
    const [stored] = await app.ctx.db
      .insert(emailOutbox)
      .values({ ...fields, attempts: 1 })
      .returning();
    expect(stored.body).toContain('OwnSecret123');
    await mailer.dispatch(stored.id, fields);
    const [after] = await rowsTo(other);
    expect(`${after.body}${after.html}`).not.toContain('OwnSecret123');
    expect(lines.join('\n')).toContain('OwnSecret123');
  });

  it('a backup holds no working token, while the database still holds the undelivered mail’s live one', async () => {
    const delivered = await buildUser(app);
    await askReset(delivered.email);
    await arrivedText(delivered.email);
    const waitingTo = `refused-backup-${process.pid}@example.com`;
    // A second refused address: its reset mail waits for a retry with a live link.
    const waiting = await buildUser(app, { email: waitingTo });
    await askReset(waiting.email);
    const [waitingRow] = await rowsTo(waitingTo);
    expect(waitingRow.status).toBe('retrying');
    const liveToken = tokensIn(waitingRow.body)[0];

    const dir = mkdtempSync(path.join(os.tmpdir(), 'farmstand-backup-links-'));
    const { file } = await writeBackup(app.ctx.db, dir, 3);
    const text = gunzipSync(readFileSync(path.join(dir, file))).toString('utf8');
    expect(text).toContain('reset-password?token=redacted'); // the delivered mail is kept, without its link
    expect(text).not.toContain(liveToken);
    for (const token of new Set(tokensIn(text))) expect((await resetWith(token)).statusCode).toBe(400);
    expect(tokensIn(text).filter((t) => t !== 'redacted')).toEqual([]);

    // The token left out of the backup was live: the person it was mailed to can still use it.
    expect((await resetWith(liveToken)).statusCode).toBe(200);
  });
});

describe('retention and recovery of the outbox', () => {
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

  it('prunes delivered and dead mail older than log_retention_days, keeps recent mail and mail still waiting', async () => {
    const { log_retention_days: days } = await app.ctx.settings.get('maintenance');
    const to = `retention-${process.pid}@example.com`;
    await app.ctx.db.insert(emailOutbox).values([
      { toAddress: to, subject: 'old sent', body: 'x', status: 'sent', createdAt: daysAgo(days + 1) },
      { toAddress: to, subject: 'old logged', body: 'x', status: 'logged', createdAt: daysAgo(days + 1) },
      { toAddress: to, subject: 'old dead', body: 'x', status: 'dead', createdAt: daysAgo(days + 1) },
      { toAddress: to, subject: 'old retrying', body: 'x', status: 'retrying', createdAt: daysAgo(days + 1) },
      { toAddress: to, subject: 'old queued', body: 'x', status: 'queued', createdAt: daysAgo(days + 1) },
      { toAddress: to, subject: 'recent sent', body: 'x', status: 'sent', createdAt: daysAgo(days - 1) },
    ]);
    const summary = await runRetention(app.ctx, new Date());
    expect(summary.outbox_deleted).toBeGreaterThanOrEqual(3);
    expect((await rowsTo(to)).map((r) => r.subject).sort()).toEqual(['old queued', 'old retrying', 'recent sent']);
  });

  it('a delivered row written with its link (before this release) loses the link at the next clean-up', async () => {
    const to = `old-release-${process.pid}@example.com`;
    await app.ctx.db.insert(emailOutbox).values({
      toAddress: to,
      subject: 'Reset',
      body: 'Open https://market.example/reset-password?token=OldRelease42',
      html: '<a href="https://market.example/reset-password?token=OldRelease42">reset</a>',
      status: 'sent',
      createdAt: daysAgo(1),
    });
    const summary = await runRetention(app.ctx, new Date());
    expect(summary.outbox_links_redacted).toBeGreaterThanOrEqual(1);
    const [row] = await rowsTo(to);
    expect(`${row.body}${row.html}`).not.toContain('OldRelease42');
  });

  it('a mail whose sending process stopped on its last attempt goes dead without its link', async () => {
    const to = `lost-last-${process.pid}@example.com`;
    await app.ctx.db.insert(emailOutbox).values({
      toAddress: to,
      subject: 'Verify',
      body: 'Open https://market.example/verify-email?token=LostClaim7&email=x',
      status: 'sending',
      attempts: MAX_MAIL_ATTEMPTS,
      claimedAt: daysAgo(1),
    });
    await runMailRecovery(app.ctx, new Date());
    const [row] = await rowsTo(to);
    expect(row.status).toBe('dead');
    expect(row.body).not.toContain('LostClaim7');
  });
});

describe('the end-to-end outbox hook', () => {
  it('still gives the e2e helpers a working verification link while the stored row has none', async () => {
    const hooked = await buildTestApp({ testHooks: true });
    try {
      const email = `hook-${process.pid}@example.com`;
      const registered = await hooked.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email, password: 'correct-horse-battery', userType: 'consumer' },
      });
      expect(registered.statusCode).toBe(201);
      // What e2e/tests/helpers.ts emailLink does with the answer.
      const { emails } = (
        await hooked.inject({ method: 'GET', url: `/api/test/outbox?to=${encodeURIComponent(email)}` })
      ).json() as {
        emails: { body: string }[];
      };
      const link = emails.map((mail) => mail.body.match(/https?:\/\/\S+\/verify-email\S*/)?.[0]).find(Boolean) as string;
      const token = new URL(link).searchParams.get('token') as string;
      const [row] = await hooked.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
      expect(row.body).not.toContain(token);
      const verified = await hooked.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
      expect(verified.statusCode).toBe(200);
    } finally {
      await hooked.closeAll();
    }
  });
});
