import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { createUser, type E2EUser, expectAccessible, signInBrowser } from './helpers';

/** A producer with a farm profile and two products (made through the API); the pickup is set in the browser. */
async function farmWithTwoProducts(request: APIRequestContext) {
  const producer = await createUser(request, 'producer');
  const headers = { authorization: `Bearer ${producer.token}` };
  const farmName = `Saturday Farm ${producer.id}`;
  const profile = await request.post('/api/producers', {
    headers,
    data: { farm_name: farmName, address: '12 Ridge Road', city: 'Lexington', state: 'KY', zip: '40507', phone: '8595550100' },
  });
  expect(profile.status()).toBe(201);
  const ids: number[] = [];
  for (const product of [
    { name: 'Pasture Eggs', category: 'eggs', price: 6, price_unit: 'dozen', stock_quantity: 20 },
    { name: 'Country Sourdough', category: 'bread', price: 8, price_unit: 'loaf', stock_quantity: 10 },
  ]) {
    const res = await request.post('/api/products', { headers, data: { ...product, availability: 'available' } });
    expect(res.status()).toBe(201);
    ids.push((await res.json()).product_id);
  }
  return { producer, farmName, ids };
}

async function pageFor(browser: Browser, user: E2EUser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInBrowser(page, user);
  return page;
}

/** Reserve from the product page: choose the quantity, press Reserve. */
async function reserve(page: Page, productId: number, quantity: number) {
  await page.goto(`/product/${productId}`);
  await page.getByLabel('Quantity to reserve').selectOption(String(quantity));
  await page.getByRole('button', { name: /^Add to basket · / }).click();
  await expect(page.getByText(/added to your basket/).first()).toBeVisible();
}

test('a producer sets a market pickup; a shopper reserves two products for Saturday; accept and ready arrive live; the pick list totals them', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { producer, farmName, ids } = await farmWithTwoProducts(request);
  const shopper = await createUser(request, 'consumer');

  // The producer sets a Saturday market on /profile (Pickup & Orders tab).
  const farm = await pageFor(browser, producer);
  await farm.goto('/profile?tab=pickup');
  await farm.getByRole('button', { name: 'Add pickup place' }).click();
  const form = farm.getByRole('form', { name: 'New pickup place' });
  await form.getByLabel('Kind').selectOption('market');
  await form.getByLabel('Name').fill('Lexington Farmers Market');
  await form.getByLabel('Address').fill('401 W Main St');
  await form.getByLabel('City').fill('Lexington');
  await form.getByLabel('ZIP code').fill('40507');
  await form.getByLabel('Day', { exact: true }).selectOption('6');
  await form.getByLabel('From').fill('09:00');
  await form.getByLabel('Until').fill('12:00');
  await form.getByRole('button', { name: 'Add place' }).click();
  await expect(farm.getByText('Pickup place added')).toBeVisible();
  await expect(farm.getByText('Saturday 9:00 AM – 12:00 PM')).toBeVisible();
  await expectAccessible(farm);

  // The shopper reserves two products and checks out for Saturday.
  const shop = await pageFor(browser, shopper);
  await reserve(shop, ids[0], 2);
  await reserve(shop, ids[1], 1);
  await shop.getByRole('link', { name: 'Checkout · basket of 3 items' }).click();
  await expect(shop.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await shop
    .getByRole('radio', { name: /^Sat, .*Lexington Farmers Market/ })
    .first()
    .check();
  await shop.getByLabel('Name for pickup').fill('Dana Shopper');
  await shop.getByLabel('Note for the producer (optional)').fill('Coming by bike');
  await expect(shop.getByTestId('checkout-total')).toHaveText('$20.00');
  await expect(shop.getByText('Pay the producer at pickup').last()).toBeVisible();
  await expectAccessible(shop);
  await shop.getByRole('button', { name: 'Place reservation' }).click();
  await expect(shop).toHaveURL(/\/orders\?order=\d+/);
  const orderId = Number(new URL(shop.url()).searchParams.get('order'));
  const card = shop.getByTestId(`order-${orderId}`);
  await expect(card.getByTestId('order-status')).toHaveText('Requested');

  // The producer sees the request live and accepts it; the shopper sees each step without reloading.
  await farm.goto('/dashboard?tab=orders');
  const request_ = farm.getByTestId(`order-${orderId}`);
  await expect(request_).toContainText('Dana Shopper');
  await request_.getByRole('button', { name: 'Accept' }).click();
  await expect(card.getByTestId('order-status')).toHaveText('Accepted');
  await expect(shop.getByText(`Order #${orderId} from ${farmName} accepted`)).toBeVisible();
  await farm.getByTestId(`order-${orderId}`).getByRole('button', { name: 'Mark ready' }).click();
  await expect(card.getByTestId('order-status')).toHaveText('Ready for pickup');
  await expect(shop.getByText(`Order #${orderId} from ${farmName} is ready`)).toBeVisible();

  // The pick list totals the day per product, and prints on one page (A4 and Letter).
  const pickList = farm.getByRole('region', { name: /^Pick list/ });
  await expect(pickList.getByRole('row', { name: /Pasture Eggs 2 dozen/ })).toBeVisible();
  await expect(pickList.getByRole('row', { name: /Country Sourdough 1 loaf/ })).toBeVisible();
  const daySheet = farm.getByRole('region', { name: /^Day sheet/ });
  await expect(daySheet).toContainText('Dana Shopper');
  await expect(daySheet).toContainText('2 dozen Pasture Eggs, 1 loaf Country Sourdough');
  await expectAccessible(farm);
  await farm.evaluate(() => {
    window.print = () => undefined;
  });
  for (const button of ['Print pick list', 'Print day sheet']) {
    for (const format of ['A4', 'Letter'] as const) {
      // Printing marks the chosen sheet; Chromium's PDF run fires afterprint, which unmarks it again.
      await farm.getByRole('button', { name: button }).click();
      await farm.emulateMedia({ media: 'print' });
      const pdf = (await farm.pdf({ format })).toString('latin1');
      expect(pdf.match(/\/Type\s*\/Page[^s]/g), `${button} on ${format}`).toHaveLength(1);
      // A blank page is under 1 kB; the sheet's text and font make it several.
      expect(pdf.length, `${button} on ${format}`).toBeGreaterThan(3000);
      await farm.emulateMedia({ media: 'screen' });
    }
  }
  await farm.context().close();
  await shop.context().close();
});
