import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import {
  createUser,
  DEMO,
  expectAccessible,
  hhmm,
  loginAs,
  placeClock,
  producerWithProduct,
  setServerClock,
  signInBrowser,
} from './helpers';

/**
 * One farm's week on phones (390 px), across the season's capabilities: a CSA member joins with
 * SNAP and adds a by-weight add-on for the same pickup; the share's week is placed beside it; at a
 * participating market in Central time the farm weighs the add-on, takes SNAP and Kentucky Double
 * Dollars and hands over both orders in one step each; another shopper does not come and the day
 * is closed with one no-show; afterwards the farm reads the benefits ledger (filed under the
 * market) and the standing demand (the share counted first). The server's clock and the phone's
 * are moved to just after the market opens.
 */
const CENTRAL = 'America/Chicago';
const HOUR = 3_600_000;
const MARKET = 'Bowling Green Farmers Market';

const centralTime = (at: Date) => placeClock(at, CENTRAL);

async function phone(browser: import('@playwright/test').Browser, user: { token: string }, at?: Date): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  if (at) await page.clock.install({ time: at });
  await signInBrowser(page, user);
  return page;
}

test.afterEach(async ({ request }) => {
  await setServerClock(request, null);
});

test('one farm’s week at 390 px: a CSA member with a by-weight add-on, weighed and paid with SNAP and Double Dollars at the market, a no-show closed, then the ledger and demand', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  // The market opens at the top of the hour after next (Central), so orders go in before it opens.
  const start = centralTime(new Date((Math.floor(Date.now() / HOUR) + 2) * HOUR));
  const { producer, farmName, productId: eggs } = await producerWithProduct(request, { farm: 'Barren River' });
  const farm = { authorization: `Bearer ${producer.token}` };
  const tomatoes = await request.post('/api/products', {
    headers: farm,
    data: {
      name: 'Heirloom tomatoes',
      category: 'produce',
      availability: 'available',
      price: 4,
      weight_unit: 'lb',
      pack_min: 1.5,
      pack_max: 2.5,
      stock_quantity: 10,
    },
  });
  expect(tomatoes.status(), await tomatoes.text()).toBe(201);
  const tomatoId = (await tomatoes.json()).product_id as number;
  expect(
    (await request.put('/api/pickup/mine/settings', { headers: farm, data: { cutoff_hours: 0, cap_per_window: null } })).status(),
  ).toBe(200);
  const place = await request.post('/api/pickup/mine/points', {
    headers: farm,
    data: {
      kind: 'market',
      name: MARKET,
      address: '1 Main St',
      city: 'Bowling Green',
      state: 'KY',
      zip: '42101',
      time_zone: CENTRAL,
      booth: 'Stall 7',
      incentive_market: MARKET,
      schedule: [{ weekday: start.weekday, start: hhmm(start.minutes), end: hhmm(Math.min(start.minutes + 60, 23 * 60 + 59)) }],
    },
  });
  expect(place.status(), await place.text()).toBe(201);
  const pointId = (await place.json()).point.id as number;

  // SNAP with its FNS number, verified by an admin; the market gives Kentucky Double Dollars.
  const took = await request.put('/api/benefits/mine', {
    headers: farm,
    data: {
      fns_number: '7654321',
      wic_fmnp: { accepted: false, expires_on: null },
      senior_fmnp: { accepted: false, expires_on: null },
    },
  });
  expect(took.status(), await took.text()).toBe(200);
  const admin = await loginAs(request, DEMO.admin.email, DEMO.admin.password);
  const verified = await request.post(`/api/admin/benefits/${producer.id}/review`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { approve: true, note: null },
  });
  expect(verified.status(), await verified.text()).toBe(200);

  // A weekly share at the market this season, with eggs in this week's box.
  const plan = await request.post('/api/csa', {
    headers: farm,
    data: {
      name: 'Summer Share',
      description: null,
      sizes: [{ name: 'Small', price: 20 }],
      season_start: start.date,
      season_end: `${Number(start.date.slice(0, 4)) + 1}${start.date.slice(4)}`,
      skip_dates: [],
      places: [{ point_id: pointId, weekday: start.weekday, start: hhmm(start.minutes), cap: 40 }],
    },
  });
  expect(plan.status(), await plan.text()).toBe(201);
  const planId = (await plan.json()).plan.id as number;
  const box = await request.put(`/api/csa/${planId}/boxes`, {
    headers: farm,
    data: { week_of: start.date, items: [{ productId: eggs, variantId: null, quantities: [1] }] },
  });
  expect(box.status(), await box.text()).toBe(200);

  // The member joins on a phone, saying they will pay each pickup with SNAP…
  const member = await createUser(request, 'consumer');
  const shop = await phone(browser, member);
  await shop.goto(`/producer/${producer.id}`);
  await shop.getByRole('button', { name: 'Join Summer Share' }).click();
  const join = shop.getByRole('form', { name: 'Join Summer Share' });
  await join.getByRole('radio', { name: new RegExp(MARKET) }).check();
  await join.getByLabel('Name for pickup').fill('Mara Member');
  await join.getByRole('checkbox', { name: /SNAP/ }).check();
  await expect(join.getByText(new RegExp(`At ${MARKET}, Kentucky Double Dollars matches`))).toBeVisible();
  await expectAccessible(shop);
  await join.getByRole('button', { name: /^Join · \$20\.00 a pickup/ }).click();
  await expect(shop.getByText(/member of Summer Share|You joined|Welcome/i).first()).toBeVisible();

  // …and adds a pack of tomatoes for the same pickup from the basket.
  await shop.goto(`/product/${tomatoId}`);
  await shop.getByRole('button', { name: /^Add to basket · / }).click();
  await expect(shop.getByText(/added to your basket/).first()).toBeVisible();
  await shop.goto(`/checkout/${producer.id}`);
  await shop
    .getByRole('radio', { name: new RegExp(MARKET) })
    .first()
    .check();
  await shop.getByLabel('Name for pickup').fill('Mara Member');
  await shop.getByRole('checkbox', { name: /SNAP/ }).check();
  await expect(shop.getByTestId('tender-plan-sentence')).toContainText(`Kentucky Double Dollars at ${MARKET}`);
  expect(await shop.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shop.getByRole('button', { name: 'Place reservation' }).click();
  await expect(shop).toHaveURL(/\/orders\?order=\d+/);
  const addOn = Number(new URL(shop.url()).searchParams.get('order'));

  // The share's week is placed beside the add-on (the sweep runs as the job queue would).
  expect((await request.post('/api/test/sweep')).status()).toBe(200);
  const mine = (await (await request.get('/api/orders/mine', { headers: { authorization: `Bearer ${member.token}` } })).json())
    .orders as { id: number; status: string }[];
  const share = mine.find((o) => o.id !== addOn)?.id;
  expect(share, JSON.stringify(mine)).toBeDefined();

  // Another shopper reserves eggs and will not come.
  const other = await createUser(request, 'consumer');
  const pickup = await (await request.get(`/api/pickup/producers/${producer.id}`)).json();
  const window = pickup.windows.find((w: { point_id: number }) => w.point_id === pointId);
  const placed = await request.post('/api/orders', {
    headers: { authorization: `Bearer ${other.token}` },
    data: {
      producerUserId: producer.id,
      items: [{ productId: eggs, quantity: 1 }],
      pointId,
      startsAt: window.starts_at,
      shopperName: 'Eli Absent',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const absent = (await placed.json()).order.id as number;
  for (const id of [addOn, share as number, absent]) {
    const order = (await (await request.get(`/api/orders/${id}`, { headers: farm })).json()).order;
    if (order.status === 'requested') {
      const moved = await request.post(`/api/orders/${id}/transitions`, { headers: farm, data: { to: 'accepted' } });
      expect(moved.status(), await moved.text()).toBe(200);
    }
  }

  // Market day, a minute after it opens: the booth on the farmer's phone opens on the day's pickups.
  const now = await setServerClock(request, new Date(Date.parse(window.starts_at) + 60_000));
  const booth = await phone(browser, producer, now);
  await booth.goto('/dashboard?tab=orders');
  await expect(booth.getByRole('heading', { level: 2, name: /Pickup day: .*\(today\)/ })).toBeVisible();
  for (const id of [addOn, share as number, absent]) await expect(booth.getByTestId(`order-${id}`)).toBeVisible();
  await expectAccessible(booth);

  // Weigh the tomatoes (2.1 lb × $4.00 = $8.40), then take $4.20 SNAP and the $4.20 match.
  await booth.getByRole('searchbox', { name: 'Find a shopper' }).fill('Mara');
  const pack = booth
    .getByRole('group', { name: new RegExp(`Order #${addOn} · Mara Member · Heirloom tomatoes`) })
    .getByLabel('Pack 1 of 1 weight (lb)');
  await pack.fill('2.1');
  await pack.press('Enter');
  const addOnCard = booth.getByTestId(`order-${addOn}`);
  await expect(addOnCard.getByTestId('order-total')).toContainText('$8.40');
  await addOnCard.getByRole('button', { name: `Paid & picked up: order #${addOn}, Mara Member` }).click();
  let dialog = booth.getByRole('dialog', { name: `Paid & picked up: order #${addOn}, Mara Member` });
  await expect(dialog.getByTestId('amount-to-pay')).toContainText('To pay: $8.40');
  await dialog.getByLabel('SNAP/EBT').fill('4.20');
  await dialog.getByLabel(/Kentucky Double Dollars/).fill('4.20');
  await dialog.getByLabel('Cash').fill('0');
  await expectAccessible(booth);
  await dialog.getByRole('button', { name: 'Save payment and mark picked up' }).click();
  await expect(dialog).toBeHidden();
  await expect(addOnCard.getByTestId('order-status')).toHaveText(/Picked up/);

  // The share: $20.00 of eggs, all SNAP.
  const shareCard = booth.getByTestId(`order-${share}`);
  await shareCard.getByRole('button', { name: `Paid & picked up: order #${share}, Mara Member` }).click();
  dialog = booth.getByRole('dialog', { name: `Paid & picked up: order #${share}, Mara Member` });
  await expect(dialog.getByTestId('amount-to-pay')).toContainText('To pay: $20.00');
  await dialog.getByLabel('SNAP/EBT').fill('20');
  await dialog.getByLabel('Cash').fill('0');
  await dialog.getByRole('button', { name: 'Save payment and mark picked up' }).click();
  await expect(dialog).toBeHidden();
  await expect(shareCard.getByTestId('order-status')).toHaveText(/Picked up/);

  // Close the day: Eli did not come.
  await booth.getByRole('searchbox', { name: 'Find a shopper' }).fill('');
  await booth.getByRole('button', { name: /^Close the day/ }).click();
  const close = booth.getByRole('dialog', { name: /^Close / });
  await close.getByRole('checkbox', { name: new RegExp(`Order #${absent} · Eli Absent`) }).check();
  await close.getByRole('button', { name: /^Close the day: .*1 no-show/ }).click();
  await expect(booth.getByTestId(`order-${absent}`).getByTestId('order-status')).toHaveText(/No-show/);

  // Afterwards: the ledger files the match under the market; the demand counts the share first.
  await booth.goto('/dashboard?tab=analytics');
  const ledger = booth.getByRole('region', { name: /Benefits ledger/ });
  await expect(ledger.getByRole('table').first()).toContainText(MARKET);
  await expect(ledger.getByRole('table').first()).toContainText('$24.20');
  const [download] = await Promise.all([
    booth.waitForEvent('download'),
    ledger.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv).toContain(MARKET);
  expect(csv).toContain('4.20');
  await expectAccessible(booth);

  await booth.goto('/dashboard?tab=orders');
  const shares = booth.getByRole('table', { name: 'CSA shares per plan and box size, each week' });
  await expect(shares.getByRole('row', { name: /Summer Share/ })).toContainText('1');
  expect(await booth.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(farmName).toContain('Barren River');
});
