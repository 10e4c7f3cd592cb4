import { expect, test } from '@playwright/test';
import { createUser, emailLink, expectAccessible, signInBrowser } from './helpers';

test.describe('changing the password needs the current one', () => {
  test('from the account menu: a wrong current password is refused, then the change ends the other sessions', async ({
    page,
    request,
  }) => {
    const user = await createUser(request);
    // Sign in through the form, so later page loads keep whatever token the app stores.
    await page.goto('/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    const oldToken = await page.evaluate(() => localStorage.getItem('token'));

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: user.email }).click();
    await page.getByRole('link', { name: 'Change password' }).click();
    await expect(page).toHaveURL(/\/account\/password$/);
    await expect(page).toHaveTitle(/Change your password/);
    await expectAccessible(page);

    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill('a-brand-new-password');
    await page.getByLabel('Confirm new password').fill('a-brand-new-password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Current password is incorrect')).toBeVisible();

    await page.getByLabel('Current password').fill(user.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your password was changed. You were signed out everywhere else.')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard/);

    // The session from before the change is over; this browser holds a fresh one.
    const newToken = await page.evaluate(() => localStorage.getItem('token'));
    expect(newToken).not.toBe(oldToken);
    const asOld = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${oldToken}` } });
    expect(asOld.status()).toBe(401);
    const asNew = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${newToken}` } });
    expect(asNew.status()).toBe(200);
    const login = await request.post('/api/auth/login', { data: { email: user.email, password: 'a-brand-new-password' } });
    expect(login.status()).toBe(200);
  });

  test('guests are sent to sign in first', async ({ page }) => {
    await page.goto('/account/password');
    await expect(page).toHaveURL(/\/login/);
  });
});

test.describe('signing in by an e-mailed link', () => {
  test('"Email me a sign-in link" sends a link that signs in once', async ({ page, request }) => {
    const user = await createUser(request);
    await page.goto('/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect(page.getByRole('status')).toContainText('a sign-in link is on its way');
    await expectAccessible(page);
    const link = new URL(await emailLink(request, user.email, '/login/email-link'));
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.evaluate(() => localStorage.removeItem('token'));
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole('heading', { name: "We couldn't sign you in" })).toBeVisible();
  });
});

test.describe('a shopper becomes a producer', () => {
  test('from the pricing page: the trial starts and the farm profile comes next', async ({ page, request }) => {
    const user = await createUser(request, 'consumer');
    await signInBrowser(page, user);
    await page.goto('/pricing');
    await page.getByRole('link', { name: 'Become a Producer' }).click();
    await expect(page).toHaveURL(/\/account\/become-producer$/);
    await expect(page.getByText('Your saved favourites are removed')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Turn my account into a producer account' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    const me = await request.get('/api/auth/me', {
      headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` },
    });
    expect(await me.json()).toMatchObject({ userType: 'producer', subscription: { status: 'trialing' } });
  });
});
