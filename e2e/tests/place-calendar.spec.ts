import { expect, test } from '@playwright/test';
import { createUser, expectAccessible, producerWithProduct, signInBrowser } from './helpers';

/**
 * A calendar per pickup place and limits shown where the choice is made (decisions 542, 543), at a
 * phone's width: the farm closes its Saturday market on one date in the Pickup tab; a shopper who
 * chooses that market on the product page sees its minimum order there, and checkout starts on the
 * market's first open time, offers none on the closed date, and says the minimum order right above
 * "Place reservation".
 */
const PHONE = { width: 390, height: 844 };

/** "Sat, Dec 19", as the checkout's pickup times write a local date. */
const dayLabel = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

test('at 390 px a place’s closed date is offered nowhere, and its minimum order shows before Place reservation', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const { producer, productId } = await producerWithProduct(request, { farm: 'Closed Day Farm', product: 'Market Eggs' });
  const headers = { authorization: `Bearer ${producer.token}` };
  expect(
    (await request.put('/api/pickup/mine/settings', { headers, data: { cutoff_hours: 0, cap_per_window: null } })).status(),
  ).toBe(200);
  const place = (data: Record<string, unknown>) =>
    request.post('/api/pickup/mine/points', {
      headers,
      data: { address: '401 W Main St', city: 'Lexington', state: 'KY', zip: '40507', ...data },
    });
  for (const made of [
    await place({ kind: 'farm', name: 'Farm stand', schedule: [{ weekday: 3, start: '16:00', end: '18:00' }] }),
    await place({
      kind: 'market',
      name: 'Lexington Farmers Market',
      min_order: 25,
      schedule: [{ weekday: 6, start: '09:00', end: '12:00' }],
    }),
  ])
    expect(made.status(), await made.text()).toBe(201);
  const offered = (await (await request.get(`/api/pickup/producers/${producer.id}`)).json()).windows as {
    name: string;
    date: string;
  }[];
  const marketDays = offered.filter((w) => w.name === 'Lexington Farmers Market').map((w) => w.date);
  expect(marketDays.length).toBeGreaterThanOrEqual(2);
  const [firstDay, closedDay] = marketDays;

  // The farm closes the market on its second Saturday, in the Pickup tab.
  const farmContext = await browser.newContext({ viewport: PHONE });
  const farm = await farmContext.newPage();
  await signInBrowser(farm, producer);
  await farm.goto('/profile?tab=pickup');
  await farm.getByRole('button', { name: 'Edit Lexington Farmers Market' }).click();
  const form = farm.getByRole('form', { name: 'Edit Lexington Farmers Market' });
  await form.getByLabel('Closed date').fill(closedDay);
  await form.getByRole('button', { name: 'Add closed date' }).click();
  await expect(form.getByRole('list', { name: 'Closed dates' })).toContainText(dayLabel(closedDay));
  await form.getByRole('button', { name: 'Save place' }).click();
  await expect(farm.getByText(`Closed ${dayLabel(closedDay).slice(5)}`)).toBeVisible();
  await farm.screenshot({ path: testInfo.outputPath('pickup-tab-390.png'), fullPage: true });
  await farmContext.close();

  for (const colorScheme of ['light', 'dark'] as const) {
    const shopper = await createUser(request, 'consumer');
    const context = await browser.newContext({ viewport: PHONE, colorScheme });
    const page = await context.newPage();
    await signInBrowser(page, shopper);

    // The product page: the shopper chooses the market and sees its minimum order before the basket.
    await page.goto(`/product/${productId}`);
    await page.getByLabel('Pickup place').selectOption({ label: 'Lexington Farmers Market' });
    await expect(page.getByText('Minimum order at Lexington Farmers Market: $25.00')).toBeVisible();
    await page.getByLabel('Quantity to reserve').selectOption('2');
    await page.getByRole('button', { name: /^Add to basket · / }).click();
    await page.getByRole('link', { name: 'Checkout · basket of 2 items' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();

    // Checkout starts on the market's first open Saturday and offers no time on its closed date.
    const times = page.getByRole('radio');
    await expect(times.first()).toBeVisible();
    const labels = await page.locator('label:has(input[type="radio"])').allTextContents();
    expect(labels.some((label) => label.includes(dayLabel(closedDay)))).toBe(false);
    const checked = page.locator('label:has(input[type="radio"]:checked)');
    await expect(checked).toHaveCount(1);
    await expect(checked).toContainText(dayLabel(firstDay));
    await expect(checked).toContainText('Lexington Farmers Market');
    await checked.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`checkout-times-390-${colorScheme}.png`) });

    // The market's minimum order is said right above Place reservation, which waits until it is reached.
    const minimum = page.getByText(
      'Minimum order at Lexington Farmers Market: $25.00 — add $13.00 more, or choose another place',
    );
    const button = page.getByRole('button', { name: 'Place reservation' });
    await expect(minimum).toBeVisible();
    await expect(button).toBeDisabled();
    const [above, below] = [await minimum.boundingBox(), await button.boundingBox()];
    expect(above && below && above.y + above.height <= below.y).toBe(true);
    await expectAccessible(page);
    await button.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`checkout-390-${colorScheme}.png`) });
    await context.close();
  }
});
