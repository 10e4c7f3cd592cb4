import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emailOutbox } from '../../db/schema';
import { ManualClock } from '../../jobs/clock';
import { SWEEP_QUEUE } from '../../jobs/queue';
import { unsubscribeHeaders } from '../../lib/mailer';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildProducer, buildProduct, type TestProducer } from '../../test/listing-factories';
import { marketPoint, move, WEDNESDAY_NOON } from '../../test/orders-helpers';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { unsubscribeToken } from './reminders';

/**
 * The pickup day's mails through a real SMTP server, sent by sweeps on the real queue (pg-boss on
 * this engine) under a clock the test moves: the shopper's reminder the day before (in the place's
 * own zone), its one-click unsubscribe, and the producer's morning summary.
 */
const received: { to: string; raw: string }[] = [];
let smtp: SMTPServer;
let app: TestApp;
const clock = new ManualClock(WEDNESDAY_NOON);

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
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
  app.ctx.clock = clock;
  await app.ctx.jobs.start({ schedule: false, pollingIntervalSeconds: 0.5, mailRetryDelaySeconds: 1 });
});
afterAll(async () => {
  await app.ctx.jobs.stop();
  await app.closeAll();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** One sweep through the queue at the clock's time, waited for. */
async function sweepAt(at: string) {
  clock.set(at);
  const id = await app.ctx.jobs.sendSweep();
  expect(await app.ctx.jobs.waitFor(SWEEP_QUEUE, id as string, 60_000)).toBe('completed');
}

const subjectsTo = async (to: string) =>
  (await app.ctx.db.select({ subject: emailOutbox.subject }).from(emailOutbox).where(eq(emailOutbox.toAddress, to))).map(
    (m) => m.subject,
  );

const remindersTo = async (to: string) => (await subjectsTo(to)).filter((s) => s.startsWith('Reminder:'));

async function arrived(to: string, subject: RegExp): Promise<ParsedMail & { raw: string }> {
  return vi.waitFor(
    async () => {
      for (const mail of received.filter((m) => m.to === to)) {
        const parsed = await simpleParser(mail.raw);
        if (subject.test(parsed.subject ?? '')) return Object.assign(parsed, { raw: mail.raw });
      }
      throw new Error(`no mail ${subject} arrived for ${to}`);
    },
    { timeout: 20_000, interval: 100 },
  );
}

/** A producer with a Saturday 9–12 market in the given zone, and eggs to sell. */
async function marketIn(
  timeZone: 'America/New_York' | 'America/Chicago',
  place: Partial<ReturnType<typeof marketPoint>> & { booth?: string },
  settings: Record<string, unknown> = {},
) {
  const producer = await buildProducer(app, {
    farmName: `${timeZone === 'America/Chicago' ? 'Barren River' : 'Bluegrass'} Farm`,
  });
  const saved = await app.inject({
    method: 'PUT',
    url: '/api/pickup/mine/settings',
    headers: bearer(producer),
    payload: { cutoff_hours: 24, cap_per_window: null, ...settings },
  });
  expect(saved.statusCode).toBe(200);
  const point = await app.inject({
    method: 'POST',
    url: '/api/pickup/mine/points',
    headers: bearer(producer),
    payload: { ...marketPoint(place), time_zone: timeZone },
  });
  expect(point.statusCode).toBe(201);
  const productId = await buildProduct(app, producer, {
    name: 'Farm Fresh Eggs',
    priceCents: 550,
    priceUnit: 'dozen',
    stockQuantity: 50,
  });
  return { ...producer, pointId: point.json().point.id as number, productId };
}

/** A shopper's order for the market's Saturday window (startsAt in UTC), accepted by the farm. */
async function acceptedOrder(
  market: TestProducer & { pointId: number; productId: number },
  shopper: TestUser,
  startsAt: string,
  quantity = 3,
) {
  const placed = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: bearer(shopper),
    payload: {
      producerUserId: market.id,
      items: [{ productId: market.productId, quantity }],
      pointId: market.pointId,
      startsAt,
      shopperName: 'Dana Shopper',
      shopperPhone: '(859) 555-0199',
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const id = placed.json().order.id as number;
  expect((await move(app, market, id, 'accepted')).statusCode).toBe(200);
  return id;
}

describe('the reminder the day before pickup', () => {
  // Saturday 8 June 2030: 9 AM Central is 14:00 UTC, 9 AM Eastern 13:00 UTC.
  const CENTRAL_9AM = '2030-06-08T14:00:00.000Z';
  const EASTERN_9AM = '2030-06-08T13:00:00.000Z';
  let central: Awaited<ReturnType<typeof marketIn>>;
  let eastern: Awaited<ReturnType<typeof marketIn>>;
  let centralShopper: TestUser;
  let easternShopper: TestUser;
  let optedOut: TestUser;
  let centralOrder: number;
  let easternOrder: number;

  beforeAll(async () => {
    clock.set(WEDNESDAY_NOON);
    central = await marketIn('America/Chicago', {
      name: 'Bowling Green Farmers Market',
      address: '1151 Center St',
      city: 'Bowling Green',
      zip: '42101',
      booth: 'Stall 14, north row',
    });
    eastern = await marketIn('America/New_York', {});
    [centralShopper, easternShopper, optedOut] = await Promise.all([buildUser(app), buildUser(app), buildUser(app)]);
    centralOrder = await acceptedOrder(central, centralShopper, CENTRAL_9AM, 4);
    easternOrder = await acceptedOrder(eastern, easternShopper, EASTERN_9AM);
    await acceptedOrder(eastern, optedOut, EASTERN_9AM);
    const off = await app.inject({
      method: 'PUT',
      url: '/api/reminders/mine',
      headers: bearer(optedOut),
      payload: { pickup_reminders: false },
    });
    expect(off.json()).toEqual({ pickup_reminders: false });
  });

  it('goes out once, from 8 AM the day before in the place’s own zone (Eastern and Central)', async () => {
    // Thursday 9 PM Central is already Friday in UTC: not yet the day before in Bowling Green.
    await sweepAt('2030-06-07T02:00:00Z');
    // Friday 7:30 AM Eastern (6:30 AM Central): too early in both places.
    await sweepAt('2030-06-07T11:30:00Z');
    expect(await remindersTo(centralShopper.email)).toEqual([]);
    expect(await remindersTo(easternShopper.email)).toEqual([]);

    // Friday 8:05 AM Eastern is 7:05 AM Central: Lexington's shopper now, Bowling Green's not yet.
    await sweepAt('2030-06-07T12:05:00Z');
    expect(await remindersTo(easternShopper.email)).toHaveLength(1);
    expect(await remindersTo(centralShopper.email)).toEqual([]);

    // Friday 8:05 AM Central; the sweeps after it send nothing twice.
    await sweepAt('2030-06-07T13:05:00Z');
    await sweepAt('2030-06-07T13:20:00Z');
    await sweepAt('2030-06-07T23:50:00Z');
    expect(await remindersTo(centralShopper.email)).toEqual(['Reminder: pick up your order from Barren River Farm tomorrow']);
    expect(await remindersTo(easternShopper.email)).toEqual(['Reminder: pick up your order from Bluegrass Farm tomorrow']);

    const mail = await arrived(centralShopper.email, /^Reminder:/);
    expect(mail.text).toContain(`Order #${centralOrder} from Barren River Farm.`);
    expect(mail.text).toContain('When: Saturday, June 8, 9:00 AM – 12:00 PM CDT.');
    expect(mail.text).toContain('Pickup place: Bowling Green Farmers Market, 1151 Center St');
    expect(mail.text).toContain('Booth: Stall 14, north row.');
    expect(mail.text).toContain('Your order: 4 dozen Farm Fresh Eggs.');
    expect(mail.text).toContain('To pay: $22.00, paid at pickup.');
    expect(mail.text).toMatch(/Bring a bag or basket/);
    expect(mail.text).toContain(`https://market.example/orders?order=${centralOrder}`);

    const lexington = await arrived(easternShopper.email, /^Reminder:/);
    expect(lexington.text).toContain(`Order #${easternOrder} from Bluegrass Farm.`);
    expect(lexington.text).toContain('When: Saturday, June 8, 9:00 AM – 12:00 PM EDT.');
    expect(lexington.text).not.toContain('Booth:');
  });

  it('is not sent to a shopper who turned reminders off', async () => {
    expect(await remindersTo(optedOut.email)).toEqual([]);
    const mine = await app.inject({ method: 'GET', url: '/api/reminders/mine', headers: bearer(optedOut) });
    expect(mine.json()).toEqual({ pickup_reminders: false });
  });

  it('carries the one-click unsubscribe headers (RFC 8058) for the link in its text', async () => {
    const mail = await arrived(centralShopper.email, /^Reminder:/);
    const headers = mail.raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
    const link = `https://market.example/api/reminders/unsubscribe/${unsubscribeToken(app.ctx, centralShopper.id)}`;
    expect(headers).toContain(`List-Unsubscribe: <${link}>`);
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mail.text).toContain(`Stop these reminders: ${link}`);
    // A mail without such a link (every other mail) gets no header.
    expect(
      unsubscribeHeaders(`See your orders: https://market.example/orders?order=${centralOrder}`, 'https://market.example'),
    ).toEqual({});
    // Nor does a mail quoting a link to another site that looks like one (a message in a digest).
    expect(
      unsubscribeHeaders('Click https://evil.example/api/reminders/unsubscribe/abc.def to stop', 'https://market.example'),
    ).toEqual({});
    expect(unsubscribeHeaders(`Stop: ${link}`, 'https://market.example/')).toEqual({
      'List-Unsubscribe': `<${link}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('the unsubscribe link asks first (GET), then one click (POST) turns reminders off', async () => {
    const token = unsubscribeToken(app.ctx, easternShopper.id);
    const opened = await app.inject({ method: 'GET', url: `/api/reminders/unsubscribe/${token}` });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/reminders/unsubscribe/${token}`);
    const still = await app.inject({ method: 'GET', url: '/api/reminders/mine', headers: bearer(easternShopper) });
    expect(still.json()).toEqual({ pickup_reminders: true });

    // What a mail client sends for its own "Unsubscribe" button.
    const clicked = await app.inject({
      method: 'POST',
      url: `/api/reminders/unsubscribe/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.statusCode).toBe(200);
    expect(clicked.json().pickup_reminders).toBe(false);
    const after = await app.inject({ method: 'GET', url: '/api/reminders/mine', headers: bearer(easternShopper) });
    expect(after.json()).toEqual({ pickup_reminders: false });

    // Back on from the orders page.
    const on = await app.inject({
      method: 'PUT',
      url: '/api/reminders/mine',
      headers: bearer(easternShopper),
      payload: { pickup_reminders: true },
    });
    expect(on.json()).toEqual({ pickup_reminders: true });
  });

  it('refuses a tampered unsubscribe link with a message, changing nothing', async () => {
    const token = unsubscribeToken(app.ctx, centralShopper.id);
    const [, signature] = token.split('.');
    const tampered = [
      `${easternShopper.id}.${signature}`,
      `${centralShopper.id}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      `${centralShopper.id}.${'x'.repeat(signature.length)}`,
      'not-a-token',
    ];
    for (const bad of tampered) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await app.inject({ method, url: `/api/reminders/unsubscribe/${bad}` });
        expect(res.statusCode, `${method} ${bad}`).toBe(400);
        expect(res.json().message).toMatch(/unsubscribe link is not valid/);
      }
    }
    for (const user of [centralShopper, easternShopper]) {
      const mine = await app.inject({ method: 'GET', url: '/api/reminders/mine', headers: bearer(user) });
      expect(mine.json()).toEqual({ pickup_reminders: true });
    }
  });
});

describe('the producer’s morning summary', () => {
  // Saturday 15 June 2030, 9 AM Eastern.
  const SATURDAY_9AM = '2030-06-15T13:00:00.000Z';

  it('comes only when it is on, once on the pickup day from 6 AM, with the day’s orders by window', async () => {
    clock.set('2030-06-12T16:00:00Z');
    const on = await marketIn('America/New_York', { name: 'Georgetown Market' }, { morning_summary: true });
    const off = await marketIn('America/New_York', { name: 'Paris Market' });
    const [first, second, third] = await Promise.all([buildUser(app), buildUser(app), buildUser(app)]);
    await acceptedOrder(on, first, SATURDAY_9AM, 2);
    await acceptedOrder(on, second, SATURDAY_9AM, 3);
    await acceptedOrder(off, third, SATURDAY_9AM, 1);
    // A request made on Friday morning, before the cut-off, still unanswered on Saturday.
    clock.set('2030-06-14T08:00:00Z');
    const waiting = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(third),
      payload: {
        producerUserId: on.id,
        items: [{ productId: on.productId, quantity: 1 }],
        pointId: on.pointId,
        startsAt: SATURDAY_9AM,
        shopperName: 'Late Request',
      },
    });
    expect(waiting.statusCode, waiting.body).toBe(201);

    const summaries = async (to: string) => (await subjectsTo(to)).filter((s) => s.startsWith('Today at'));
    // Friday evening and Saturday 5:50 AM Eastern: not yet.
    await sweepAt('2030-06-14T22:00:00Z');
    await sweepAt('2030-06-15T09:50:00Z');
    expect(await summaries(on.email)).toEqual([]);
    // Saturday 6:05 AM Eastern, then again: one mail.
    await sweepAt('2030-06-15T10:05:00Z');
    await sweepAt('2030-06-15T11:30:00Z');
    expect(await summaries(on.email)).toEqual(['Today at Bluegrass Farm: 2 orders for Saturday, June 15']);
    expect(await summaries(off.email)).toEqual([]);

    const mail = await arrived(on.email, /^Today at/);
    expect(mail.text).toContain(
      'Georgetown Market, 9:00 AM – 12:00 PM EDT: 2 orders, to collect $27.50. To pack: 5 dozen Farm Fresh Eggs.',
    );
    expect(mail.text).toContain('1 new request is waiting for your answer.');
    expect(mail.text).toContain('https://market.example/dashboard?tab=orders&date=2030-06-15');
  });

  it('counts by-weight packs in the morning summary with their range, never as pounds, and the amount as an estimate', async () => {
    clock.set('2030-06-12T16:00:00Z');
    const on = await marketIn('America/New_York', { name: 'Midway Market' }, { morning_summary: true });
    const shoulder = await buildProduct(app, on, {
      name: 'Pork shoulder',
      category: 'meat',
      priceCents: 600,
      priceUnit: 'lb',
      weightUnit: 'lb',
      packMin: 1.5,
      packMax: 2.5,
      stockQuantity: 20,
    });
    const [first, second] = await Promise.all([buildUser(app), buildUser(app)]);
    await acceptedOrder({ ...on, productId: shoulder }, first, SATURDAY_9AM, 2);
    await acceptedOrder({ ...on, productId: shoulder }, second, SATURDAY_9AM, 1);
    await sweepAt('2030-06-15T10:05:00Z');
    const mail = await arrived(on.email, /^Today at/);
    // Three packs at $12.00 each ($9.00–$15.00): an estimate until weighed.
    expect(mail.text).toContain(
      'Midway Market, 9:00 AM – 12:00 PM EDT: 2 orders, to collect about $36.00 ($27.00–$45.00), the final price after weighing. To pack: 3 packs × 1.5–2.5 lb (4.5–7.5 lb) Pork shoulder.',
    );
    expect(mail.text).not.toContain('3 × Pork shoulder (lb)');
  });
});
