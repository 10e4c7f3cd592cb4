import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { emailOutbox } from '../../db/schema';
import { runFarmMailDigests } from '../../jobs/farm-mail-digest';
import { bearer, buildUser } from '../../test/factories';
import { buildProduct } from '../../test/listing-factories';
import {
  marketPoint,
  move,
  orderPayload,
  placeOrder,
  setUpMarket,
  useTestClock,
  WEDNESDAY_NOON,
} from '../../test/orders-helpers';
import { buildTestApp, type TestApp } from '../../test/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.closeAll();
});
beforeEach(() => useTestClock(app));

/** Saturday 8 June 2030, 9:00 CDT at a Central-time market. */
const SATURDAY_9AM_CENTRAL = '2030-06-08T14:00:00.000Z';

const mailsTo = (to: string) => app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));

/** A Lexington (Eastern) farm with its Eastern market and a Central-time market in Bowling Green. */
async function twoZoneFarm() {
  const farm = await setUpMarket(app, {}, { farmName: 'Two Zone Farm', state: 'KY', zip: '40507' });
  const point = await app.inject({
    method: 'POST',
    url: '/api/pickup/mine/points',
    headers: bearer(farm),
    payload: marketPoint({ name: 'Bowling Green Market', city: 'Bowling Green', zip: '42101', time_zone: 'America/Chicago' }),
  });
  expect(point.statusCode, point.body).toBe(201);
  return { eastern: farm, central: { ...farm, pointId: point.json().point.id as number } };
}

describe("the farm's order mails", () => {
  it("names the Central zone in an Eastern farm's new-order mail, and not for its own zone", async () => {
    const { eastern, central } = await twoZoneFarm();
    const shoulder = await buildProduct(app, eastern, {
      name: 'Pork shoulder',
      category: 'meat',
      priceCents: 600,
      priceUnit: 'lb',
      weightUnit: 'lb',
      packMin: 1.5,
      packMax: 2.5,
      stockQuantity: 20,
    });
    const placed = await placeOrder(
      app,
      await buildUser(app),
      orderPayload(central, [{ productId: shoulder, quantity: 2 }], { startsAt: SATURDAY_9AM_CENTRAL, note: null }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const [mail] = await mailsTo(eastern.email);
    expect(mail.subject).toBe(`New order #${placed.json().order.id} for Sat, Jun 8, 9:00 AM CDT`);
    expect(mail.body).toContain('reserved for Bowling Green Market, Sat, Jun 8, 9:00 AM CDT:');
    // The line in the one wording: packs with their range and total weight, never pounds.
    expect(mail.body).toContain('2 packs × 1.5–2.5 lb (3–5 lb) Pork shoulder at $6.00/lb');
    // The estimate is never stated as firm: 2 packs at $12.00 each, $9.00–$15.00.
    expect(mail.body).toContain('To collect at pickup: about $24.00 ($18.00–$30.00), the final price after weighing.');

    // The digest of the same period: the Central order names its zone, the Eastern one does not.
    const second = await placeOrder(
      app,
      await buildUser(app),
      orderPayload(central, [{ productId: shoulder, quantity: 1 }], { startsAt: SATURDAY_9AM_CENTRAL }),
    );
    const third = await placeOrder(app, await buildUser(app), orderPayload(eastern, [{ productId: shoulder, quantity: 1 }]));
    expect([second.statusCode, third.statusCode]).toEqual([201, 201]);
    await runFarmMailDigests(app.ctx, new Date(WEDNESDAY_NOON.getTime() + 16 * 60_000));
    const digest = (await mailsTo(eastern.email)).find((m) => m.subject.startsWith('2 new orders'));
    expect(digest?.body).toContain(
      `Order #${second.json().order.id} from Dana Shopper for Bowling Green Market, Sat, Jun 8, 9:00 AM CDT, about $12.00 until weighed.`,
    );
    expect(digest?.body).toContain(
      `Order #${third.json().order.id} from Dana Shopper for Lexington Farmers Market, Sat, Jun 8, 9:00 AM, about $12.00 until weighed.`,
    );
  });

  it("writes an Eastern market's time in an Eastern farm's new-order mail without a zone, the amount exact when nothing is weighed", async () => {
    const { eastern } = await twoZoneFarm();
    const eggsId = await buildProduct(app, eastern, {
      name: 'Brown Eggs',
      priceCents: 700,
      priceUnit: '18 count',
      stockQuantity: 10,
    });
    const placed = await placeOrder(app, await buildUser(app), orderPayload(eastern, [{ productId: eggsId, quantity: 2 }]));
    expect(placed.statusCode, placed.body).toBe(201);
    const [mail] = await mailsTo(eastern.email);
    expect(mail.subject).toBe(`New order #${placed.json().order.id} for Sat, Jun 8, 9:00 AM`);
    expect(mail.body).toContain('2 × 18-count Brown Eggs at $7.00/18');
    expect(mail.body).toContain('To collect at pickup: $14.00.');
  });

  it("names the pickup place's zone in the shopper's mails, whichever zone it is", async () => {
    const { eastern, central } = await twoZoneFarm();
    const eggsId = await buildProduct(app, eastern, {
      name: 'Brown Eggs',
      priceCents: 700,
      priceUnit: 'dozen',
      stockQuantity: 10,
    });
    const shopper = await buildUser(app);
    const there = await placeOrder(
      app,
      shopper,
      orderPayload(central, [{ productId: eggsId, quantity: 1 }], { startsAt: SATURDAY_9AM_CENTRAL }),
    );
    const here = await placeOrder(app, await buildUser(app), orderPayload(eastern, [{ productId: eggsId, quantity: 1 }]));
    for (const placed of [there, here])
      expect((await move(app, eastern, placed.json().order.id, 'accepted')).statusCode).toBe(200);
    // The acceptance mails go out after the move's answer: wait until each is there.
    const firstMail = (to: string) =>
      vi.waitFor(async () => {
        const [mail] = await mailsTo(to);
        if (!mail) throw new Error(`no mail to ${to} yet`);
        return mail;
      });
    expect((await firstMail(shopper.email)).body).toContain('Bowling Green Market, Sat, Jun 8, 9:00 AM CDT');
    expect((await firstMail(here.json().order.shopper.email)).body).toContain(
      'Lexington Farmers Market, Sat, Jun 8, 9:00 AM EDT',
    );
  });
});
