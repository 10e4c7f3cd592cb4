import { expect, test } from '@playwright/test';
import { createUser, expectAccessible, signInBrowser } from './helpers';

/** Tomorrow's weekday (0 = Sunday) in Kentucky's Eastern time: the market's day, always ahead. */
function tomorrowWeekday(): number {
  const tomorrow = new Date(Date.now() + 86_400_000);
  const day = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', weekday: 'short' }).format(tomorrow);
  return ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(day);
}

test('a producer sells ribeye by weight in three pack sizes; a shopper reserves two packs; the producer weighs them by keyboard on a phone; the shopper sees the final total live', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const producer = await createUser(request, 'producer');
  const headers = { authorization: `Bearer ${producer.token}` };
  const farmName = `Paint Lick Beef ${producer.id}`;
  expect(
    (
      await request.post('/api/producers', {
        headers,
        data: { farm_name: farmName, address: '12 Ridge Road', city: 'Lexington', state: 'KY', zip: '40507' },
      })
    ).status(),
  ).toBe(201);
  const product = await request.post('/api/products', {
    headers,
    data: {
      name: 'Grass-fed ribeye',
      category: 'meat',
      availability: 'available',
      inspection: 'usda',
      establishment_number: 'EST. 45678',
      variants: [
        { name: 'Single steak', price: 18.99, weight_unit: 'lb', pack_min: 0.75, pack_max: 1, stock_quantity: 10 },
        { name: 'Pair', price: 18.99, weight_unit: 'lb', pack_min: 1.3, pack_max: 1.6, stock_quantity: 10 },
        { name: 'Family pack', price: 17.99, weight_unit: 'lb', pack_min: 2.5, pack_max: 3, stock_quantity: 4 },
      ],
    },
  });
  expect(product.status(), await product.text()).toBe(201);
  const productId = (await product.json()).product_id as number;
  expect(
    (await request.put('/api/pickup/mine/settings', { headers, data: { cutoff_hours: 0, cap_per_window: null } })).status(),
  ).toBe(200);
  const place = await request.post('/api/pickup/mine/points', {
    headers,
    data: {
      kind: 'market',
      name: 'Lexington Farmers Market',
      address: '401 W Main St',
      city: 'Lexington',
      state: 'KY',
      zip: '40507',
      schedule: [{ weekday: tomorrowWeekday(), start: '09:00', end: '12:00' }],
    },
  });
  expect(place.status(), await place.text()).toBe(201);

  // The shopper chooses the pair pack, two of them, and checks out: the total is an estimate.
  const shopper = await createUser(request, 'consumer');
  const shopContext = await browser.newContext();
  const shop = await shopContext.newPage();
  await signInBrowser(shop, shopper);
  await shop.goto(`/product/${productId}`);
  await expect(shop.getByText(/from \$17\.99/).first()).toBeVisible();
  await shop.getByRole('radio', { name: /Pair/ }).check();
  await shop.getByLabel('Quantity to reserve').selectOption('2');
  await shop.getByRole('button', { name: /^Add to basket · / }).click();
  await expect(shop.getByText(/added to your basket/).first()).toBeVisible();
  await shop.getByRole('link', { name: 'Checkout · basket of 2 items' }).click();
  await expect(shop.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await shop
    .getByRole('radio', { name: /Lexington Farmers Market/ })
    .first()
    .check();
  await shop.getByLabel('Name for pickup').fill('Dana Shopper');
  await expect(shop.getByTestId('checkout-total')).toContainText('≈');
  await expect(shop.getByText('Final price after weighing, paid at pickup').first()).toBeVisible();
  await expectAccessible(shop);
  await shop.getByRole('button', { name: 'Place reservation' }).click();
  await expect(shop).toHaveURL(/\/orders\?order=\d+/);
  const orderId = Number(new URL(shop.url()).searchParams.get('order'));
  const card = shop.getByTestId(`order-${orderId}`);
  // 1.3–1.6 lb at $18.99/lb: each pack ≈ $27.54, two ≈ $55.08 ($49.38–$60.76).
  await expect(card.getByTestId('order-total')).toHaveText('Estimated total≈ $55.08 ($49.38–$60.76)');

  const placed = await (
    await request.get(`/api/orders/${orderId}`, { headers: { authorization: `Bearer ${shopper.token}` } })
  ).json();
  const date = placed.order.window.date as string;
  const accepted = await request.post(`/api/orders/${orderId}/transitions`, { headers, data: { to: 'accepted' } });
  expect(accepted.status(), await accepted.text()).toBe(200);

  // The producer weighs both packs on a phone, by keyboard only.
  const farmContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const farm = await farmContext.newPage();
  await signInBrowser(farm, producer);
  await farm.goto(`/dashboard?tab=orders&date=${date}`);
  const line = farm.getByRole('group', { name: `Order #${orderId} · Dana Shopper · Grass-fed ribeye (Pair)` });
  await expect(line).toBeVisible();
  await expect(line).toContainText('2 packs of 1.3–1.6 lb at $18.99/lb');
  const first = line.getByLabel('Pack 1 of 2 weight (lb)');
  await first.focus();
  await farm.keyboard.type('1.42');
  await farm.keyboard.press('Tab');
  await expect(line.getByLabel('Pack 2 of 2 weight (lb)')).toBeFocused();
  await farm.keyboard.type('1.51');
  await farm.keyboard.press('Tab');
  // 1.42 × $18.99 = $26.97 and 1.51 × $18.99 = $28.67 (each pack to the cent, halves up).
  await expect(line).toContainText('Weighed: $55.64');
  await expectAccessible(farm);
  expect(await farm.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The shopper's open page shows the final total without reloading.
  await expect(card.getByTestId('order-total')).toHaveText('Weighed · pay at pickup$55.64');
  await expect(card).toContainText('1.42, 1.51 lb at $18.99/lb');
  await farmContext.close();
  await shopContext.close();
});
