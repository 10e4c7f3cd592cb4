import { type APIRequestContext, expect, test } from '@playwright/test';
import { createUser, expectAccessible, hhmm, placeClock, producerWithProduct, setServerClock, signInBrowser } from './helpers';

const CENTRAL = 'America/Chicago';

const centralTime = (at: Date) => placeClock(at, CENTRAL);
const HOUR = 3_600_000;

/** An order by a new shopper for the window, accepted and marked ready by the producer (API). */
async function readyOrder(
  request: APIRequestContext,
  farm: { id: number; token: string },
  productId: number,
  pointId: number,
  startsAt: string,
  name: string,
) {
  const shopper = await createUser(request, 'consumer');
  const placed = await request.post('/api/orders', {
    headers: { authorization: `Bearer ${shopper.token}` },
    data: { producerUserId: farm.id, items: [{ productId, quantity: 1 }], pointId, startsAt, shopperName: name },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const id = (await placed.json()).order.id as number;
  for (const to of ['accepted', 'ready']) {
    const moved = await request.post(`/api/orders/${id}/transitions`, {
      headers: { authorization: `Bearer ${farm.token}` },
      data: { to },
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  return id;
}

// The server's clock is back on the system's after the test, whatever happened in it.
test.afterEach(async ({ request }) => {
  await setServerClock(request, null);
});

test('a producer at a Central-time market closes the day by keyboard with one no-show (390 px)', async ({ browser, request }) => {
  // The market starts at the top of the hour after next (Central time is a whole number of hours
  // from UTC, so that is a top of the hour there too): orders go in now, before its start (orders
  // close at its start); then the server's clock and the page's are moved to just after its start,
  // when the no-show can be ticked, instead of waiting for it.
  const start = centralTime(new Date((Math.floor(Date.now() / HOUR) + 2) * HOUR));
  const { producer, productId } = await producerWithProduct(request, { farm: 'Cumberland Bend' });
  const headers = { authorization: `Bearer ${producer.token}` };
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
  const window = pickup.windows.find((w: { point_id: number; time_zone: string }) => w.point_id === pointId);
  expect(window.time_zone).toBe(CENTRAL);
  const came = await readyOrder(request, producer, productId, pointId, window.starts_at, 'Dana Came');
  const missed = await readyOrder(request, producer, productId, pointId, window.starts_at, 'Eli Missed');

  // The market has started: the no-show can be marked. The server's clock and the phone's read a
  // minute past its start.
  const now = await setServerClock(request, new Date(Date.parse(window.starts_at) + 60_000));

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.clock.install({ time: now });
  await signInBrowser(page, producer);
  await page.goto('/dashboard?tab=orders');
  await expect(page.getByRole('heading', { level: 2, name: /Pickup day: .*\(today\)/ })).toBeVisible();
  await expect(page.getByTestId(`order-${came}`)).toBeVisible();
  await expect(page.getByTestId(`order-${missed}`)).toBeVisible();
  await expectAccessible(page);
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // By keyboard: focus the action, open the dialog, tick the no-show, close the day.
  const close = page.getByRole('button', { name: 'Close the day (2 orders open)' });
  await close.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /^Close / });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  const noShow = dialog.getByRole('checkbox', { name: new RegExp(`Order #${missed} · Eli Missed`) });
  await expect(noShow).toBeEnabled();
  while (!(await noShow.evaluate((el) => el === document.activeElement))) await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(noShow).toBeChecked();
  const confirm = dialog.getByRole('button', { name: 'Close the day: 1 picked up, 1 no-show' });
  while (!(await confirm.evaluate((el) => el === document.activeElement))) await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');

  await expect(page.getByRole('status').filter({ hasText: /^Closed / })).toHaveText(/1 order picked up, 1 no-show/);
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId(`order-${came}`).getByTestId('order-status')).toHaveText(/Picked up/);
  await expect(page.getByTestId(`order-${missed}`).getByTestId('order-status')).toHaveText(/No-show/);
  await expect(page.getByRole('button', { name: /Close the day/ })).toHaveCount(0);
  await context.close();
});
