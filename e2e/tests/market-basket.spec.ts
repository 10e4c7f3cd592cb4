import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import {
  createUser,
  DEMO,
  type E2EUser,
  expectAccessible,
  loginAs,
  placeClock,
  producerWithProduct,
  setServerClock,
  signInBrowser,
} from './helpers';

/**
 * One basket at the market on a 390 px phone (issue 49): a shopper fills one market basket from
 * three farms on the market's page, places it once, and reads one market order with a part per
 * farm; each part is linked from the shopper's orders. On the market day (the server's clock moved
 * to it) two farms check in at the booth, one short a line, the third farm having declined its part;
 * the volunteer checks the shopper out with SNAP split per farm, and the shopper reads it picked up.
 */

const auth = (user: { token: string }) => ({ authorization: `Bearer ${user.token}` });
const ZONE = 'America/New_York';
const DAY_MS = 86_400_000;

/** The market day two days from now in the market's zone: ordering for it is open now (opens 6 days before, closes as it opens). */
const marketDay = () => placeClock(new Date(Date.now() + 2 * DAY_MS), ZONE);

/** A market with the basket on, one market day a week (two days from now), 8 AM–noon, with a manager and a volunteer. */
async function basketMarket(request: APIRequestContext) {
  const admin = await loginAs(request, DEMO.admin.email, DEMO.admin.password);
  const year = new Date().getFullYear();
  const name = `Basket Market ${Date.now()}-${process.pid}`;
  const made = await request.post('/api/markets', {
    headers: auth(admin),
    data: {
      name,
      address: '401 W Main St',
      city: 'Lexington',
      state: 'KY',
      zip: '40507',
      timeZone: ZONE,
      seasonStart: `${year - 1}-01-01`,
      seasonEnd: `${year + 1}-12-31`,
      marketDays: [{ weekday: marketDay().weekday, opens: '08:00', closes: '12:00' }],
      incentiveId: 'ky_double_dollars',
      basketOn: true,
      basketOpensDays: 6,
      basketClosesHours: 0,
    },
  });
  expect(made.status(), await made.text()).toBeLessThan(300);
  const market = (await made.json()) as { id: number; name: string; slug: string };
  const manager = await createUser(request);
  const granted = await request.post(`/api/markets/${market.id}/managers`, {
    headers: auth(admin),
    data: { email: manager.email },
  });
  expect(granted.ok(), await granted.text()).toBeTruthy();
  const volunteer = await createUser(request);
  const added = await request.post(`/api/markets/${market.id}/volunteers`, {
    headers: auth(manager),
    data: { email: volunteer.email },
  });
  expect(added.ok(), await added.text()).toBeTruthy();
  return { admin, market, manager, volunteer };
}

/**
 * An approved vendor of the market with its market place linked and one product; `snap`: it takes
 * SNAP (verified) and WIC and Senior FMNP coupons.
 */
async function vendor(
  request: APIRequestContext,
  ids: { marketId: number; manager: E2EUser; admin: E2EUser },
  farm: string,
  product: string,
  snap: boolean,
) {
  const { producer, farmName, productId } = await producerWithProduct(request, { farm, product });
  const headers = auth(producer);
  expect(
    (await request.put('/api/pickup/mine/settings', { headers, data: { cutoff_hours: 0, cap_per_window: null } })).status(),
  ).toBe(200);
  const place = await request.post('/api/pickup/mine/points', {
    headers,
    data: {
      kind: 'market',
      name: 'Saturday market stall',
      address: '401 W Main St',
      city: 'Lexington',
      state: 'KY',
      zip: '40507',
      time_zone: ZONE,
      schedule: [{ weekday: marketDay().weekday, start: '08:00', end: '12:00' }],
      incentive_market: null,
    },
  });
  expect(place.status(), await place.text()).toBe(201);
  const pointId = ((await place.json()) as { point: { id: number } }).point.id;
  const applied = await request.post(`/api/markets/${ids.marketId}/apply`, { headers, data: { pointId } });
  expect(applied.ok(), await applied.text()).toBeTruthy();
  const approved = await request.post(`/api/markets/${ids.marketId}/vendors/${producer.id}/decision`, {
    headers: auth(ids.manager),
    data: { decision: 'approve' },
  });
  expect(approved.ok(), await approved.text()).toBeTruthy();
  const linked = await request.put(`/api/markets/${ids.marketId}/place`, { headers, data: { pointId } });
  expect(linked.ok(), await linked.text()).toBeTruthy();
  if (snap) {
    const takes = await request.put('/api/benefits/mine', {
      headers,
      data: {
        fns_number: String(1_000_000 + (producer.id % 8_999_999)),
        wic_fmnp: { accepted: true, expires_on: '2099-12-31' },
        senior_fmnp: { accepted: true, expires_on: '2099-12-31' },
      },
    });
    expect(takes.ok(), await takes.text()).toBeTruthy();
    const verified = await request.post(`/api/admin/benefits/${producer.id}/review`, {
      headers: auth(ids.admin),
      data: { approve: true },
    });
    expect(verified.ok(), await verified.text()).toBeTruthy();
  }
  return { producer, farmName, productId, product };
}

async function phone(browser: Browser, user: E2EUser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    timezoneId: ZONE,
  });
  const page = await context.newPage();
  await signInBrowser(page, user);
  return page;
}

/** 9:00 AM on the market day in the market's zone. */
function marketMorning(date: string): Date {
  const at = Date.parse(`${date}T14:00:00.000Z`);
  return new Date(at + (9 * 60 - placeClock(new Date(at), ZONE).minutes) * 60_000);
}

test.afterEach(async ({ request }) => {
  await setServerClock(request, null);
});

test('a shopper fills one market basket from three farms on a phone and places it once; two farms check in (one short) and the booth checks the shopper out with SNAP per farm', async ({
  browser,
  request,
}) => {
  const { admin, market, manager, volunteer } = await basketMarket(request);
  const ids = { marketId: market.id, manager, admin };
  const farms = [
    await vendor(request, ids, 'Bluegrass Acres', 'Bluegrass Eggs', true),
    await vendor(request, ids, 'Red River Greens', 'Red River Kale', true),
    await vendor(request, ids, 'Elkhorn Honey', 'Elkhorn Honey Jar', false),
  ];
  const shopper = await createUser(request);
  const page = await phone(browser, shopper);

  await page.goto(`/markets/${market.slug}`);
  const weekday = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][marketDay().weekday];
  await expect(page.getByRole('heading', { name: `This ${weekday} at the market` })).toBeVisible();
  await expect(page.getByTestId('ordering-notice')).toHaveText(/^Order until /);
  for (const farm of farms) await page.getByRole('button', { name: `Add ${farm.product} from ${farm.farmName}` }).tap();
  await page.getByRole('button', { name: `One more ${farms[0].product}` }).tap();
  await page.getByRole('button', { name: `One more ${farms[1].product}` }).tap();
  await expect(page.getByTestId('market-basket-count')).toHaveText('Market basket: 5 items from 3 farms · $30.00');
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Review basket' }).tap();
  await expect(page.getByRole('heading', { level: 1, name: 'Your market basket' })).toBeVisible();
  await expect(page.getByTestId('basket-part')).toHaveCount(3);
  await expect(page.getByTestId('basket-part').first()).toContainText(`Subtotal for ${farms[0].farmName}: $12.00 · takes SNAP`);
  await page.getByLabel('Name for pickup').fill('Dana Basket');
  await page.getByLabel('SNAP/EBT').check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Place market order' }).tap();

  await expect(page).toHaveURL(/\/market-orders\/\d+$/);
  const marketOrderId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByRole('heading', { level: 1, name: `Market order #${marketOrderId}` })).toBeVisible();
  await expect(page.getByTestId('market-order-total')).toHaveText('$30.00');
  for (const farm of farms) await expect(page.getByRole('heading', { level: 2, name: farm.farmName })).toBeVisible();
  await expectAccessible(page);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);

  // Each farm's part is one of the shopper's orders, linked back to the market order.
  await page.goto('/orders');
  await expect(page.getByRole('link', { name: new RegExp(`^Part of market order #${marketOrderId} at `) })).toHaveCount(3);

  // Placed once: the basket is gone, and the same basket id sent again answers the same market order.
  const mine = await request.get('/api/market-orders', { headers: auth(shopper) });
  expect(mine.ok(), await mine.text()).toBeTruthy();
  expect(((await mine.json()) as { marketOrders: { id: number; parts: unknown[] }[] }).marketOrders).toEqual([
    expect.objectContaining({ id: marketOrderId, parts: expect.any(Array) }),
  ]);
  await page.goto(`/markets/${market.slug}`);
  await expect(page.getByRole('button', { name: `Add ${farms[0].product} from ${farms[0].farmName}` })).toBeVisible();
  await expect(page.getByTestId('market-basket-count')).toHaveCount(0);

  // "Order again" on one farm's part fills the market's basket for its coming day, not the farm's own basket.
  const firstPart = (
    (await mine.json()) as { marketOrders: { parts: { id: number; producer: { user_id: number } }[] }[] }
  ).marketOrders[0].parts.find((p) => p.producer.user_id === farms[0].producer.id)?.id as number;
  await page.goto('/orders');
  await page.getByTestId(`order-${firstPart}`).getByRole('button', { name: 'Order again' }).tap();
  const again = page.getByRole('dialog', { name: 'Order again' });
  await expect(again).toContainText(`2 items from order #${firstPart} are in your market basket for ${market.name} on `);
  await again.getByRole('link', { name: 'Review basket' }).tap();
  await expect(page.getByRole('heading', { level: 1, name: 'Your market basket' })).toBeVisible();
  await expect(page.getByTestId('basket-part')).toHaveCount(1);
  await expect(page.getByTestId('basket-part')).toContainText(farms[0].farmName);

  // Before the market: two farms accept their parts; the third declines its part.
  const parts = ((await mine.json()) as { marketOrders: { parts: { id: number; producer: { user_id: number } }[] }[] })
    .marketOrders[0].parts;
  const partOf = (farm: (typeof farms)[number]) => parts.find((p) => p.producer.user_id === farm.producer.id)?.id as number;
  for (const [farm, data] of [
    [farms[0], { to: 'accepted' }],
    [farms[1], { to: 'accepted' }],
    [farms[2], { to: 'declined', reason: 'Our bees had a bad week' }],
  ] as const) {
    const moved = await request.post(`/api/orders/${partOf(farm)}/transitions`, { headers: auth(farm.producer), data });
    expect(moved.ok(), await moved.text()).toBeTruthy();
  }

  // The market day, 9 AM: the volunteer's phone at the booth.
  await setServerClock(request, marketMorning(marketDay().date));
  const booth = await phone(browser, volunteer);
  await booth.goto(`/market-office/${market.id}/pickup-day`);
  await expect(booth.getByRole('heading', { name: 'Grower check-in' })).toBeVisible();
  await booth.getByRole('button', { name: `Check in ${farms[0].farmName}` }).tap();
  await booth.getByRole('button', { name: `Record arrival of ${farms[0].farmName}` }).tap();
  await expect(booth.getByRole('button', { name: `Record a shortage ${farms[0].farmName}` })).toBeVisible();
  await booth.getByRole('button', { name: `Check in ${farms[1].farmName}` }).tap();
  const line = `${farms[1].product}, market order #${marketOrderId}`;
  await booth.getByLabel(`Brought: ${line}`).fill('1');
  await booth.getByLabel(`Why short: ${line}`).fill('Ran out at the farm');
  await booth.getByRole('button', { name: `Record arrival of ${farms[1].farmName}` }).tap();
  await expect(booth.getByRole('button', { name: `Record a shortage ${farms[1].farmName}` })).toBeVisible();
  await expectAccessible(booth);

  // Checkout: each farm's bag, SNAP per farm: all of the first farm's $12.00, $4.00 of the second's $6.00 (the rest in cash).
  await booth.getByLabel('Find a shopper').fill('Dana Basket');
  await booth.getByRole('button', { name: 'Check out Dana Basket' }).tap();
  await booth.getByLabel(`SNAP for ${farms[0].farmName}`).fill('12.00');
  await booth.getByLabel(`SNAP for ${farms[1].farmName}`).fill('4.00');
  // The farms take WIC and Senior FMNP coupons too: the form asks for them beside SNAP.
  await expect(booth.getByLabel(`WIC FMNP for ${farms[1].farmName}`)).toBeVisible();
  await expect(booth.getByLabel(`Senior FMNP for ${farms[1].farmName}`)).toBeVisible();
  await expectAccessible(booth);
  await booth.getByRole('button', { name: 'Picked up', exact: true }).tap();
  await expect
    .poll(
      async () =>
        (
          (await (await request.get(`/api/market-orders/${marketOrderId}`, { headers: auth(shopper) })).json()) as {
            status: string;
          }
        ).status,
    )
    .toBe('picked_up');
  const boothWidth = await booth.evaluate(() => document.documentElement.scrollWidth);
  expect(boothWidth).toBeLessThanOrEqual(390);
  await booth.context().close();

  // The shopper reads one order picked up: the short line told, the declined part owing nothing.
  await page.goto(`/market-orders/${marketOrderId}`);
  await expect(page.getByTestId('market-order-total')).toHaveText('$18.00');
  await expect(page.getByText('Picked up', { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId(`market-part-${partOf(farms[1])}`)).toContainText('Short: 1 of 2 — Ran out at the farm');
  await expect(page.getByTestId(`market-part-${partOf(farms[2])}`)).toContainText('Nothing to pay this farm');
  // Readable in the dark theme too.
  await page.evaluate(() => localStorage.setItem('darkMode', 'true'));
  await page.reload();
  await expect(page.getByTestId('market-order-total')).toHaveText('$18.00');
  await expectAccessible(page);
  await page.context().close();
});
