import { expect, test } from '@playwright/test';
import { createUser, producerWithProduct, signInBrowser } from './helpers';

/** What a shopper sees of farms and products: missing pages, dates, places, paging and favourites. */

test.describe('unknown and invalid ids show the not-found view', () => {
  for (const id of ['99999999999999', '2147483647', 'abc', '0x10', '-1']) {
    test(`/product/${id}`, async ({ page }) => {
      await page.goto(`/product/${id}`);
      await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Browse all products' })).toHaveAttribute('href', '/products');
      await expect(page.getByText('Failed to load product details')).toHaveCount(0);
    });
  }

  for (const id of ['99999999999999', '2147483647', 'abc']) {
    test(`/producer/${id}`, async ({ page }) => {
      await page.goto(`/producer/${id}`);
      await expect(page.getByRole('heading', { name: 'Producer Not Found' })).toBeVisible();
      await expect(page.getByText('Failed to load producer profile')).toHaveCount(0);
    });
  }
});

for (const timezoneId of ['America/New_York', 'America/Chicago']) {
  test.describe(`seasonal and certificate dates in ${timezoneId}`, () => {
    test.use({ timezoneId });

    test('a season of 2027-07-01 … 2027-09-30 reads Jul 1 … Sep 30, not a day early, wherever it is shown', async ({
      page,
      request,
    }) => {
      const producer = await createUser(request, 'producer');
      const headers = { authorization: `Bearer ${producer.token}` };
      await request.post('/api/producers', {
        headers,
        data: { farm_name: `Season Farm ${producer.id}`, address: '1 Main St', city: 'Lexington', state: 'KY', zip: '40507' },
      });
      const created = await request.post('/api/products', {
        headers,
        data: {
          name: 'Summer Peaches',
          category: 'produce',
          price: 4,
          price_unit: 'lb',
          availability: 'seasonal',
          seasonal_start: '2027-07-01',
          seasonal_end: '2027-09-30',
        },
      });
      expect(created.status()).toBe(201);
      const cert = await request.post('/api/producers/me/certifications', {
        headers,
        data: {
          certification_type: 'cottage_food_registered',
          certification_name: 'Home Processor Registration',
          issue_date: '2027-01-01',
          expiry_date: '2027-12-31',
        },
      });
      expect(cert.status()).toBe(201);
      await page.goto(`/product/${(await created.json()).product_id}`);
      await expect(page.getByText('from Jul 1, 2027 until Sep 30, 2027')).toBeVisible();

      await signInBrowser(page, producer);
      await page.goto('/profile?tab=certifications');
      await expect(page.getByText('Jan 1, 2027')).toBeVisible();
      await expect(page.getByText('Dec 31, 2027')).toBeVisible();
      await page.goto('/profile?tab=products');
      await page.getByRole('button', { name: 'Edit Summer Peaches' }).click();
      await expect(page.getByLabel('Season start')).toHaveValue('2027-07-01');
      await expect(page.getByLabel('Season end')).toHaveValue('2027-09-30');
    });
  });
}

test.describe('a town name alone finds the town', () => {
  for (const [typed, found] of [
    ['Louisville', 'Louisville, KY'],
    ['nashville', 'Nashville, TN'],
    ['  Lexington   KY ', 'Lexington, KY'],
    ['Columbus, Ohio', 'Columbus, OH'],
  ]) {
    test(`/search: '${typed}'`, async ({ page }) => {
      await page.goto('/search');
      await page.getByLabel('Address, town or ZIP code').fill(typed);
      await page.getByRole('button', { name: 'Set', exact: true }).click();
      await expect(page.getByRole('region', { name: 'Your location' }).getByText(found, { exact: true })).toBeVisible();
      await expect(page.getByText('Could not find that address. Please try again.')).toHaveCount(0);
    });
  }
});

test.describe('pages past the end', () => {
  test('?page=99 moves to the last page instead of showing a total above "No products found"', async ({ page }) => {
    await page.goto('/products?page=99');
    await expect(page).toHaveURL(/page=\d+/);
    await expect(page).not.toHaveURL(/page=99/);
    await expect(page.getByText('No products found')).toHaveCount(0);
    await expect(page.getByText(/^\d+ products?$/)).toBeVisible();
    await expect(page.locator('main a[href^="/product/"]').first()).toBeVisible();
    // The current page is the last one.
    const last = Number(new URL(page.url()).searchParams.get('page'));
    expect(last).toBeGreaterThan(1);
  });
});

test.describe('favourites', () => {
  test('the producer page shows the favourite count with a heart, and it follows the toggle', async ({ page, request }) => {
    const { producer, farmName } = await producerWithProduct(request);
    const fan = await createUser(request, 'consumer');
    await request.post(`/api/favorites/${producer.id}`, { headers: { authorization: `Bearer ${fan.token}` } });
    const consumer = await createUser(request, 'consumer');
    await signInBrowser(page, consumer);
    await page.goto(`/producer/${producer.id}`);
    await expect(page.getByTestId('favorite-count')).toHaveText('Saved by 1 shopper');
    await page.getByRole('button', { name: `Save ${farmName} to favorites` }).click();
    await expect(page.getByTestId('favorite-count')).toHaveText('Saved by 2 shoppers');
  });

  test('/search checks the favourites of a whole page in one call', async ({ page, request }) => {
    const consumer = await createUser(request, 'consumer');
    await signInBrowser(page, consumer);
    const single: string[] = [];
    const batched: string[] = [];
    page.on('request', (req) => {
      const path = new URL(req.url()).pathname;
      if (/^\/api\/favorites\/check\/\d+$/.test(path)) single.push(path);
      if (path === '/api/favorites/check') batched.push(req.url());
    });
    await page.goto('/search');
    const hearts = page.getByRole('button', { name: /to favorites$/ });
    await expect(hearts.first()).toBeVisible();
    await expect(hearts.first()).toBeEnabled();
    const cards = await hearts.count();
    expect(cards).toBeGreaterThan(5);
    expect(single).toEqual([]);
    expect(batched.length).toBeGreaterThanOrEqual(1);
    expect(batched.length).toBeLessThanOrEqual(2);
  });
});
