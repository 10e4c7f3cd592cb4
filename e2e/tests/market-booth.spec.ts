import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { createUser, DEMO, type E2EUser, expectAccessible, loginAs, producerWithProduct, signInBrowser } from './helpers';

// Offline use: the service worker keeps the page openable without a network.
test.use({ serviceWorkers: 'allow' });

/**
 * A market day at the info booth on a 390 px phone (issue 48 items 3 and 4, decision 582): the
 * volunteer swipes a SNAP card and hands out the Double Dollars match the server grants; without
 * signal the phone keeps two more entries (the match estimated on the phone) and sends them once when
 * signal is back; then a vendor reports the day from its phone, starting from its register's figures.
 */

const auth = (user: { token: string }) => ({ authorization: `Bearer ${user.token}` });
const ZONE = 'America/New_York';

/** A market open every day of this year (so today is a market day), matching Kentucky Double Dollars ($20 cap, $2 tokens). */
async function marketWithStaff(request: APIRequestContext) {
  const admin = await loginAs(request, DEMO.admin.email, DEMO.admin.password);
  const year = new Date().getFullYear();
  const name = `Booth Market ${Date.now()}-${process.pid}`;
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
      marketDays: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opens: '00:00', closes: '23:59' })),
      incentiveId: 'ky_double_dollars',
      boothWic: true,
    },
  });
  expect(made.status(), await made.text()).toBeLessThan(300);
  const market = (await made.json()) as { id: number; name: string };
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
  return { market, manager, volunteer };
}

/** An approved vendor with its market place linked, and a cash sale at that place today from its register. */
async function vendorWithSale(request: APIRequestContext, marketId: number, manager: E2EUser) {
  const { producer, productId } = await producerWithProduct(request);
  const place = await request.post('/api/pickup/mine/points', {
    headers: auth(producer),
    data: {
      kind: 'market',
      name: 'Saturday market booth',
      address: '401 W Main St',
      city: 'Lexington',
      state: 'KY',
      zip: '40507',
      time_zone: ZONE,
      schedule: [{ weekday: 6, start: '07:00', end: '12:00' }],
      incentive_market: null,
    },
  });
  expect(place.status(), await place.text()).toBe(201);
  const pointId = ((await place.json()) as { point: { id: number } }).point.id;
  const applied = await request.post(`/api/markets/${marketId}/apply`, { headers: auth(producer), data: { pointId } });
  expect(applied.ok(), await applied.text()).toBeTruthy();
  const approved = await request.post(`/api/markets/${marketId}/vendors/${producer.id}/decision`, {
    headers: auth(manager),
    data: { decision: 'approve' },
  });
  expect(approved.ok(), await approved.text()).toBeTruthy();
  const linked = await request.put(`/api/markets/${marketId}/place`, { headers: auth(producer), data: { pointId } });
  expect(linked.ok(), await linked.text()).toBeTruthy();
  // Two dozen eggs at $6, cash, rung up at the market place: the register's $12.00 that day.
  const sold = await request.post('/api/stand/sync', {
    headers: auth(producer),
    data: {
      actions: [
        {
          id: crypto.randomUUID(),
          kind: 'sale',
          at: new Date().toISOString(),
          device: 'Phone 1',
          pointId,
          lines: [{ productId, variantId: null, quantity: 2, weights: null }],
          tenders: { cash: 1200 },
          receiptEmail: null,
        },
      ],
    },
  });
  expect(sold.ok(), await sold.text()).toBeTruthy();
  expect(((await sold.json()) as { results: { status: string }[] }).results[0].status).toBe('applied');
  return producer;
}

async function phone(browser: Browser, user: E2EUser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    // A phone at the market is in the market's zone: its "today" is the market's.
    timezoneId: ZONE,
  });
  const page = await context.newPage();
  await signInBrowser(page, user);
  return page;
}

async function swipe(page: Page, task: string, amount: string, lastFour: string | null) {
  await page.getByText(task, { exact: true }).tap();
  await page.getByLabel('Amount ($)').fill(amount);
  if (lastFour !== null) await page.getByLabel('Card’s last four digits').fill(lastFour);
}

test('the booth records a SNAP swipe with its match online, two entries offline sent once, and a vendor reports the day from its register', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const { market, manager, volunteer } = await marketWithStaff(request);
  const producer = await vendorWithSale(request, market.id, manager);

  const booth = await phone(browser, volunteer);
  await booth.goto(`/market-office/${market.id}/booth`);
  await expect(booth.getByRole('heading', { name: market.name, level: 1 })).toBeVisible({ timeout: 30_000 });
  // The worker controls the page: the booth opens again without a network.
  await booth.waitForFunction(async () => Boolean((await navigator.serviceWorker.ready).active), undefined, { timeout: 60_000 });
  await booth.reload();
  await booth.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  await expect(booth.getByTestId('booth-status')).toContainText('Online');

  // Online: a $20 SNAP swipe; the server grants the whole $20 match (the cap is $20 a day).
  await swipe(booth, 'SNAP swipe', '20', '4321');
  await booth.getByRole('button', { name: 'Record SNAP swipe' }).tap();
  await expect(booth.getByTestId('booth-last')).toContainText(
    'Recorded: hand out $20.00 SNAP tokens and $20.00 in Kentucky Double Dollars ($0.00 left of the cap today)',
  );
  await expect(booth.getByTestId('booth-totals').getByRole('row', { name: /^SNAP tokens/ })).toContainText('$20.00');
  await expectAccessible(booth);

  // Offline: another shopper's $6 SNAP swipe (the phone hands out a $6 match) and a $10 card swipe.
  await booth.context().setOffline(true);
  await expect(booth.getByTestId('booth-status')).toContainText('Offline');
  await swipe(booth, 'SNAP swipe', '6', '5678');
  await expect(booth.getByTestId('booth-match')).toContainText('Offline: hand out $6.00 in Kentucky Double Dollars');
  await booth.getByRole('button', { name: 'Record SNAP swipe' }).tap();
  await expect(booth.getByTestId('booth-last')).toContainText('Saved on this phone: hand out $6.00 SNAP tokens and $6.00');
  await swipe(booth, 'Card swipe', '10', null);
  await booth.getByRole('button', { name: 'Record card swipe' }).tap();
  await expect(booth.getByTestId('booth-waiting')).toHaveText('2 waiting');
  // A closed browser loses nothing: the booth reloads offline with its queue.
  await booth.reload();
  await expect(booth.getByTestId('booth-status')).toContainText('Offline');
  await expect(booth.getByTestId('booth-waiting')).toHaveText('2 waiting');
  await expectAccessible(booth);

  // Signal back: the queue is sent, once.
  await booth.context().setOffline(false);
  await expect(booth.getByTestId('booth-waiting')).toHaveText('0 waiting', { timeout: 60_000 });
  await expect(booth.getByTestId('booth-totals').getByRole('row', { name: /^Card tokens/ })).toContainText('$10.00');
  const day = await request.get(`/api/markets/${market.id}/booth/day`, { headers: auth(volunteer) });
  expect(day.ok(), await day.text()).toBeTruthy();
  const book = (await day.json()) as { entries: { currency: string; amountCents: number; matchCents: number }[] };
  expect(book.entries.map((e) => [e.currency, e.amountCents, e.matchCents])).toEqual([
    ['snap', 2000, 2000],
    ['snap', 600, 600],
    ['credit', 1000, 0],
  ]);
  await booth.context().close();

  // The vendor's phone: My markets, today's report, the register's figures, sent.
  const vendor = await phone(browser, producer);
  await vendor.goto('/farm/markets');
  await expect(vendor.getByRole('heading', { name: market.name })).toBeVisible();
  await expectAccessible(vendor);
  await vendor.getByRole('button', { name: 'Report this day' }).tap();
  await expect(vendor.getByRole('heading', { name: 'Market day report', level: 1 })).toBeVisible();
  await expect(vendor.getByTestId('report-register')).toContainText('Sales $12.00');
  await vendor.getByLabel('Sales ($)').fill('0');
  await vendor.getByRole('button', { name: 'Use the register’s figures' }).tap();
  await expect(vendor.getByLabel('Sales ($)')).toHaveValue('12.00');
  await expectAccessible(vendor);
  await vendor.getByRole('button', { name: 'Send the day’s report' }).tap();
  await expect(vendor.getByRole('status').filter({ hasText: 'Report sent to the market.' })).toBeVisible();
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
  const report = await request.get(`/api/markets/${market.id}/report/${date}`, { headers: auth(producer) });
  expect(report.ok(), await report.text()).toBeTruthy();
  expect(await report.json()).toMatchObject({ source: 'vendor', attended: true, salesCents: 1200 });
  await vendor.context().close();
});
