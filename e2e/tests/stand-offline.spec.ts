import { type APIRequestContext, type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { createUser, expectAccessible, signInBrowser } from './helpers';

// Offline use: the service worker keeps the page openable without a network.
test.use({ serviceWorkers: 'allow' });

/** "$1,234.56" from cents, as the app writes money. */
function formatUsd(cents: number) {
  const digits = String(cents).padStart(3, '0');
  return `$${Number(digits.slice(0, -2)).toLocaleString('en-US')}.${digits.slice(-2)}`;
}

/**
 * Stand mode (issue 47, decision 577): two phones of one farm sell a market day without signal,
 * then reconnect; the server's books, stock and tender totals equal what the phones did, exactly.
 */

type Farm = { token: string; headers: { authorization: string }; products: Record<string, number> };

async function standFarm(request: APIRequestContext): Promise<Farm> {
  const producer = await createUser(request, 'producer');
  const headers = { authorization: `Bearer ${producer.token}` };
  const profile = await request.post('/api/producers', {
    headers,
    data: { farm_name: `Stand Farm ${producer.id}`, address: '12 Ridge Road', city: 'Lexington', state: 'KY', zip: '40507' },
  });
  expect(profile.status(), await profile.text()).toBe(201);
  const place = await request.post('/api/pickup/mine/points', {
    headers,
    data: {
      kind: 'farm',
      name: 'Ridge Road farm stand',
      address: '12 Ridge Road',
      city: 'Lexington',
      state: 'KY',
      zip: '40507',
      time_zone: 'America/New_York',
      schedule: [{ weekday: 1, start: '09:00', end: '12:00' }],
      incentive_market: null,
    },
  });
  expect(place.status(), await place.text()).toBe(201);
  const products: Record<string, number> = {};
  for (const [name, category, price, stock] of [
    ['Tomatoes', 'produce', 3, 1000],
    ['Honey', 'honey', 12, 1000],
    ['Duck eggs', 'eggs', 7, 6],
  ] as const) {
    const made = await request.post('/api/products', {
      headers,
      data: { name, category, price, price_unit: 'each', availability: 'available', stock_quantity: stock },
    });
    expect(made.status(), await made.text()).toBe(201);
    products[name] = (await made.json()).product_id as number;
  }
  return { token: producer.token, headers, products };
}

async function phone(browser: Browser, farm: Farm, device: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
  });
  const page = await context.newPage();
  await signInBrowser(page, { token: farm.token });
  await page.addInitScript((name) => window.localStorage.setItem('farmstand.standDevice', name), device);
  await page.goto('/stand');
  await expect(page.getByRole('button', { name: /^Tomatoes/ })).toBeVisible({ timeout: 30_000 });
  // The worker controls the page: /stand opens again without a network.
  await page.waitForFunction(async () => Boolean((await navigator.serviceWorker.ready).active), undefined, { timeout: 60_000 });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: /^Tomatoes/ })).toBeVisible();
  return { context, page };
}

const waiting = (page: Page) => page.getByTestId('stand-waiting');

/** A three-item cash sale through the screen: tile, tile, tile, Pay, Cash exact, Done. */
async function sellThreeByHand(page: Page, tiles: [RegExp, RegExp, RegExp]) {
  for (const tile of tiles) await page.getByRole('button', { name: tile }).tap();
  await page
    .getByRole('button', { name: /^Pay \$/ })
    .filter({ visible: true })
    .tap();
  await page.getByRole('button', { name: 'Cash exact' }).tap();
  await page.getByRole('button', { name: 'Done' }).tap();
  await expect(page.getByRole('status').filter({ hasText: 'Sale saved on this phone' })).toBeVisible();
}

type Bulk = { productId: number; quantity: number; priceCents: number; tender: 'cash' | 'card' };

/** The bulk of the day through the app's own queue (the same function the Done button calls). */
async function sellInBulk(page: Page, device: string, sales: Bulk[]): Promise<string[]> {
  return page.evaluate(
    async ({ device, sales }) => {
      const stand = (window as unknown as { farmstandStand: { record: (a: unknown) => Promise<{ id: string }> } }).farmstandStand;
      const ids: string[] = [];
      for (const sale of sales) {
        const action = await stand.record({
          id: crypto.randomUUID(),
          kind: 'sale',
          at: new Date().toISOString(),
          device,
          lines: [{ productId: sale.productId, variantId: null, quantity: sale.quantity, weights: null }],
          tenders: { [sale.tender]: sale.priceCents * sale.quantity },
          receiptEmail: null,
        });
        ids.push(action.id);
      }
      return ids;
    },
    { device, sales },
  );
}

test('two phones sell a market day offline; after reconnecting the server has every sale once, the stock and the tender totals', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const farm = await standFarm(request);
  const a = await phone(browser, farm, 'Phone 1');
  const b = await phone(browser, farm, 'Phone 2');
  await a.context.setOffline(true);
  await b.context.setOffline(true);
  await expect(a.page.getByTestId('stand-status')).toContainText('Offline');

  // By hand: 3 sales of 3 items on each phone (Tomatoes $3 + Honey $12 + Duck eggs $7 = $22 cash).
  const byHand: [RegExp, RegExp, RegExp] = [/^Tomatoes/, /^Honey/, /^Duck eggs/];
  for (let i = 0; i < 3; i++) {
    await sellThreeByHand(a.page, byHand);
    await sellThreeByHand(b.page, byHand);
  }
  // Both phones sold 3 of the 6 duck eggs; each now sells 2 more: 10 sold of 6, an oversell of 4.
  const day = (offset: number): Bulk[] =>
    Array.from({ length: 147 }, (_, i) => {
      if (i < 2) return { productId: farm.products['Duck eggs'], quantity: 1, priceCents: 700, tender: 'cash' };
      const honey = (i + offset) % 3 === 0;
      return {
        productId: honey ? farm.products.Honey : farm.products.Tomatoes,
        quantity: 1 + (i % 2),
        priceCents: honey ? 1200 : 300,
        tender: i % 4 === 0 ? 'card' : 'cash',
      };
    });
  const dayA = day(0);
  const dayB = day(1);
  await sellInBulk(a.page, 'Phone 1', dayA);
  const idsB = await sellInBulk(b.page, 'Phone 2', dayB);
  await expect(waiting(a.page)).toHaveText('150 waiting');
  await expect(waiting(b.page)).toHaveText('150 waiting');
  await expect(a.page.getByRole('button', { name: /^Duck eggs/ })).toContainText('1 left');

  // A closed or crashed browser loses nothing: the phone reloads offline with its queue.
  await a.page.reload();
  await expect(waiting(a.page)).toHaveText('150 waiting');
  await expect(a.page.getByTestId('stand-status')).toContainText('Offline');

  await a.context.setOffline(false);
  await b.context.setOffline(false);
  await expect(waiting(a.page)).toHaveText('0 waiting', { timeout: 120_000 });
  await expect(waiting(b.page)).toHaveText('0 waiting', { timeout: 120_000 });

  // The oversell is flagged to the farmer by whichever phone's sync found no stock left.
  const flagged = async () =>
    (await a.page.getByText(/more than was left/).count()) + (await b.page.getByText(/more than was left/).count());
  await expect.poll(flagged).toBeGreaterThan(0);

  // The server's books equal the actions, to the cent.
  const all = [...dayA, ...dayB];
  const handCents = 6 * 2200;
  const cash = handCents + all.filter((s) => s.tender === 'cash').reduce((sum, s) => sum + s.priceCents * s.quantity, 0);
  const card = all.filter((s) => s.tender === 'card').reduce((sum, s) => sum + s.priceCents * s.quantity, 0);
  // The farm's monthly ledger lists every order handed over with its tenders: the walk-up sales among them.
  const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit' })
    .format(new Date())
    .slice(0, 7);
  const ledgerOf = async () => {
    const answer = await request.get('/api/benefits/ledger', { headers: farm.headers, params: { month } });
    expect(answer.status(), await answer.text()).toBe(200);
    return (await answer.json()) as {
      rows: { kind: string; cents: number }[];
      orders: { order_id: number; shopper: string; tenders: Record<string, number>; total_cents: number }[];
    };
  };
  const ledger = await ledgerOf();
  const walkUps = ledger.orders.filter((o) => o.shopper.startsWith('Walk-up sale'));
  expect(walkUps).toHaveLength(300);
  expect(new Set(walkUps.map((o) => o.order_id)).size).toBe(300);
  expect(walkUps.filter((o) => o.shopper.includes('Phone 1'))).toHaveLength(150);
  expect(walkUps.reduce((sum, o) => sum + o.total_cents, 0)).toBe(cash + card);
  const tender = (kind: string) => ledger.rows.filter((r) => r.kind === kind).reduce((sum, r) => sum + r.cents, 0);
  expect(tender('cash')).toBe(cash);
  expect(tender('card')).toBe(card);

  // The day's books on the phone say the same: the cash that should be in the box, and the card.
  await a.page.getByRole('link', { name: 'Today’s books' }).click();
  await expect(a.page.getByTestId('stand-day-cash-in-the-box')).toHaveText(formatUsd(cash));
  await expect(a.page.getByRole('row', { name: /^Card/ })).toContainText(formatUsd(card));

  // Stock: each product less what the phones sold; the oversold eggs at 0.
  const sold = (id: number) => all.filter((s) => s.productId === id).reduce((sum, s) => sum + s.quantity, 0) + 6;
  for (const [name, start] of [
    ['Tomatoes', 1000],
    ['Honey', 1000],
  ] as const) {
    const product = await request.get(`/api/products/${farm.products[name]}`, { headers: farm.headers });
    expect((await product.json()).product.stock_quantity, name).toBe(start - sold(farm.products[name]));
  }
  const eggs = await request.get(`/api/products/${farm.products['Duck eggs']}`, { headers: farm.headers });
  expect((await eggs.json()).product.stock_quantity).toBe(0);

  // Sent again (a phone that never heard the answer): each id is applied once, nothing more is written.
  const again = await request.post('/api/stand/sync', {
    headers: farm.headers,
    data: {
      actions: idsB.slice(0, 5).map((id, i) => ({
        id,
        kind: 'sale',
        at: new Date().toISOString(),
        device: 'Phone 2',
        lines: [{ productId: dayB[i].productId, variantId: null, quantity: dayB[i].quantity, weights: null }],
        tenders: { [dayB[i].tender]: dayB[i].priceCents * dayB[i].quantity },
        receiptEmail: null,
      })),
    },
  });
  expect(again.status(), await again.text()).toBe(200);
  expect(((await again.json()).results as { duplicate: boolean }[]).every((r) => r.duplicate)).toBe(true);
  expect((await ledgerOf()).orders.filter((o) => o.shopper.startsWith('Walk-up sale'))).toHaveLength(300);

  await a.context.close();
  await b.context.close();
});

test('the register at 390 px works by keyboard and by touch and passes axe in light and dark', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const farm = await standFarm(request);
  for (const dark of [false, true]) {
    const context = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      viewport: { width: 390, height: 844 },
      hasTouch: true,
    });
    const page = await context.newPage();
    await signInBrowser(page, { token: farm.token });
    await page.addInitScript((isDark) => window.localStorage.setItem('darkMode', String(isDark)), dark);
    await page.goto('/stand');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Stand Farm');
    await expect(page.getByRole('button', { name: /^Tomatoes/ })).toBeVisible({ timeout: 30_000 });
    await expectAccessible(page);

    // Keyboard: search, a tile, Pay, Cash exact, Done.
    const search = page.getByPlaceholder('Search products');
    await search.focus();
    await page.keyboard.type('hon');
    await expect(page.getByRole('button', { name: /^Tomatoes/ })).toBeHidden();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: /^Honey/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    const pay = page.getByRole('button', { name: /^Pay \$24\.00/ }).filter({ visible: true });
    await pay.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('stand-total')).toHaveText('$24.00');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Cash exact' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Done' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Sale saved on this phone' })).toBeVisible();

    // Touch: a tile, the basket's +, Pay, Cash exact, Done.
    await page.getByRole('button', { name: /^Tomatoes/ }).tap();
    await page.getByRole('button', { name: 'One more Tomatoes' }).tap();
    await page
      .getByRole('button', { name: /^Pay \$6\.00/ })
      .filter({ visible: true })
      .tap();
    await page.getByRole('button', { name: 'Cash exact' }).tap();
    await page.getByRole('button', { name: 'Done' }).tap();
    await expect(page.getByRole('status').filter({ hasText: 'Sale saved on this phone' })).toBeVisible();
    await expect(page.getByTestId('stand-waiting')).toHaveText('0 waiting', { timeout: 30_000 });

    await page.getByRole('tab', { name: 'Sync' }).click();
    await expect(page.getByRole('heading', { name: 'Needs attention (0)' })).toBeVisible();
    await expectAccessible(page);
    await context.close();
  }
});

test('an unattended stand sells on its own: honour-box cash is recorded for the farm, and the staff tools open only with the PIN', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const farm = await standFarm(request);
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  await signInBrowser(page, { token: farm.token });
  await page.goto('/stand');
  await page.getByRole('tab', { name: 'Sync' }).click();
  await page.getByLabel('Message to shoppers').fill('Honour box by the door. Thank you!');
  await page.getByLabel('Your card payment link (optional)').fill('http://pay.example');
  await page.getByLabel(/Staff PIN/).fill('4821');
  await page.getByRole('button', { name: 'Start self-checkout on this device' }).click();
  await expect(page.getByText('The card link must start with https://')).toBeVisible();
  await page.getByLabel('Your card payment link (optional)').fill('https://pay.example/farm');
  await page.getByRole('button', { name: 'Start self-checkout on this device' }).click();

  await expect(page).toHaveURL(/\/stand\/self$/);
  await expect(page.getByText('Honour box by the door. Thank you!')).toBeVisible();
  // No site header or menus: a shopper cannot reach the farm's account from here.
  await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await page.getByRole('button', { name: /^Honey/ }).click();
  await page
    .getByRole('button', { name: /^Pay \$12\.00/ })
    .filter({ visible: true })
    .click();
  await expect(page.getByRole('button', { name: 'I have paid by card' })).toBeDisabled();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'I put $12.00 in the honour box' }).click();
  await expect(page.getByText('Thank you! Your purchase is recorded.')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Staff' }).click();
  await page.getByLabel('PIN', { exact: true }).fill('1111');
  await page.getByRole('button', { name: 'Open staff tools' }).click();
  await expect(page.getByText('That is not the PIN set on this device')).toBeVisible();
  await page.getByLabel('PIN', { exact: true }).fill('4821');
  await page.getByRole('button', { name: 'Open staff tools' }).click();
  await expect(page).toHaveURL(/\/stand$/);
  await expect(page.getByTestId('stand-waiting')).toHaveText('0 waiting', { timeout: 30_000 });
  const honey = await request.get(`/api/products/${farm.products.Honey}`, { headers: farm.headers });
  expect((await honey.json()).product.stock_quantity).toBe(999);
  await context.close();
});
