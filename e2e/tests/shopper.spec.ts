import { type APIRequestContext, expect, test } from '@playwright/test';
import { createUser, signInBrowser } from './helpers';

/** A producer with a farm profile and one available product, made through the API. */
async function producerWithProduct(request: APIRequestContext, city = 'Lexington') {
  const producer = await createUser(request, 'producer');
  const headers = { authorization: `Bearer ${producer.token}` };
  const farmName = `Creek Bend ${producer.id}`;
  const profile = await request.post('/api/producers', {
    headers,
    data: { farm_name: farmName, address: '12 Ridge Road', city, state: 'KY', zip: '40507' },
  });
  expect(profile.status()).toBe(201);
  const product = await request.post('/api/products', {
    headers,
    data: { name: 'Creek Eggs', category: 'eggs', price: 6, price_unit: 'dozen', availability: 'available', stock_quantity: 6 },
  });
  expect(product.status()).toBe(201);
  return { producer, farmName, productId: (await product.json()).product_id as number };
}

test.describe('issue 10 item 1: Contact Producer and the error boundary', () => {
  test('sending from the contact modal shows the toast with its conversation link, and the link opens the thread', async ({
    page,
    request,
  }) => {
    const { productId } = await producerWithProduct(request);
    const consumer = await createUser(request, 'consumer');
    await signInBrowser(page, consumer);
    await page.goto(`/product/${productId}`);
    await page.getByRole('button', { name: 'Contact Producer' }).click();
    await page.getByRole('dialog').getByLabel('Message').fill('Do you deliver on Saturdays?');
    await page.getByRole('dialog').getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Message sent!')).toBeVisible();
    // The page is still there (it went white before: the toast's Link was outside the router).
    await expect(page.getByRole('heading', { name: 'Creek Eggs' })).toBeVisible();
    await page.getByRole('link', { name: 'Open conversation' }).click();
    await expect(page).toHaveURL(/\/messages\?conversation=\d+/);
    await expect(page.getByText('Do you deliver on Saturdays?').first()).toBeVisible();
  });

  test('a page that fails to render shows a friendly screen inside the shell, with a way back', async ({ page }) => {
    // A malformed answer makes the product page throw while rendering. The server inlines the
    // page's first answers in its HTML (decision 168); without them the page asks the API.
    await page.route('**/product/1', async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(/<script[^>]*id="initial-data"[^>]*>[\s\S]*?<\/script>/, '');
      await route.fulfill({ response, body: html });
    });
    await page.route('**/api/products/1', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }));
    await page.goto('/product/1');
    await expect(page.getByRole('heading', { name: 'Something went wrong on this page' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Browse All Products' }).first()).toBeVisible();
  });
});

test.describe('issue 10 item 10: unknown and invalid ids show the not-found view', () => {
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

test.describe('issue 10 item 6: the catalogues’ fallback texts on a 5xx without a message', () => {
  test('sign-in and registration say "Login failed" and "Registration failed"', async ({ page }) => {
    await page.route('**/api/auth/login', (route) => route.fulfill({ status: 500, body: '' }));
    await page.route('**/api/auth/register', (route) => route.fulfill({ status: 502, body: '<html>Bad Gateway</html>' }));
    await page.goto('/login');
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByLabel('Password').fill('whatever-123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Login failed' })).toBeVisible();
    await expect(page.getByText('Request failed')).toHaveCount(0);

    await page.goto('/register');
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByLabel('Password', { exact: true }).fill('whatever-123');
    await page.getByLabel('Confirm password').fill('whatever-123');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Registration failed' })).toBeVisible();
  });

  test('a failed favourite toggle says "Error updating favorites"', async ({ page, request }) => {
    const { producer, farmName, productId } = await producerWithProduct(request);
    const consumer = await createUser(request, 'consumer');
    await signInBrowser(page, consumer);
    await page.route(`**/api/favorites/${producer.id}`, (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '' }) : route.continue(),
    );
    await page.goto(`/product/${productId}`);
    await page.getByRole('button', { name: `Save ${farmName} to favorites` }).click();
    await expect(page.getByText('Error updating favorites')).toBeVisible();
  });
});

for (const timezoneId of ['America/New_York', 'America/Chicago']) {
  test.describe(`issue 10 item 5: seasonal and certificate dates in ${timezoneId}`, () => {
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

test.describe('issue 10 item 4: a town name alone finds the town', () => {
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

test.describe('issue 10 item 16: pages past the end and expired cards', () => {
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

  test('the card form refuses an expiry month that has passed', async ({ page, request }) => {
    const producer = await createUser(request, 'producer');
    await signInBrowser(page, producer);
    await page.goto('/billing');
    await page.getByRole('button', { name: /Choose the monthly plan/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Card number').fill('4242424242424242');
    const lastYear = String((new Date().getFullYear() - 1) % 100).padStart(2, '0');
    await dialog.getByLabel('Expiry (MM/YY)').fill(`12${lastYear}`);
    await dialog.getByLabel('CVC').fill('123');
    await dialog.getByLabel('ZIP code').fill('40502');
    await dialog.getByRole('button', { name: /Pay \$\d+ and subscribe/ }).click();
    await expect(dialog.getByText('This card has expired. Check the expiry date or use another card.')).toBeVisible();
    await expect(dialog).toBeVisible();
    // Nothing was charged: the trial is still running.
    const status = await request.get('/api/stripe/subscription-status', {
      headers: { authorization: `Bearer ${producer.token}` },
    });
    expect((await status.json()).status).toBe('trialing');
  });
});

test.describe('issue 10 item 11: analytics events and favourites', () => {
  /** The analytics events this page sent, by type. */
  function collectEvents(page: import('@playwright/test').Page): string[] {
    const events: string[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/api/analytics/track') && req.method() === 'POST') {
        events.push((req.postDataJSON() as { eventType: string }).eventType);
      }
    });
    return events;
  }

  test('signing out from the user menu sends user_logout', async ({ page, request }) => {
    const consumer = await createUser(request, 'consumer');
    await signInBrowser(page, consumer);
    const events = collectEvents(page);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: consumer.email }).click();
    const logout = page.waitForRequest(
      (req) => req.url().endsWith('/api/analytics/track') && req.postData()?.includes('"user_logout"') === true,
    );
    await page.getByRole('button', { name: 'Sign out' }).click();
    const body = (await logout).postDataJSON() as { metadata: { userType?: string } };
    expect(body.metadata.userType).toBe('consumer');
    expect(events).toContain('user_logout');
  });

  test('reading an unread conversation sends message_read', async ({ page, request }) => {
    const { producer } = await producerWithProduct(request);
    const consumer = await createUser(request, 'consumer');
    const sent = await request.post('/api/messages/conversations', {
      headers: { authorization: `Bearer ${consumer.token}` },
      data: { recipientId: producer.id, content: 'Any duck eggs this week?' },
    });
    expect(sent.ok()).toBeTruthy();
    const { conversationId } = (await sent.json()) as { conversationId: number };
    await signInBrowser(page, producer);
    const read = page.waitForRequest(
      (req) => req.url().endsWith('/api/analytics/track') && req.postData()?.includes('"message_read"') === true,
    );
    await page.goto(`/messages?conversation=${conversationId}`);
    await expect(page.getByText('Any duck eggs this week?').first()).toBeVisible();
    await read;
  });

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
