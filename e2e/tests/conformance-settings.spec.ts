import { type APIRequestContext, expect, test } from '@playwright/test';
import { createUser, DEMO, loginAs, signInBrowser } from './helpers';

/**
 * Issue 10 items 2 and 3: admin settings that change what everyone sees. These tests change
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
  await saveSettings(request, admin.token, 'maintenance', { maintenance_mode: true, maintenance_message: message });
  try {
    const guest = await browser.newPage();
    for (const path of ['/', '/products', '/producer/9', '/map']) {
      await guest.goto(path);
      await expect(guest.getByRole('heading', { name: /is down for maintenance/ })).toBeVisible();
      await expect(guest.getByTestId('maintenance-message')).toHaveText(message);
    }
    // Sign-in of a non-admin is refused with the admin's message.
    await guest.goto('/login');
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

    await signInBrowser(page, producer);
    await page.goto('/dashboard');
    await expect(page.getByText('Add, price and update up to 12 active products.')).toBeVisible();
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
