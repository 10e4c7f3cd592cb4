import { expect, type Page, test } from '@playwright/test';
import { createUser, expectAccessible, signInBrowser } from './helpers';

/** A real 1×1 PNG: the server re-encodes it to WebP like any photo. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const toast = (page: Page, text: string) => expect(page.getByText(text).first()).toBeVisible();

/**
 * Toasts fade out through low-contrast frames; axe looks at the page once they are gone. Their
 * seconds on screen (4 s at most, then 1 s to leave) pass on the page's clock at once.
 */
async function expectAccessibleAfterToasts(page: Page) {
  await page.clock.runFor(5_000);
  await expect(page.locator('[aria-live="polite"]').filter({ hasText: /./ })).toHaveCount(0, { timeout: 15_000 });
  await expectAccessible(page);
}

async function addProduct(page: Page, product: { name: string; category: string; price: string; unit: string }) {
  await page.getByRole('button', { name: 'Add Product' }).click();
  // Images wait for the first save (spec 02 §2).
  await expect(page.getByText('Please save the product first before uploading images')).toBeVisible();
  await page.getByLabel('Product name').fill(product.name);
  await page.getByLabel('Category').selectOption(product.category);
  await page.getByLabel('Price ($)').fill(product.price);
  await page.getByLabel('Price unit').fill(product.unit);
  await page.getByRole('button', { name: 'Create Product' }).click();
  await toast(page, 'Product created successfully!');
  await expect(page.getByRole('heading', { name: `Edit ${product.name}` })).toBeVisible();
  await page.locator('input[type=file]').first().setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
  await toast(page, 'Image uploaded successfully!');
  await expect(page.getByRole('img', { name: 'Main photo' })).toHaveAttribute('src', /\/uploads\/products\/\d+\/.+-800\.webp$/);
  await page.getByRole('button', { name: 'Back to products' }).click();
}

test('a new producer sets up a farm and a catalogue; a guest sees the public page', async ({ page, request, browser }) => {
  // A whole producer journey and a guest's visit, with axe checks: near the default 45 s under CI load.
  test.slow();
  const producer = await createUser(request, 'producer');
  await signInBrowser(page, producer);
  // The page's timers on a clock the test can move (expectAccessibleAfterToasts).
  await page.clock.install();
  await page.goto('/profile');

  await expect(page.getByRole('heading', { name: 'Create Producer Profile' })).toBeVisible();
  await page.getByLabel('Farm name').fill('Sunny Ridge Farm');
  await page.getByLabel('About your farm').fill('Eggs, honey and bread from the ridge.');
  await page.getByLabel('Street address').fill('12 Ridge Rd');
  await page.getByLabel('City').fill('Lexington');
  await expect(page.getByLabel('State')).toHaveValue('KY');
  await page.getByLabel('ZIP code').fill('4050');
  await page.getByRole('button', { name: 'Create Producer Profile' }).click();
  await expect(page.getByText('ZIP code must be 5 digits')).toBeVisible();
  await page.getByLabel('ZIP code').fill('40507');
  await expect(page.getByLabel('Delivery radius (miles)')).toHaveCount(0);
  await page.getByLabel('I offer delivery').check();
  await page.getByLabel('Delivery radius (miles)').fill('20');
  await page.getByRole('button', { name: 'Create Producer Profile' }).click();
  await toast(page, 'Profile created successfully!');
  await expect(page.getByRole('heading', { name: 'Sunny Ridge Farm' })).toBeVisible();
  await expectAccessibleAfterToasts(page);

  await page.getByRole('tab', { name: 'Products' }).click();
  await expect(page).toHaveURL(/\?tab=products$/);
  await addProduct(page, { name: 'Ridge Eggs', category: 'eggs', price: '5.50', unit: 'dozen' });
  await addProduct(page, { name: 'Wildflower Honey', category: 'honey', price: '12', unit: 'jar' });
  await addProduct(page, { name: 'Sourdough Loaf', category: 'bread', price: '8', unit: 'loaf' });
  const rows = page.getByTestId('product-row');
  await expect(rows).toHaveCount(3);
  await expect(page.getByText('3 of 10 active products')).toBeVisible();

  await page.getByLabel('Availability of Ridge Eggs').selectOption('sold_out');
  await toast(page, 'Availability updated!');
  await expect(page.getByLabel('Availability of Ridge Eggs')).toHaveValue('sold_out');

  await page.getByRole('button', { name: 'Delete Sourdough Loaf' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete Product' }).click();
  const deleted = rows.filter({ hasText: 'Sourdough Loaf' });
  await expect(deleted.getByText('Deleted', { exact: true })).toBeVisible();
  await expect(deleted).toHaveAttribute('data-deleted', 'true');
  await expect(page.getByText('2 of 10 active products')).toBeVisible();
  await expectAccessibleAfterToasts(page);

  // A guest (a fresh browser context, no token) sees the public page with the two active products.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(`/producer/${producer.id}`);
  await expect(guest.getByRole('heading', { name: 'Sunny Ridge Farm', level: 1 })).toBeVisible();
  const products = guest.getByRole('region', { name: 'Recent products' }).getByRole('article');
  await expect(products).toHaveCount(2);
  await expect(guest.getByRole('link', { name: 'Ridge Eggs' })).toHaveAttribute('href', /^\/product\/\d+$/);
  await expect(guest.getByRole('link', { name: 'Wildflower Honey' })).toBeVisible();
  await expect(guest.getByText('Sourdough Loaf')).toHaveCount(0);
  await expect(guest.getByText('Delivers within 20 miles of Lexington.')).toBeVisible();
  await expect(guest.getByRole('link', { name: 'Sign in' }).first()).toHaveAttribute('href', '/login');
  await expectAccessible(guest);
  // The other path shape is the same page; an unknown id is not found.
  await guest.goto(`/producers/${producer.id}`);
  await expect(guest.getByRole('heading', { name: 'Sunny Ridge Farm', level: 1 })).toBeVisible();
  await guest.goto('/producer/99999999');
  await expect(guest.getByText('Producer Not Found')).toBeVisible();
  await guestContext.close();
});

test('a consumer is told that producer profiles are for producers', async ({ page, request }) => {
  const consumer = await createUser(request, 'consumer');
  await signInBrowser(page, consumer);
  await page.goto('/profile');
  await expect(page.getByText('Producer profiles are only available for producer accounts.')).toBeVisible();
});
