import { expect, test } from '@playwright/test';
import { producerWithProduct, signInBrowser, uniqueEmail } from './helpers';

/** A real 1×1 PNG: the server re-encodes it to WebP like any photo. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Issue 44, items 10 and 16: the product form shows only what it keeps and ticks only what is
 * filled in; the photo limit says "5 of 5" and why; sign-up success is said once.
 */
test('a new product ticks only the label fields filled in, and a full photo limit says "5 of 5" and why', async ({
  page,
  request,
}) => {
  const { producer, productId } = await producerWithProduct(request, { product: 'Creek Eggs' });
  const headers = { authorization: `Bearer ${producer.token}` };
  await signInBrowser(page, producer);
  await page.goto('/profile?tab=products');
  await page.getByRole('button', { name: 'Add Product' }).click();
  const checklist = page.getByRole('region', { name: /Label checklist/ });
  // Only the farm's own fields are filled in on a blank product: two ticks, no more.
  await expect(checklist.getByRole('listitem').filter({ hasText: /^✓/ })).toHaveCount(2);
  await expect(checklist.getByRole('listitem').filter({ hasText: 'Processing date' })).toHaveAttribute('data-state', 'open');
  await expect(checklist.getByRole('listitem').filter({ hasText: 'Allergens' })).not.toContainText('✓');
  await page.getByLabel('Product name').fill('Apple butter');
  await expect(checklist.getByRole('listitem').filter({ hasText: /^✓/ })).toHaveCount(3);
  await page.getByRole('button', { name: 'Back to products' }).click();

  // Five more photos beside the main one: the button is off and the reason is beside it.
  for (const isPrimary of [true, false, false, false, false, false]) {
    const res = await request.post(`/api/images/products/${productId}`, {
      headers,
      multipart: { image: { name: 'photo.png', mimeType: 'image/png', buffer: PNG }, isPrimary: String(isPrimary) },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await page.reload();
  await page.getByRole('button', { name: 'Edit Creek Eggs' }).click();
  const add = page.getByRole('button', { name: 'Add more photos' });
  await expect(add).toBeDisabled();
  await expect(add).toHaveAccessibleDescription(
    '5 of 5 more photos: the most this site allows for one product, beside the main photo. Delete one to add another.',
  );
  await expect(page.getByText('5 of 5', { exact: true })).toBeVisible();
});

test('stock typed before adding a variant moves into it and is saved there, not lost', async ({ page, request }) => {
  const { producer } = await producerWithProduct(request, { product: 'Creek Eggs' });
  await signInBrowser(page, producer);
  await page.goto('/profile?tab=products');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await page.getByLabel('Product name').fill('Fruit pie');
  await page.getByLabel('Category').selectOption('baked_goods');
  await page.getByLabel('Price ($)').fill('18');
  await page.getByLabel('Stock quantity').fill('40');
  await page.getByRole('button', { name: '+ Add variant' }).click();
  await expect(page.getByLabel('Stock quantity')).toHaveCount(1);
  const variant = page.getByRole('group', { name: /^Variant 1/ });
  await expect(variant.getByLabel('Stock quantity')).toHaveValue('40');
  await variant.getByLabel('Variant name').fill('Apple');
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Fruit pie' })).toBeVisible();
  const mine = await (await request.get('/api/products/mine', { headers: { authorization: `Bearer ${producer.token}` } })).json();
  const pie = mine.products.find((p: { name: string }) => p.name === 'Fruit pie');
  expect(pie.variants).toEqual([expect.objectContaining({ name: 'Apple', price: 18, price_unit: 'each', stock_quantity: 40 })]);
});

test('signing up says the account was created once: the sign-in banner, no toast beside it', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Email').fill(uniqueEmail('once'));
  await page.getByLabel('Password', { exact: true }).fill('once-password-1');
  await page.getByLabel('Confirm password').fill('once-password-1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/login\?message=registration-success$/);
  await expect(page.getByText('Account Created Successfully', { exact: true })).toBeVisible();
  await expect(page.getByText(/account created successfully/i)).toHaveCount(1);
});
