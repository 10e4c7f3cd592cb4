import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { createUser, expectAccessible, signInBrowser } from './helpers';

/**
 * Issue 44 item 4 (decision 533): one primary action per product page. At a phone's size (390 × 844)
 * the name, the price and 'Add to basket' are in the first screen, above the phone's tab bar, even for
 * a product with four variants; the page is one way to order (one quantity to reserve), the inquiry is
 * a question (its optional quantity part of it), and the rest is folded, so the page is far shorter than the ~4,300 px it was.
 */
const PHONE = { width: 390, height: 844 };
/** The page's own height at 390 px (its main, not the header or footer): about 2,300 px now, over 3,200 before. */
const MOST_PAGE_HEIGHT = 2500;

function tomorrowWeekday(): number {
  return (new Date().getDay() + 1) % 7;
}

/** A meat farm with a pickup place and a beef listing of four by-weight cuts, ingredients and allergens. */
async function beefFarm(request: APIRequestContext): Promise<{ productId: number; farmName: string }> {
  const producer = await createUser(request, 'producer');
  const headers = { authorization: `Bearer ${producer.token}` };
  const farmName = `One Action Beef ${producer.id}`;
  const profile = await request.post('/api/producers', {
    headers,
    data: { farm_name: farmName, address: '12 Ridge Road', city: 'Lexington', state: 'KY', zip: '40507' },
  });
  expect(profile.status(), await profile.text()).toBe(201);
  const product = await request.post('/api/products', {
    headers,
    data: {
      name: 'Grass-fed beef',
      category: 'meat',
      availability: 'available',
      description:
        'Angus-cross steers raised on pasture their whole lives, processed at a USDA-inspected plant and frozen in vacuum packs. Each pack is weighed at pickup.',
      ingredients: 'Grass-fed beef, sea salt',
      allergens: ['Soy'],
      inspection: 'usda',
      establishment_number: 'EST. 45678',
      variants: [
        { name: 'Ribeye', price: 18.99, weight_unit: 'lb', pack_min: 1, pack_max: 1.4, stock_quantity: 24 },
        { name: 'NY strip', price: 16.99, weight_unit: 'lb', pack_min: 0.8, pack_max: 1.2, stock_quantity: 20 },
        { name: 'Ground beef', price: 8.49, weight_unit: 'lb', pack_min: 1, pack_max: 1, stock_quantity: 60 },
        { name: 'Chuck roast', price: 9.49, weight_unit: 'lb', pack_min: 2.5, pack_max: 3.5, stock_quantity: 12 },
      ],
    },
  });
  expect(product.status(), await product.text()).toBe(201);
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
  return { productId: (await product.json()).product_id as number, farmName };
}

/** The top of the phone's tab bar: what the first screen shows ends there. */
async function firstScreenBottom(page: Page): Promise<number> {
  const bar = await page.getByTestId('mobile-tab-bar').boundingBox();
  return bar ? bar.y : PHONE.height;
}

async function expectInFirstScreen(page: Page, locator: ReturnType<Page['locator']>, what: string) {
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.y, `${what} starts on screen`).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${what} ends above the tab bar`).toBeLessThanOrEqual(await firstScreenBottom(page));
}

test('at 390 px a product page shows name, price and Add to basket in the first screen, one way to order, the rest folded', async ({
  browser,
  request,
}) => {
  const { productId, farmName } = await beefFarm(request);
  const shopper = await createUser(request, 'consumer');
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ viewport: PHONE, colorScheme });
    const page = await context.newPage();
    await signInBrowser(page, shopper);
    await page.goto(`/product/${productId}`);

    const addToBasket = page.getByRole('button', { name: /^Add to basket · / });
    await expect(addToBasket).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Grass-fed beef' })).toBeVisible();
    // No scrolling happened: what is checked is where the page opens.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expectInFirstScreen(page, page.getByRole('heading', { level: 1, name: 'Grass-fed beef' }), 'the name');
    await expectInFirstScreen(page, page.getByText(/^from \$8\.49/).first(), 'the price');
    await expectInFirstScreen(page, addToBasket, 'Add to basket');

    // One way to order: one quantity to reserve on the page, the reserve card's.
    await expect(page.getByRole('combobox', { name: 'Quantity to reserve' })).toHaveCount(1);
    await expect(page.getByLabel('Quantity to reserve')).toBeVisible();

    // The rest is folded, its headings still there; the allergens are named on the fold itself.
    const ingredientsFold = page.locator('summary', { hasText: 'Ingredients and allergens' });
    await expect(ingredientsFold).toContainText('Contains: Soy');
    await expect(page.getByText('Grass-fed beef, sea salt')).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Pickup and delivery' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Reviews', exact: true })).toBeVisible();
    await page.getByRole('heading', { name: 'Reviews', exact: true }).scrollIntoViewIfNeeded();
    const height = await page.evaluate(() => document.querySelector('main')?.getBoundingClientRect().height ?? 0);
    expect(height, 'the page without its footer').toBeLessThanOrEqual(MOST_PAGE_HEIGHT);

    // Opened, every fold reads its text; the question's quantity is part of the question, not an order.
    await ingredientsFold.click();
    await expect(page.getByText('Grass-fed beef, sea salt')).toBeVisible();
    await page.locator('summary', { hasText: 'Inspection and labels' }).click();
    await expect(page.getByText(/EST\. 45678/)).toBeVisible();
    await page.locator('summary', { hasText: 'Pickup and delivery' }).click();
    await expect(page.getByText('Lexington Farmers Market').first()).toBeVisible();
    await page.locator('summary', { hasText: `Ask ${farmName} a question` }).click();
    const question = page.locator('form').filter({ has: page.getByRole('button', { name: 'Send Inquiry' }) });
    await expect(question.getByLabel('Message')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Quantity to reserve' })).toHaveCount(1);
    await expect(question.getByRole('combobox', { name: 'Quantity you are asking about' })).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Contact Producer' })).toBeEnabled();
    await expectAccessible(page);
    await context.close();
  }
});

test('at 1280 px the product page passes axe in light and dark, its price and Add to basket in view', async ({
  browser,
  request,
}) => {
  const { productId } = await beefFarm(request);
  const shopper = await createUser(request, 'consumer');
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme });
    const page = await context.newPage();
    await signInBrowser(page, shopper);
    await page.goto(`/product/${productId}`);
    const addToBasket = page.getByRole('button', { name: /^Add to basket · / });
    await expect(addToBasket).toBeInViewport();
    await expectAccessible(page);
    await context.close();
  }
});
