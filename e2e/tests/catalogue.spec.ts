import { expect, test } from '@playwright/test';
import { createUser, DEMO, expectAccessible, loginAs, signInBrowser } from './helpers';

/**
 * A vegetable farm with a plan lists its whole catalogue (decision 551): 100 active products, the
 * 101st refused; the producer's list and the farm page find, sort and page them.
 */
test('pages and filters 100 products on the producer’s list and the farm page', async ({ page, request }) => {
  test.setTimeout(240_000);
  const admin = await loginAs(request, DEMO.admin.email, DEMO.admin.password);
  const producer = await createUser(request, 'producer');
  const headers = { authorization: `Bearer ${producer.token}` };
  const profile = await request.post('/api/producers', {
    headers,
    data: {
      farm_name: `Long Row Vegetables ${producer.id}`,
      address: '8 Bottom Road',
      city: 'Lexington',
      state: 'KY',
      zip: '40507',
    },
  });
  expect(profile.status()).toBe(201);
  const grant = await request.post('/api/stripe/admin/grant-subscription', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { userId: producer.id, days: 0, planType: 'annual' },
  });
  expect(grant.status(), await grant.text()).toBe(200);

  const create = (i: number) =>
    request.post('/api/products', {
      headers,
      data: {
        name: i % 10 === 0 ? `Lacinato kale ${i}` : `Vegetable ${String(i).padStart(3, '0')}`,
        category: i % 10 === 0 ? 'other' : 'produce',
        price: 2 + (i % 7),
        price_unit: 'bunch',
        availability: 'available',
      },
    });
  for (let batch = 0; batch < 10; batch++) {
    const made = await Promise.all(Array.from({ length: 10 }, (_, j) => create(batch * 10 + j + 1)));
    for (const res of made) expect(res.status(), await res.text()).toBe(201);
  }
  const over = await create(101);
  expect(over.status()).toBe(409);
  expect((await over.json()).message).toBe(
    'Product limit reached: your plan lists up to 100 active products. Delete one to add another.',
  );

  await signInBrowser(page, producer);
  await page.goto('/profile?tab=products');
  await expect(page.getByText('100 of 100 active products')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Product' })).toBeDisabled();
  await expect(page.getByText('Showing 1–20 of 100 products')).toBeVisible();
  await expect(page.getByTestId('product-row')).toHaveCount(20);
  await page.getByRole('navigation', { name: 'Pages of your products' }).getByRole('button', { name: 'Page 5' }).click();
  await expect(page.getByText('Showing 81–100 of 100 products')).toBeVisible();
  await page.getByLabel('Find by name').fill('kale');
  await expect(page.getByText('Showing 1–10 of 10 products')).toBeVisible();
  await page.getByLabel('Sort by').selectOption('name');
  await expect(page.getByTestId('product-row').first()).toContainText('Lacinato kale 10');
  await expectAccessible(page);

  await page.goto(`/producer/${producer.id}`);
  const cards = page.getByRole('region', { name: 'Recent products' }).getByRole('article');
  await expect(cards).toHaveCount(24);
  await page.getByRole('button', { name: 'Show 24 more products' }).click();
  await expect(cards).toHaveCount(48);
  await page.getByLabel('Category').selectOption('other');
  await expect(cards).toHaveCount(10);
  await expect(page.getByText('Showing 1–10 of 10 products')).toBeVisible();
  await expectAccessible(page);
});
