import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import {
  createUser,
  DEMO,
  expectAccessible,
  loginAs,
  placeClock,
  producerWithProduct,
  setServerClock,
  signInBrowser,
} from './helpers';

const EASTERN = 'America/New_York';
const HOUR = 3_600_000;

const eastern = (at: Date) => placeClock(at, EASTERN);

test.afterEach(async ({ request }) => {
  await setServerClock(request, null);
});

test('a farm enters its FNS number, an admin verifies it, a shopper sees the tender plan at checkout, and the farm records SNAP and Double Dollars at pickup and downloads the ledger', async ({
  browser,
  request,
}) => {
  test.slow();
  // A Kentucky farm with eggs and tomatoes, and a market at the top of the hour after next (Eastern).
  const { producer, farmName, productId: eggs } = await producerWithProduct(request, { farm: 'Bluegrass Plenty' });
  const farm = { authorization: `Bearer ${producer.token}` };
  const tomatoes = await request.post('/api/products', {
    headers: farm,
    data: {
      name: 'Heirloom Tomatoes',
      category: 'produce',
      price: 5,
      price_unit: 'quart',
      availability: 'available',
      stock_quantity: 20,
    },
  });
  expect(tomatoes.status()).toBe(201);
  const tomatoId = (await tomatoes.json()).product_id as number;
  expect(
    (await request.put('/api/pickup/mine/settings', { headers: farm, data: { cutoff_hours: 0, cap_per_window: null } })).status(),
  ).toBe(200);
  const start = eastern(new Date((Math.floor(Date.now() / HOUR) + 2) * HOUR));
  const hh = String(start.hour).padStart(2, '0');
  const place = await request.post('/api/pickup/mine/points', {
    headers: farm,
    data: {
      kind: 'market',
      name: 'Lexington Farmers Market',
      address: '401 W Main St',
      city: 'Lexington',
      state: 'KY',
      zip: '40507',
      time_zone: EASTERN,
      schedule: [{ weekday: start.weekday, start: `${hh}:00`, end: `${hh}:59` }],
      // A participating market of Kentucky Double Dollars: the match is offered at its pickups (decision 540).
      incentive_market: 'Lexington Farmers Market',
    },
  });
  expect(place.status(), await place.text()).toBe(201);
  // The farm's own stand, at the same hour: no participating market, so no match there.
  const stand = await request.post('/api/pickup/mine/points', {
    headers: farm,
    data: {
      kind: 'farm',
      name: 'Bluegrass Plenty farm stand',
      address: '1200 Old Frankfort Pike',
      city: 'Lexington',
      state: 'KY',
      zip: '40510',
      time_zone: EASTERN,
      schedule: [{ weekday: start.weekday, start: `${hh}:00`, end: `${hh}:59` }],
      incentive_market: null,
    },
  });
  expect(stand.status(), await stand.text()).toBe(201);

  // The farm says it takes SNAP (with its FNS number); its market place gives Kentucky Double Dollars.
  const farmPage = await (await browser.newContext()).newPage();
  await signInBrowser(farmPage, producer);
  await farmPage.goto('/profile?tab=benefits');
  await farmPage.getByLabel('I take SNAP/EBT at pickup').check();
  await farmPage.getByLabel('FNS retailer number').fill('1234567');
  await expect(farmPage.getByRole('list', { name: 'Your places that are participating markets' })).toContainText(
    'Lexington Farmers Market',
  );
  await farmPage.getByRole('button', { name: 'Save benefits' }).click();
  await expect(farmPage.getByRole('status').filter({ hasText: /admin checks your FNS number/ })).toBeVisible();
  await expect(farmPage.getByText('Waiting for an admin to check your FNS number').first()).toBeVisible();
  await expectAccessible(farmPage);
  // Not verified yet: the public sees nothing.
  expect((await (await request.get(`/api/benefits/producers/${producer.id}`)).json()).takes).toEqual([]);

  // An admin verifies the number.
  const admin = await loginAs(request, DEMO.admin.email, DEMO.admin.password);
  const adminPage = await (await browser.newContext()).newPage();
  await signInBrowser(adminPage, admin);
  await adminPage.goto('/admin?tab=certifications');
  await adminPage.getByRole('button', { name: `Verify the FNS number of ${farmName}` }).click();
  await expect(
    adminPage
      .getByRole('status')
      .filter({ hasText: /verified/i })
      .first(),
  ).toBeVisible();
  await expectAccessible(adminPage);

  // A shopper on a phone in dark mode finds the farm near a ZIP code with "Takes SNAP" (a farm in
  // the same town that takes no benefit is left out), sees the badges, reserves and reads the
  // tender plan at checkout.
  const { farmName: plainFarm } = await producerWithProduct(request, { farm: 'Plain Acres' });
  const shopper = await createUser(request, 'consumer');
  const shopContext = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  const shop = await shopContext.newPage();
  await signInBrowser(shop, shopper);
  await shop.goto('/search');
  await shop.getByLabel('Address, town or ZIP code').fill('40507');
  await shop.getByRole('button', { name: 'Set', exact: true }).click();
  await expect(shop.getByText('Lexington, KY 40507')).toBeVisible();
  // On a phone the filters fold behind one button (decision 530).
  await shop.getByRole('button', { name: /^Filters/ }).click();
  await shop.getByLabel('Benefits the farm takes at pickup').selectOption('snap');
  await expect(shop).toHaveURL(/benefits=snap/);
  const cardOf = (name: string) => shop.getByRole('main').getByRole('article').filter({ hasText: name });
  for (const [name, shown] of [
    [farmName, 1],
    [plainFarm, 0],
  ] as const) {
    // The index hears of the admin's verification on its next look at the database.
    await expect(async () => {
      await shop.getByLabel('Search', { exact: true }).fill(name);
      await shop.getByLabel('Search', { exact: true }).press('Enter');
      await expect(cardOf(name)).toHaveCount(shown, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
  }
  await expectAccessible(shop);
  await shop.getByLabel('Benefits the farm takes at pickup').selectOption('');
  await expect(cardOf(plainFarm)).toHaveCount(1);
  await shop.goto(`/product/${tomatoId}`);
  const badges = shop.getByRole('list', { name: 'Benefits that can pay for this product' });
  await expect(badges).toContainText('SNAP');
  await expect(badges).toContainText('Kentucky Double Dollars');
  for (const [id, quantity] of [
    [eggs, 2],
    [tomatoId, 2],
  ] as const) {
    await shop.goto(`/product/${id}`);
    await shop.getByLabel('Quantity to reserve').selectOption(String(quantity));
    await shop.getByRole('button', { name: /^Add to basket · / }).click();
    await expect(shop.getByText(/added to your basket/).first()).toBeVisible();
  }
  await shop.goto(`/checkout/${producer.id}`);
  // At the farm stand: SNAP pays, but no Double Dollars match (decision 540), and the shopper is told where it is given.
  await shop
    .getByRole('radio', { name: /Bluegrass Plenty farm stand/ })
    .first()
    .check();
  await expect(shop.getByTestId('tender-plan-sentence')).toHaveText('Pay the producer at pickup: up to $22.00 with SNAP');
  await expect(shop.getByTestId('tender-plan-elsewhere')).toHaveText(
    'No Kentucky Double Dollars match for a pickup at Bluegrass Plenty farm stand: it is given only at pickups at Lexington Farmers Market.',
  );
  await expect(shop.getByText(/Expected Kentucky Double Dollars match/)).toHaveCount(0);
  await shop
    .getByRole('radio', { name: /Lexington Farmers Market/ })
    .first()
    .check();
  await shop.getByLabel('Name for pickup').fill('Dana Shopper');
  // Eggs $12 and tomatoes $10: SNAP can pay all $22; the match is on the Kentucky-grown produce, at the market.
  await expect(shop.getByTestId('tender-plan-sentence')).toHaveText(
    'Pay the producer at pickup: up to $22.00 with SNAP, + $10.00 Kentucky Double Dollars at Lexington Farmers Market',
  );
  await expect(shop.getByTestId('tender-plan-elsewhere')).toHaveCount(0);
  await expectAccessible(shop);
  await shop.getByRole('button', { name: 'Place reservation' }).click();
  await expect(shop).toHaveURL(/\/orders\?order=\d+/);
  const orderId = Number(new URL(shop.url()).searchParams.get('order'));
  for (const to of ['accepted', 'ready']) {
    const moved = await request.post(`/api/orders/${orderId}/transitions`, { headers: farm, data: { to } });
    expect(moved.status(), await moved.text()).toBe(200);
  }

  // At the market, a minute after it opens (the server's clock and the farm's page moved there),
  // the farm records what was paid: first too much SNAP, refused with the rule, then the real split.
  const order = (await (await request.get(`/api/orders/${orderId}`, { headers: farm })).json()).order;
  const now = await setServerClock(request, new Date(Date.parse(order.window.starts_at) + 60_000));
  const dayContext = await browser.newContext();
  const day = await dayContext.newPage();
  await day.clock.install({ time: now });
  await signInBrowser(day, producer);
  await day.goto('/dashboard?tab=orders');
  // One step at the booth (decision 548): the payment recorded and the order handed over.
  await day.getByRole('button', { name: `Paid & picked up: order #${orderId}, Dana Shopper` }).click();
  const dialog = day.getByRole('dialog');
  await dialog.getByLabel('Cash').fill('');
  await dialog.getByLabel('SNAP/EBT').fill('30');
  await dialog.getByRole('button', { name: 'Save payment' }).click();
  await expect(dialog.getByText('SNAP can pay at most $22.00 of this order: the SNAP-eligible items')).toBeVisible();
  await dialog.getByLabel('SNAP/EBT').fill('12');
  await dialog.getByLabel('Kentucky Double Dollars (incentive match)').fill('10');
  await expectAccessible(day);
  await dialog.getByRole('button', { name: 'Save payment' }).click();
  await expect(day.getByRole('status').filter({ hasText: `Order #${orderId}: payment recorded and picked up` })).toBeVisible();
  await expect(day.getByText(/SNAP\/EBT \$12\.00 · Kentucky Double Dollars \(incentive match\) \$10\.00/)).toBeVisible();

  // The month's ledger, downloaded as CSV from the dashboard.
  await day.goto('/dashboard?tab=analytics');
  const ledger = day.getByRole('region', { name: /Benefits ledger/ });
  await expect(ledger.getByRole('table')).toContainText('$12.00');
  const [download] = await Promise.all([
    day.waitForEvent('download'),
    ledger.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(download.suggestedFilename()).toMatch(/^farmstand-benefits-\d{4}-\d{2}\.csv$/);
  expect(csv).toContain(String(orderId));
  expect(csv).toContain('12.00');
  expect(csv).toContain('Lexington Farmers Market');
  await expectAccessible(day);
});
