import { expect, test } from '@playwright/test';
import { createUser, expectAccessible, signInBrowser } from './helpers';

// Offline use: the service worker keeps the page openable without a network.
test.use({ serviceWorkers: 'allow' });

/**
 * A receipt by text link (issue 47 item 1, decision 580): a sale made on a phone without signal
 * gives its link at once; the link says to check back until the phone has synced, then shows the
 * receipt to anyone with it, signed out.
 */
test('a sale made offline gives a text receipt link that shows the receipt, signed out, once the phone has synced', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const producer = await createUser(request, 'producer');
  const headers = { authorization: `Bearer ${producer.token}` };
  const farmName = `Receipt Farm ${producer.id}`;
  const profile = await request.post('/api/producers', {
    headers,
    data: { farm_name: farmName, address: '12 Ridge Road', city: 'Lexington', state: 'KY', zip: '40507' },
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
  for (const [name, category, price] of [
    ['Tomatoes', 'produce', 3],
    ['Honey', 'honey', 12],
  ] as const) {
    const made = await request.post('/api/products', {
      headers,
      data: { name, category, price, price_unit: 'each', availability: 'available', stock_quantity: 50 },
    });
    expect(made.status(), await made.text()).toBe(201);
  }

  const baseURL = test.info().project.use.baseURL;
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, hasTouch: true });
  const page = await phone.newPage();
  await signInBrowser(page, producer);
  await page.goto('/stand');
  await expect(page.getByRole('button', { name: /^Tomatoes/ })).toBeVisible({ timeout: 30_000 });

  await phone.setOffline(true);
  await page.getByRole('button', { name: /^Tomatoes/ }).tap();
  await page.getByRole('button', { name: /^Honey/ }).tap();
  await page
    .getByRole('button', { name: /^Pay \$15\.00/ })
    .filter({ visible: true })
    .tap();
  await page.getByRole('button', { name: 'Cash exact' }).tap();
  await page.getByRole('button', { name: 'Done' }).tap();
  await page.getByRole('button', { name: 'Text receipt' }).tap();
  const panel = page.getByRole('region', { name: 'Text receipt' });
  const link = (await panel.getByText(/\/receipt\//).textContent())?.trim() ?? '';
  expect(link).toMatch(/\/receipt\/[0-9a-f-]{36}$/);
  expect(await panel.getByRole('link', { name: 'Send by text' }).getAttribute('href')).toBe(
    `sms:?body=${encodeURIComponent(`Your receipt from ${farmName}: ${link}`)}`,
  );
  await expect(page.getByTestId('stand-waiting')).toHaveText('1 waiting');

  // The buyer opens it before the phone has synced: signed out, in a browser of their own.
  const buyer = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const receipt = await buyer.newPage();
  await receipt.goto(link);
  await expect(receipt.getByText('This receipt will appear once the farm’s phone has synced; check back later')).toBeVisible();

  await phone.setOffline(false);
  await expect(page.getByTestId('stand-waiting')).toHaveText('0 waiting', { timeout: 60_000 });
  await receipt.reload();
  await expect(receipt.getByRole('heading', { level: 1, name: farmName })).toBeVisible();
  await expect(receipt.getByTestId('receipt-total')).toContainText('$15.00');
  await expect(receipt.getByText('1 × Honey')).toBeVisible();
  expect(await receipt.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  await expectAccessible(receipt);
  await buyer.close();
  await phone.close();
});
