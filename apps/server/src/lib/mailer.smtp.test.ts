import { type AddressInfo, createServer } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, buildUser } from '../test/factories';
import { buildProducer, buildProduct } from '../test/listing-factories';
import { buildTestApp, type TestApp } from '../test/test-app';

/**
 * Mail as it arrives: a real SMTP server (smtp-server) receives what the app sends through
 * nodemailer, and the test reads the raw message like a mail client would.
 */
const received: { to: string; raw: string }[] = [];
const REFUSED = 'refused@example.com';
let smtp: SMTPServer;
let app: TestApp;
let admin: Awaited<ReturnType<typeof buildUser>>;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // One address the server refuses, for the queue's per-mail retries.
    onRcptTo(address, _session, callback) {
      callback(address.address === REFUSED ? new Error('550 no such mailbox') : undefined);
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
  const { port } = smtp.server.address() as AddressInfo;
  app = await buildTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, publicUrl: 'https://market.example' });
  admin = await buildUser(app, { userType: 'admin' });
  const renamed = await app.inject({
    method: 'PUT',
    url: '/api/admin/settings/general',
    headers: bearer(admin),
    payload: { site_name: 'Bluegrass Market' },
  });
  expect(renamed.statusCode).toBe(200);
});
afterAll(async () => {
  await app.closeAll();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function arrived(to: string, subject: RegExp): Promise<ParsedMail> {
  return vi.waitFor(
    async () => {
      for (const mail of received.filter((m) => m.to === to)) {
        const parsed = await simpleParser(mail.raw);
        if (subject.test(parsed.subject ?? '')) return Object.assign(parsed, { raw: mail.raw });
      }
      throw new Error(`no mail ${subject} arrived for ${to}`);
    },
    { timeout: 15_000, interval: 100 },
  );
}

function expectReadableMail(mail: ParsedMail, link: RegExp) {
  const raw = (mail as ParsedMail & { raw: string }).raw;
  expect(raw).toMatch(/Content-Type: multipart\/alternative/i);
  expect(raw).toMatch(/Content-Type: text\/plain/i);
  expect(raw).toMatch(/Content-Type: text\/html/i);
  expect(mail.text).toMatch(link);
  expect(mail.html).toBeTruthy();
  const anchors = [...String(mail.html).matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
  expect(anchors.some((href) => link.test(href))).toBe(true);
  // The site's name from the settings and its address, in both parts, and why the mail came.
  expect(mail.text).toContain('Bluegrass Market');
  expect(String(mail.html)).toContain('Bluegrass Market');
  expect(anchors).toContain('https://market.example');
  expect(mail.text).toMatch(/You are getting this|because/i);
}

describe('mail through a real SMTP server', () => {
  it('an inquiry reaches the producer as HTML + text with the reply link and the reason', async () => {
    const producer = await buildProducer(app, { verified: true });
    const productId = await buildProduct(app, producer, { name: 'Sorghum Syrup' });
    const shopper = await buildUser(app);
    const sent = await app.inject({
      method: 'POST',
      url: '/api/orders/inquire',
      headers: bearer(shopper),
      payload: { productId, message: 'Do you ship to Frankfort?', requestedQuantity: 2, contactPreference: 'email' },
    });
    expect(sent.statusCode).toBeLessThan(300);
    const mail = await arrived(producer.email, /New inquiry about Sorghum Syrup/);
    expectReadableMail(mail, /https:\/\/market\.example\/messages\?conversation=\d+/);
    expect(mail.text).toContain('Do you ship to Frankfort?');
    expect(mail.text).toContain('a shopper asked about Sorghum Syrup');
  });

  it('the password-reset mail arrives with its one-time link', async () => {
    const user = await buildUser(app);
    const asked = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    expect(asked.statusCode).toBe(200);
    const mail = await arrived(user.email, /password/i);
    expectReadableMail(mail, /https:\/\/market\.example\/reset-password\?token=/);
  });

  it('the verification (welcome) mail arrives after sign-up', async () => {
    const email = `smtp-${process.pid}-${Date.now()}@example.com`;
    const registered = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'correct-horse-battery', userType: 'consumer' },
    });
    expect(registered.statusCode).toBeLessThan(300);
    const mail = await arrived(email, /verify|welcome/i);
    expectReadableMail(mail, /https:\/\/market\.example\/verify-email\?token=/);
  });

  it('a failed delivery stays in the outbox for the queue to retry, and is dead-lettered after the last attempt', async () => {
    const { ctx } = app;
    const closed = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const broken = await buildTestApp({ smtpUrl: `smtp://127.0.0.1:${closed}` });
    try {
      await broken.ctx.mailer.send({
        to: 'nobody@example.com',
        subject: 'Will not arrive',
        heading: 'Hello',
        paragraphs: ['Text'],
        reason: 'Testing.',
      });
      const { emailOutbox } = await import('../db/schema');
      const { eq } = await import('drizzle-orm');
      const [row] = await broken.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'nobody@example.com'));
      expect(row).toMatchObject({ status: 'retrying', attempts: 1 });
      expect(row.lastError).toBeTruthy();
      // The queue's retries: each is one more attempt; the last one dead-letters the mail.
      const delivery = broken.ctx.mailer as unknown as { deliver: (id: number) => Promise<string> };
      for (let attempt = 2; attempt < 5; attempt++) await expect(delivery.deliver(row.id)).rejects.toThrow();
      expect(await delivery.deliver(row.id)).toBe('dead');
      const jobs = await broken.inject({
        method: 'GET',
        url: '/api/admin/jobs',
        headers: bearer(await buildUser(broken, { userType: 'admin' })),
      });
      expect(jobs.json().mail).toMatchObject({ dead: 1, latest_dead: [{ to_address: 'nobody@example.com', attempts: 5 }] });
    } finally {
      await broken.closeAll();
    }
    expect(ctx).toBeTruthy();
  });
  it('mail is sent at once by the process that wrote it; a refused mail is retried by the queue on its own while the others are sent', async () => {
    const { emailOutbox } = await import('../db/schema');
    const { inArray } = await import('drizzle-orm');
    await app.ctx.jobs.start({ schedule: false, pollingIntervalSeconds: 0.5, mailRetryDelaySeconds: 1 });
    try {
      const recipients = ['batch-1@example.com', REFUSED, 'batch-2@example.com', 'batch-3@example.com'];
      await Promise.all(
        recipients.map((to) =>
          app.ctx.mailer.send({ to, subject: `Batch to ${to}`, heading: 'Hi', paragraphs: ['Text'], reason: 'Testing.' }),
        ),
      );
      for (const to of recipients.filter((r) => r !== REFUSED)) await arrived(to, /^Batch to/);
      // The refused one is tried again by the queue (a second attempt) without holding the others back.
      const rows = await vi.waitFor(
        async () => {
          const now = await app.ctx.db.select().from(emailOutbox).where(inArray(emailOutbox.toAddress, recipients));
          expect(now.find((r) => r.toAddress === REFUSED)?.attempts ?? 0).toBeGreaterThanOrEqual(2);
          return now;
        },
        { timeout: 20_000, interval: 200 },
      );
      const byAddress = Object.fromEntries(rows.map((r) => [r.toAddress, r]));
      // The first attempt is made by the process that wrote the mail, not by a job: only the refused
      // mail became a job (its retry).
      const { sql } = await import('drizzle-orm');
      const jobs = await app.ctx.db.execute<{ outbox_id: number }>(
        sql`select (data->>'outboxId')::int as outbox_id from pgboss.job where name = 'email'
            and (data->>'outboxId')::int = any(${sql.param(rows.map((r) => r.id))}::int[])`,
      );
      expect(jobs.rows.map((job) => Number(job.outbox_id))).toEqual([byAddress[REFUSED].id]);
      expect(byAddress[REFUSED].attempts).toBeGreaterThanOrEqual(2);
      expect(byAddress[REFUSED].status).toMatch(/retrying|sending/);
      for (const to of recipients.filter((r) => r !== REFUSED))
        expect(byAddress[to]).toMatchObject({ status: 'sent', attempts: 1 });
    } finally {
      await app.ctx.jobs.stop(2_000);
    }
  }, 60_000);
});
