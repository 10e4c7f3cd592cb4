import { type APIRequestContext, expect, test } from '@playwright/test';
import { createUser, DEMO, loginAs, signInBrowser } from './helpers';

/**
 * Admin settings that change what everyone sees. These tests change
 * site-wide settings, so they run one after another and put every value back; the maintenance
 * window is kept to the few seconds the checks need.
 */
test.describe.configure({ mode: 'serial', timeout: 150_000 });

async function saveSettings(request: APIRequestContext, token: string, key: string, values: object) {
  const res = await request.put(`/api/admin/settings/${key}`, { headers: { authorization: `Bearer ${token}` }, data: values });
  expect(res.status()).toBe(200);
}

test('maintenance mode: guests and consumers see the message on every route, sign-in is refused, admins work, off restores', async ({
  browser,
  request,
}) => {
  const admin = await loginAs(request, DEMO.admin.email, DEMO.admin.password);
  const consumer = await createUser(request, 'consumer');
  const message = `Back at noon ${Date.now()}: new shelves going up.`;
  // A page already open when the mode goes on, and still open when it goes off.
  const open = await browser.newPage();
  // Its timers on a clock the test can move: it checks the site's state every 10 s while closed.
  await open.clock.install();
  await open.goto('/products');
  await expect(open.getByRole('heading', { name: 'Browse Products' })).toBeVisible();
  await saveSettings(request, admin.token, 'maintenance', { maintenance_mode: true, maintenance_message: message });
  try {
    // The API tells every non-admin, signed in or not, even on routes that need a sign-in.
    for (const [url, headers] of [
      ['/api/products/1', {}],
      ['/api/favorites', {}],
      ['/api/favorites', { authorization: `Bearer ${consumer.token}` }],
      ['/api/messages/conversations', { authorization: `Bearer ${consumer.token}` }],
    ] as const) {
      const res = await request.get(url, { headers });
      expect(res.status(), url).toBe(503);
      expect(await res.json()).toEqual({ message });
    }
    await open.getByRole('link', { name: 'Map View' }).first().click();
    await expect(open.getByTestId('maintenance-message')).toHaveText(message);

    const guest = await browser.newPage();
    for (const path of ['/', '/products', '/producer/9', '/product/1', '/map', '/register', '/nowhere/deep/link?x=1']) {
      await guest.goto(path);
      await expect(guest.getByRole('heading', { name: /is down for maintenance/ })).toBeVisible();
      await expect(guest.getByTestId('maintenance-message')).toHaveText(message);
    }
    // Sign-in of a non-admin is refused with the admin's message.
    await guest.goto('/login');
    // The sign-in page stays (admins need it) and says why the rest is closed.
    await expect(guest.getByTestId('maintenance-message')).toHaveText(message);
    await guest.getByLabel('Email').fill(consumer.email);
    await guest.getByLabel('Password').fill(consumer.password);
    await guest.getByRole('button', { name: 'Sign In' }).click();
    await expect(guest.getByRole('alert').filter({ hasText: message })).toBeVisible();
    await expect(guest.getByText('Welcome back!')).toHaveCount(0);

    // An already signed-in consumer sees the screen too.
    const signedIn = await browser.newPage();
    await signInBrowser(signedIn, consumer);
    await signedIn.goto('/dashboard');
    await expect(signedIn.getByTestId('maintenance-message')).toHaveText(message);

    // Admins work normally.
    const adminPage = await browser.newPage();
    await signInBrowser(adminPage, admin);
    await adminPage.goto('/products');
    await expect(adminPage.getByRole('heading', { name: 'Browse Products' })).toBeVisible();
    await expect(adminPage.getByTestId('maintenance-message')).toHaveCount(0);
  } finally {
    await saveSettings(request, admin.token, 'maintenance', { maintenance_mode: false });
  }
  // The page that showed the screen comes back by itself, without a reload, at its next check:
  // its clock jumps to it (10 s, MAINTENANCE_POLL_MS) instead of the test waiting for it.
  await expect(async () => {
    await open.clock.fastForward(10_000);
    await expect(open.getByTestId('maintenance-message')).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(open.getByRole('heading', { name: 'Map of producers' })).toBeAttached();
  const after = await browser.newPage();
  await after.goto('/products');
  await expect(after.getByRole('heading', { name: 'Browse Products' })).toBeVisible();
  await expect(after.getByTestId('maintenance-message')).toHaveCount(0);
});

test('site name, contact e-mail, support phone and the product limit show where the spec puts them', async ({
  page,
  request,
}) => {
  const admin = await loginAs(request, DEMO.admin.email, DEMO.admin.password);
  const producer = await createUser(request, 'producer');
  await saveSettings(request, admin.token, 'general', {
    site_name: 'Bluegrass Market',
    contact_email: 'help@bluegrass.test',
    support_phone: '(859) 555-0100',
  });
  await saveSettings(request, admin.token, 'features', { max_products_per_producer: 12 });
  try {
    await page.goto('/terms');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText('Bluegrass Market').first()).toBeVisible();
    await expect(footer.getByRole('link', { name: 'help@bluegrass.test' })).toHaveAttribute('href', 'mailto:help@bluegrass.test');
    await expect(footer.getByRole('link', { name: '(859) 555-0100' })).toHaveAttribute('href', 'tel:8595550100');
    await expect(page.getByRole('main').getByRole('link', { name: 'help@bluegrass.test' })).toBeVisible();
    await page.goto('/privacy');
    await expect(page.getByRole('main').getByRole('link', { name: 'help@bluegrass.test' })).toBeVisible();
    await page.goto('/contact');
    await expect(page.getByRole('main').getByText('help@bluegrass.test')).toBeVisible();
    await expect(page.getByRole('main').getByText('Bluegrass Market team will answer', { exact: false })).toBeVisible();

    // The site name: header, sign-in, terms.
    await page.goto('/terms');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Bluegrass Market' })).toBeVisible();
    await expect(page).toHaveTitle(/ \| Bluegrass Market$/);
    await expect(page.getByRole('main').getByText(/By creating an account or using Bluegrass Market you agree/)).toBeVisible();
    await expect(
      page.getByRole('main').getByText('you keep no more than 100 products (12 during the free trial) active at once.'),
    ).toBeVisible();
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in to Bluegrass Market' })).toBeVisible();

    await signInBrowser(page, producer);
    await page.goto('/dashboard');
    await expect(page.getByText('Add, price and update up to 100 active products (12 during the free trial).')).toBeVisible();
    const support = page.getByRole('heading', { name: 'Need help?' }).locator('..');
    await expect(support.getByRole('link', { name: 'help@bluegrass.test' })).toBeVisible();
    await expect(support.getByRole('link', { name: '(859) 555-0100' })).toBeVisible();
  } finally {
    await saveSettings(request, admin.token, 'general', {
      site_name: 'Farmstand',
      contact_email: 'support@farmstand.local',
      support_phone: '',
    });
    await saveSettings(request, admin.token, 'features', { max_products_per_producer: 10 });
  }
});

test('the password minimum, the session length and the prices are the ones the admin set', async ({ page, request }) => {
  const admin = await loginAs(request, DEMO.admin.email, DEMO.admin.password);
  await saveSettings(request, admin.token, 'security', { password_min_length: 12, session_timeout: 1 });
  await saveSettings(request, admin.token, 'payment', { monthly_price: 12, annual_price: 120, trial_days: 14 });
  try {
    const email = `minimum-${Date.now()}@example.com`;
    const short = await request.post('/api/auth/register', { data: { email, password: 'ten-chars1', userType: 'consumer' } });
    expect(short.status()).toBe(400);
    expect((await short.json()).message).toMatch(/12 characters/);
    const long = await request.post('/api/auth/register', { data: { email, password: 'twelve-chars', userType: 'consumer' } });
    expect(long.status()).toBe(201);
    // A token lasts a day, not seven.
    const [, payload] = ((await long.json()).token as string).split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { iat: number; exp: number };
    expect(claims.exp - claims.iat).toBe(24 * 60 * 60);

    await page.goto('/register');
    await expect(page.getByText('At least 12 characters')).toBeVisible();
    await expect(page.getByText('14-day free trial, no card. Then $12/month, no commission.')).toBeVisible();

    const producer = await createUser(request, 'producer');
    await signInBrowser(page, producer);
    await page.goto('/billing');
    await expect(page.getByRole('button', { name: 'Choose the monthly plan, $12 per month' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Choose the annual plan, $120 per year' })).toBeVisible();
    await expect(page.getByText('Save $24!')).toBeVisible();
    await page.goto('/pricing');
    await expect(page.getByText('14-day free trial').first()).toBeVisible();
    await expect(page.getByText('$12', { exact: true })).toBeVisible();
  } finally {
    await saveSettings(request, admin.token, 'security', { password_min_length: 8, session_timeout: 7 });
    await saveSettings(request, admin.token, 'payment', { monthly_price: 10, annual_price: 100, trial_days: 30 });
  }
});
