import { expect, test } from '@playwright/test';
import { createUser, expectAccessible } from './helpers';

test.describe('changing the password (decision 124)', () => {
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
