import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DAY_MS } from '@farmstand/shared/format/date-only';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { certifications, emailOutbox, payments, subscriptions } from '../db/schema';
import { mailCopiesTo } from '../lib/mail-copies';
import { MAX_MAIL_ATTEMPTS } from '../lib/mailer';
import { farmToday } from '../lib/time';
import { bearer, buildUser } from '../test/factories';
import { buildProducer, buildProduct, setSubscription } from '../test/listing-factories';
import { buildTestApp, type TestApp } from '../test/test-app';
import { ManualClock } from './clock';
import { SWEEP_QUEUE } from './queue';
import { runSweep } from './sweep';

/**
 * The scheduled jobs under a clock the test moves (ctx.clock), run directly and through pg-boss on
 * this project's engine. Each effect must happen once, however often the sweep runs.
 */
let app: TestApp;
let clock: ManualClock;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'farmstand-jobs-'));

beforeAll(async () => {
  app = await buildTestApp({ dataDir });
  clock = new ManualClock(new Date());
  app.ctx.clock = clock;
});
afterAll(async () => {
  await app.ctx.jobs.stop();
  await app.closeAll();
  rmSync(dataDir, { recursive: true, force: true });
});

const mailsTo = async (to: string) =>
  (await app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to))).sort((a, b) => a.id - b.id);

const subscriptionOf = async (userId: number) =>
  (await app.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];

const later = (days: number) => new Date(clock.now().getTime() + days * DAY_MS);

describe('trials', () => {
  it('reminds 3 days before the end, once, and hides the listings on the day it ends', async () => {
    const producer = await buildProducer(app, { verified: true });
    const productId = await buildProduct(app, producer, { name: 'Trial Honey' });
    await setSubscription(app, producer.id, { status: 'trialing', trialEndsAt: later(3.5) });

    await runSweep(app.ctx, clock.now());
    expect(await mailsTo(producer.email)).toHaveLength(0);

    clock.advanceDays(1);
    await runSweep(app.ctx, clock.now());
    await runSweep(app.ctx, clock.now());
    const reminders = await mailsTo(producer.email);
    expect(reminders.map((m) => m.subject)).toEqual(['Your free trial ends in 3 days']);
    expect(reminders[0].html).toContain('Choose a plan');
    expect(reminders[0].body).toContain(`${app.ctx.config.publicUrl}/billing`);

    clock.advanceDays(2.6);
    await runSweep(app.ctx, clock.now());
    expect((await subscriptionOf(producer.id)).status).toBe('none');
    expect((await mailsTo(producer.email)).map((m) => m.subject)).toEqual([
      'Your free trial ends in 3 days',
      'Your free trial has ended',
    ]);
    const page = await app.inject({ method: 'GET', url: `/api/products/${productId}` });
    expect(page.statusCode).toBe(404);
    clock.set(new Date());
  });
});

describe('certifications', () => {
  it('reminds at 30 and 7 days before expiry, each once, and marks it expired the day after', async () => {
    const producer = await buildProducer(app);
    const [cert] = await app.ctx.db
      .insert(certifications)
      .values({
        producerId: producer.producerId,
        certificationType: 'organic_certified',
        status: 'verified',
        // The farm's local day, as the job counts it.
        expiryDate: await farmToday(app.ctx, later(40)),
      })
      .returning();
    // Only this certification's mails (the producer's trial runs out meanwhile and has its own), as
    // delivered: the clock moves past log_retention_days, so the clean-up prunes their outbox rows.
    const subjects = async () =>
      mailCopiesTo(producer.email)
        .reverse()
        .map((m) => m.subject)
        .filter((subject) => subject.includes('certification'));

    clock.advanceDays(9); // 31 days left
    await runSweep(app.ctx, clock.now());
    expect(await subjects()).toEqual([]);
    clock.advanceDays(1); // 30 days left
    await runSweep(app.ctx, clock.now());
    clock.advanceDays(5); // 25 left: no second 30-day mail
    await runSweep(app.ctx, clock.now());
    expect(await subjects()).toEqual(['Your organic certified certification expires in 30 days']);
    clock.advanceDays(18); // 7 left
    await runSweep(app.ctx, clock.now());
    await runSweep(app.ctx, clock.now());
    expect((await subjects()).at(-1)).toBe('Your organic certified certification expires in 7 days');
    expect(await subjects()).toHaveLength(2);
    const [still] = await app.ctx.db.select().from(certifications).where(eq(certifications.id, cert.id));
    expect(still.status).toBe('verified');

    clock.advanceDays(7); // the day: still valid through it
    await runSweep(app.ctx, clock.now());
    const [lastDay] = await app.ctx.db.select().from(certifications).where(eq(certifications.id, cert.id));
    expect(lastDay.status).toBe('verified');
    clock.advanceDays(1);
    await runSweep(app.ctx, clock.now());
    const [expired] = await app.ctx.db.select().from(certifications).where(eq(certifications.id, cert.id));
    expect(expired.status).toBe('expired');
    expect((await subjects()).at(-1)).toBe('Your organic certified certification has expired');
    clock.set(new Date());
  });
});

describe('test-provider subscriptions', () => {
  it('renew at period end with one payment, and a cancel at period end takes effect on the day', async () => {
    const renewing = await buildUser(app, { userType: 'producer' });
    const cancelling = await buildUser(app, { userType: 'producer' });
    const end = later(2);
    await setSubscription(app, renewing.id, {
      status: 'active',
      planType: 'monthly',
      currentPeriodEnd: end,
      providerSubscriptionId: 'sub_test_renew1',
    });
    await setSubscription(app, cancelling.id, {
      status: 'active',
      planType: 'monthly',
      currentPeriodEnd: end,
      cancelAtPeriodEnd: true,
      providerSubscriptionId: 'sub_test_cancel1',
    });
    await runSweep(app.ctx, clock.now());
    expect((await subscriptionOf(cancelling.id)).status).toBe('active');

    clock.advanceDays(2.1);
    await runSweep(app.ctx, clock.now());
    await runSweep(app.ctx, clock.now());
    const renewed = await subscriptionOf(renewing.id);
    expect(renewed.status).toBe('active');
    expect(renewed.currentPeriodEnd?.getTime()).toBeGreaterThan(clock.now().getTime() + 25 * DAY_MS);
    const paid = await app.ctx.db.select().from(payments).where(eq(payments.userId, renewing.id));
    expect(paid).toHaveLength(1);
    expect(paid[0].amountCents).toBe(1000);
    expect((await subscriptionOf(cancelling.id)).status).toBe('canceled');
    expect((await mailsTo(cancelling.email)).map((m) => m.subject)).toContain('Your subscription has ended');
    expect((await mailsTo(renewing.email)).map((m) => m.subject)).toContain('Your subscription has renewed');
    clock.set(new Date());
  });
});

describe('retention and backups', () => {
  it('clean up past their retention once per cleanup period; backups are taken per period and kept bounded', async () => {
    // A period no earlier sweep of this file has reached: a fresh week for the clean-up.
    clock.advanceDays(500);
    const admin = await buildUser(app, { userType: 'admin' });
    const { db } = app.ctx;
    await db.execute(sql`insert into admin_logs (admin_id, action, target_type, created_at) values
      (${admin.id}, 'old_action', 'system', ${later(-31)}), (${admin.id}, 'recent_action', 'system', ${later(-29)})`);
    await db.execute(sql`insert into analytics_events (event_type, created_at) values
      ('page_view', ${later(-731)}), ('page_view', ${later(-700)})`);
    await db.execute(sql`insert into auth_tokens (user_id, kind, token_hash, expires_at) values
      (${admin.id}, 'reset_password', 'expired-hash-1', ${later(-1)}), (${admin.id}, 'reset_password', 'live-hash-1', ${later(1)})`);
    const first = await runSweep(app.ctx, clock.now());
    const actions = (await db.execute<{ action: string }>(sql`select action from admin_logs where admin_id = ${admin.id}`)).rows;
    expect(actions.map((a) => a.action)).toEqual(['recent_action']);
    expect(first.retention).toMatchObject({ tokens_deleted: expect.any(Number) });
    const tokens = (await db.execute<{ token_hash: string }>(sql`select token_hash from auth_tokens where user_id = ${admin.id}`))
      .rows;
    expect(tokens.map((t) => t.token_hash)).toEqual(['live-hash-1']);
    const events = (
      await db.execute<{ n: number }>(sql`select count(*)::int as n from analytics_events where created_at < ${later(-730)}`)
    ).rows;
    expect(events[0].n).toBe(0);
    const kept = (
      await db.execute<{ n: number }>(sql`select count(*)::int as n from analytics_events where created_at < ${later(-699)}`)
    ).rows;
    expect(kept[0].n).toBe(1);
    const again = await runSweep(app.ctx, clock.now());
    expect(again.retention).toEqual({ cleanup: 'not due' });

    const keep = app.ctx.config.backupKeep;
    app.ctx.config.backupKeep = 2;
    try {
      for (let day = 0; day < 3; day++) {
        clock.advanceDays(1);
        const result = await runSweep(app.ctx, clock.now());
        expect(String(result.backups.backup)).toMatch(/^backup-.*\.json\.gz$/);
        expect((await runSweep(app.ctx, clock.now())).backups).toEqual({ backup: 'not due' });
      }
      const files = readdirSync(path.join(dataDir, 'backups'));
      expect(files).toHaveLength(2);
    } finally {
      app.ctx.config.backupKeep = keep;
    }
    clock.set(new Date());
  });

  it('runs each reminder once when two sweeps race (two instances)', async () => {
    const producer = await buildProducer(app);
    await setSubscription(app, producer.id, { status: 'trialing', trialEndsAt: later(2) });
    await Promise.all([runSweep(app.ctx, clock.now()), runSweep(app.ctx, clock.now()), runSweep(app.ctx, clock.now())]);
    expect((await mailsTo(producer.email)).map((m) => m.subject)).toEqual(['Your free trial ends in 3 days']);
  });
});

describe('new messages while away', () => {
  it('mails one digest per person per hour at most, covering what arrived since the last one', async () => {
    clock.set(new Date());
    const shopper = await buildUser(app);
    const farmer = await buildUser(app, { userType: 'producer' });
    const [low, high] = [shopper.id, farmer.id].sort((a, b) => a - b);
    const { db } = app.ctx;
    const conversation = (
      await db.execute<{ id: number }>(
        sql`insert into conversations (user_low_id, user_high_id) values (${low}, ${high}) returning id`,
      )
    ).rows[0].id;
    const say = (content: string, at: Date) =>
      db.execute(
        sql`insert into messages (conversation_id, sender_id, content, created_at) values (${conversation}, ${shopper.id}, ${content}, ${at})`,
      );
    const digests = async () => (await mailsTo(farmer.email)).filter((m) => m.subject.includes('new message'));

    await say('Fresh, maybe still being read', later(-5 / 1440));
    await runSweep(app.ctx, clock.now());
    expect(await digests()).toHaveLength(0);

    await say('Do you have eggs?', later(-20 / 1440));
    await runSweep(app.ctx, clock.now());
    const first = await digests();
    expect(first.map((m) => m.subject)).toEqual(['You have a new message on Farmstand']);
    expect(first[0].body).toContain(shopper.email);
    expect(first[0].body).toContain(`/messages?conversation=${conversation}`);
    expect(first[0].body).toContain('at most one such e-mail an hour');

    await say('And honey?', new Date());
    await runSweep(app.ctx, clock.now());
    expect(await digests()).toHaveLength(1);

    clock.advanceDays(1 / 24);
    await runSweep(app.ctx, clock.now());
    expect(await digests()).toHaveLength(2);
    clock.set(new Date());
  });
});

describe('mail never handed over', () => {
  it('is handed over by the sweep once it has waited past the bound; fresh mail is left to its own hand-over', async () => {
    clock.set(new Date());
    const { db } = app.ctx;
    const stale = `stale-${Date.now()}@example.com`;
    const fresh = `fresh-${Date.now()}@example.com`;
    // Rows as a crash between a commit and the queue's job leaves them: queued, no job.
    await db.insert(emailOutbox).values([
      { toAddress: stale, subject: 'Left behind', body: 'Text', createdAt: later(-20 / 1440) },
      { toAddress: fresh, subject: 'Just written', body: 'Text', createdAt: later(-1 / 1440) },
    ]);
    const { runMailRecovery } = await import('./mail-recovery');
    const summary = await runMailRecovery(app.ctx, clock.now());
    expect(summary.mail_handed_over).toBeGreaterThanOrEqual(1);
    // Without SMTP, delivery is the log: the claim writes `logged`.
    expect((await mailsTo(stale)).map((m) => [m.status, m.attempts])).toEqual([['logged', 1]]);
    expect((await mailsTo(fresh)).map((m) => [m.status, m.attempts])).toEqual([['queued', 0]]);
    // Handed over again (two sweeps, or a late job): still delivered once.
    await runMailRecovery(app.ctx, clock.now());
    await app.ctx.mailer.dispatch((await mailsTo(stale))[0].id);
    expect((await mailsTo(stale)).map((m) => [m.status, m.attempts])).toEqual([['logged', 1]]);
  });
});

describe('mail whose sending process stopped', () => {
  it('is retried once its claim is older than the bound, dead-lettered after the last attempt, and left alone while fresh', async () => {
    clock.set(new Date());
    const { db } = app.ctx;
    const lost = `lost-${Date.now()}@example.com`;
    const busy = `busy-${Date.now()}@example.com`;
    const spent = `spent-${Date.now()}@example.com`;
    // Rows as a crash in the middle of an SMTP attempt leaves them: claimed (`sending`), never finished.
    await db.insert(emailOutbox).values([
      { toAddress: lost, subject: 'Lost', body: 'Text', status: 'sending', attempts: 1, claimedAt: later(-20 / 1440) },
      { toAddress: busy, subject: 'Being sent', body: 'Text', status: 'sending', attempts: 1, claimedAt: later(-1 / 1440) },
      {
        toAddress: spent,
        subject: 'Last try',
        body: 'Text',
        status: 'sending',
        attempts: MAX_MAIL_ATTEMPTS,
        claimedAt: later(-20 / 1440),
      },
    ]);
    const { runMailRecovery } = await import('./mail-recovery');
    const summary = await runMailRecovery(app.ctx, clock.now());
    expect(summary.mail_claims_recovered).toBeGreaterThanOrEqual(2);
    // Without SMTP, delivery is the log: the new claim writes `logged` and counts the attempt.
    expect((await mailsTo(lost)).map((m) => [m.status, m.attempts])).toEqual([['logged', 2]]);
    expect((await mailsTo(busy)).map((m) => [m.status, m.attempts])).toEqual([['sending', 1]]);
    expect((await mailsTo(spent)).map((m) => m.status)).toEqual(['dead']);
  });
});

describe('the queue (pg-boss on this engine)', () => {
  it('runs a sweep sent to the queue at the clock’s time, delivers mail, and shows both on the Health tab', async () => {
    await app.ctx.jobs.start({ schedule: false, pollingIntervalSeconds: 0.5, mailRetryDelaySeconds: 1 });
    const producer = await buildProducer(app);
    await setSubscription(app, producer.id, { status: 'trialing', trialEndsAt: later(10) });
    clock.advanceDays(8);
    const id = await app.ctx.jobs.sendSweep();
    expect(id).toBeTruthy();
    expect(await app.ctx.jobs.waitFor(SWEEP_QUEUE, id as string, 60_000)).toBe('completed');
    // Delivered by the e-mail worker: without SMTP_URL delivery means the log (status logged).
    await vi.waitFor(
      async () =>
        expect((await mailsTo(producer.email)).map((m) => [m.subject, m.status])).toEqual([
          ['Your free trial ends in 3 days', 'logged'],
        ]),
      { timeout: 30_000, interval: 200 },
    );

    const admin = await buildUser(app, { userType: 'admin' });
    const health = await app.inject({ method: 'GET', url: '/api/admin/jobs', headers: bearer(admin) });
    const body = health.json();
    expect(body.queue_running).toBe(true);
    expect(body.jobs.map((j: { name: string }) => j.name)).toEqual(
      expect.arrayContaining(['trials', 'certifications', 'subscriptions', 'retention', 'backups', 'message-digests']),
    );
    expect(body.jobs.find((j: { name: string }) => j.name === 'trials')).toMatchObject({ last_status: 'ok' });
    expect(body.queue_depth).toHaveProperty('email');
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.json().checks.queue).toBe('ok');
    const metrics = await app.inject({ method: 'GET', url: '/api/metrics' });
    expect(metrics.body).toMatch(/job_queue_depth\{queue="email"\} \d+/);
    clock.set(new Date());
  }, 120_000);
});
