import { expect, test } from '@playwright/test';
import { createUser, expectAccessible, hhmm, placeClock, producerWithProduct, setServerClock, signInBrowser } from './helpers';

/**
 * The booth on a phone (decisions 548, 549): on the pickup day the Orders tab opens on the day's
 * pickups, a search finds the shopper, a weighed pack shows at once in the payment dialog, and
 * "Paid & picked up" records the payment and hands the order over in one step. The market is in
 * Central time; the server's clock and the phone's are moved to just after its start.
 */
const CENTRAL = 'America/Chicago';
const HOUR = 3_600_000;

const centralTime = (at: Date) => placeClock(at, CENTRAL);

test.afterEach(async ({ request }) => {
  await setServerClock(request, null);
});

test('at the booth on a phone, a weighed pack shows in the payment dialog and one step records the payment and hands the order over (390 px)', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const start = centralTime(new Date((Math.floor(Date.now() / HOUR) + 2) * HOUR));
  const { producer, productId: eggs } = await producerWithProduct(request, { farm: 'Booth Hollow' });
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
      kind: 'market',
      name: 'Nashville Farmers Market',
      address: '900 Rosa L Parks Blvd',
      city: 'Nashville',
      state: 'TN',
      zip: '37208',
      time_zone: CENTRAL,
      booth: 'Stall 14',
      schedule: [{ weekday: start.weekday, start: hhmm(start.minutes), end: hhmm(Math.min(start.minutes + 60, 23 * 60 + 59)) }],
    },
  });
  expect(place.status(), await place.text()).toBe(201);
  const pointId = (await place.json()).point.id as number;
  const pickup = await (await request.get(`/api/pickup/producers/${producer.id}`)).json();
  const window = pickup.windows.find((w: { point_id: number }) => w.point_id === pointId);

  /** An order by a new shopper, accepted by the farm. */
  const accepted = async (name: string, items: { productId: number; quantity: number }[]) => {
    const shopper = await createUser(request, 'consumer');
    const placed = await request.post('/api/orders', {
      headers: { authorization: `Bearer ${shopper.token}` },
      data: { producerUserId: producer.id, items, pointId, startsAt: window.starts_at, shopperName: name },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const id = (await placed.json()).order.id as number;
    const moved = await request.post(`/api/orders/${id}/transitions`, { headers, data: { to: 'accepted' } });
    expect(moved.status(), await moved.text()).toBe(200);
    return id;
  };
  const dana = await accepted('Dana Booth', [
    { productId: chickenId, quantity: 1 },
    { productId: eggs, quantity: 1 },
  ]);
  const eli = await accepted('Eli Other', [{ productId: eggs, quantity: 1 }]);

  const now = await setServerClock(request, new Date(Date.parse(window.starts_at) + 60_000));
  const shots = process.env.BOOTH_SHOTS;
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.clock.install({ time: now });
  await signInBrowser(page, producer);
  await page.goto('/dashboard?tab=orders');

  // The day's pickups come first: the day's heading and its first card are above the requests.
  const day = page.getByRole('heading', { level: 2, name: /Pickup day: .*\(today\)/ });
  await expect(day).toBeVisible();
  await expect(page.getByTestId(`order-${dana}`)).toBeVisible();
  const requests = page.getByRole('heading', { level: 2, name: /Requests to answer/ });
  const y = async (locator: typeof day) => (await locator.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
  expect(await y(page.getByTestId(`order-${dana}`))).toBeLessThan(await y(requests));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  if (shots) {
    for (const [width, scheme] of [
      [390, 'light'],
      [390, 'dark'],
      [1280, 'light'],
      [1280, 'dark'],
    ] as const) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.emulateMedia({ colorScheme: scheme });
      // The theme follows the system's scheme as the page loads.
      await page.reload();
      await expect(page.getByTestId(`order-${dana}`)).toBeVisible();
      await page.screenshot({ path: `${shots}/booth-${width}-${scheme}.png` });
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload();
    await expect(page.getByTestId(`order-${dana}`)).toBeVisible();
  }
  await expectAccessible(page);
  // And in the dark scheme, which the page takes as it loads.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(page.getByTestId(`order-${dana}`)).toBeVisible();
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();

  // The search finds the shopper by name, then by order number.
  const search = page.getByRole('searchbox', { name: 'Find a shopper' });
  await search.fill('dana');
  await expect(page.getByTestId(`order-${eli}`)).toHaveCount(0);
  await search.fill(`#${eli}`);
  await expect(page.getByTestId(`order-${eli}`)).toBeVisible();
  await expect(page.getByTestId(`order-${dana}`)).toHaveCount(0);
  await search.fill('Dana');
  const card = page.getByTestId(`order-${dana}`);
  await expect(card).toBeVisible();

  // Weigh the chicken: 1.2 lb × $7.00 = $8.40, with the eggs $14.40.
  const pack = page
    .getByRole('group', { name: new RegExp(`Order #${dana} · Dana Booth · Whole chicken`) })
    .getByLabel('Pack 1 of 1 weight (lb)');
  await pack.fill('1.2');
  await pack.press('Enter');
  await expect(page.getByText('Weighed: $8.40')).toBeVisible();
  await expect(card.getByTestId('order-total')).toContainText('$14.40');

  // One step: the dialog shows the new total, saving records the payment and marks it picked up.
  await card.getByRole('button', { name: `Paid & picked up: order #${dana}, Dana Booth` }).click();
  const dialog = page.getByRole('dialog', { name: `Paid & picked up: order #${dana}, Dana Booth` });
  await expect(dialog.getByTestId('amount-to-pay')).toContainText('To pay: $14.40');
  await expect(dialog.getByLabel('Cash')).toHaveValue('14.40');
  if (shots) await page.screenshot({ path: `${shots}/booth-dialog-390-light.png` });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Save payment and mark picked up' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText(`Order #${dana}: payment recorded and picked up`)).toBeVisible();
  await expect(card.getByTestId('order-status')).toHaveText(/Picked up/);
  await expect(card.getByTestId(`payment-${dana}`)).toContainText('Cash $14.40');
  await context.close();
});
