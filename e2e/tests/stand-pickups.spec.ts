import { expect, test } from '@playwright/test';
import { createUser, hhmm, placeClock, producerWithProduct, setServerClock, signInBrowser } from './helpers';

// Offline use: the service worker keeps the page openable without a network.
test.use({ serviceWorkers: 'allow' });

/**
 * Today's pickups at the booth in stand mode (issue 47, decision 577): found by name, weighed,
 * paid and handed over on a phone without signal, then synced: the order is picked up with what
 * was paid. The server's clock is moved to the pickup's window (this file runs with the clock tests).
 */
const EASTERN = 'America/New_York';
const HOUR = 3_600_000;

const easternTime = (at: Date) => placeClock(at, EASTERN);

test.afterEach(async ({ request }) => {
  await setServerClock(request, null);
});

test('a pickup is found by name, weighed, paid and handed over offline at the stand, and is picked up after the sync', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const start = easternTime(new Date((Math.floor(Date.now() / HOUR) + 2) * HOUR));
  const { producer, productId: eggs } = await producerWithProduct(request, { farm: 'Stand Hollow' });
  const headers = { authorization: `Bearer ${producer.token}` };
  const chicken = await request.post('/api/products', {
    headers,
    data: {
      name: 'Whole chicken',
      category: 'meat',
      availability: 'available',
      inspection: 'usda',
      establishment_number: 'P-45678',
      price: 7,
      weight_unit: 'lb',
      pack_min: 0.8,
      pack_max: 1.2,
      stock_quantity: 10,
    },
  });
  expect(chicken.status(), await chicken.text()).toBe(201);
  const chickenId = (await chicken.json()).product_id as number;
  expect(
    (await request.put('/api/pickup/mine/settings', { headers, data: { cutoff_hours: 0, cap_per_window: null } })).status(),
  ).toBe(200);
  const place = await request.post('/api/pickup/mine/points', {
    headers,
    data: {
      kind: 'farm',
      name: 'Stand Hollow farm stand',
      address: '12 Ridge Road',
      city: 'Lexington',
      state: 'KY',
      zip: '40507',
      time_zone: EASTERN,
      schedule: [{ weekday: start.weekday, start: hhmm(start.minutes), end: hhmm(Math.min(start.minutes + 60, 23 * 60 + 59)) }],
      incentive_market: null,
    },
  });
  expect(place.status(), await place.text()).toBe(201);
  const pointId = (await place.json()).point.id as number;
  const windows = await (await request.get(`/api/pickup/producers/${producer.id}`)).json();
  const window = windows.windows.find((w: { point_id: number }) => w.point_id === pointId);
  const shopper = await createUser(request, 'consumer');
  const placed = await request.post('/api/orders', {
    headers: { authorization: `Bearer ${shopper.token}` },
    data: {
      producerUserId: producer.id,
      items: [
        { productId: chickenId, quantity: 1 },
        { productId: eggs, quantity: 1 },
      ],
      pointId,
      startsAt: window.starts_at,
      shopperName: 'Dana Stand',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = (await placed.json()).order.id as number;
  expect((await request.post(`/api/orders/${orderId}/transitions`, { headers, data: { to: 'accepted' } })).status()).toBe(200);
  await setServerClock(request, new Date(Date.parse(window.starts_at) + 60_000));

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const page = await context.newPage();
  // The phone's clock agrees with the server's, moved to the pickup time: a phone still on the day
  // before (this test run late in the evening) dated the hand-over before its pickup day.
  await page.clock.install({ time: new Date(Date.parse(window.starts_at) + 60_000) });
  await signInBrowser(page, producer);
  await page.goto('/stand');
  await page.getByRole('tab', { name: 'Pickups (1)' }).click();
  await context.setOffline(true);
  await page.getByPlaceholder('Name or order number').fill('dana');
  await page.getByRole('button', { name: /Dana Stand · #/ }).tap();
  // 1.2 lb × $7.00 = $8.40, and the eggs' $6.00.
  await page.getByLabel('Pack 1 (lb)').fill('1.2');
  await expect(page.getByText('To pay $14.40')).toBeVisible();
  await page.getByRole('button', { name: 'Record payment' }).tap();
  await page.getByRole('button', { name: 'Cash exact' }).tap();
  await page.getByRole('button', { name: 'Picked up' }).tap();
  await expect(page.getByRole('status').filter({ hasText: `Order #${orderId} for Dana Stand is picked up` })).toBeVisible();
  await expect(page.getByTestId('stand-waiting')).toHaveText('1 waiting');
  await expect(page.getByRole('tab', { name: 'Pickups (0)' })).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByTestId('stand-waiting')).toHaveText('0 waiting', { timeout: 60_000 });
  const order = await (await request.get(`/api/orders/${orderId}`, { headers })).json();
  expect(order.order.status).toBe('picked_up');
  const benefits = await (await request.get(`/api/benefits/orders/${orderId}`, { headers })).json();
  expect(benefits.benefits.tenders).toMatchObject({ cash: 1440 });
  await context.close();
});
