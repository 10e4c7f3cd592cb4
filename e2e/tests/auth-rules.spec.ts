import { expect, test } from '@playwright/test';
import { emailLink, uniqueEmail } from './helpers';

test('the register form follows the password minimum the server publishes and refuses only spaces', async ({ page }) => {
  // The admin's password_min_length reaches the form through GET /api/auth/rules (here: 12, without changing the shared server).
  await page.route('**/api/auth/rules', (route) => route.fulfill({ json: { password_min_length: 12 } }));
  await page.goto('/register');
  await expect(page.getByText('At least 12 characters')).toBeVisible();
  await page.getByLabel('Email').fill(uniqueEmail('rules'));
  await page.getByLabel('Password', { exact: true }).fill('ten-chars!');
  await page.getByLabel('Confirm password').fill('ten-chars!');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Must be at least 12 characters long')).toBeVisible();

  await page.unroute('**/api/auth/rules');
  await page.reload();
  await expect(page.getByText('At least 8 characters')).toBeVisible();
  await page.getByLabel('Email').fill(uniqueEmail('spaces'));
  await page.getByLabel('Password', { exact: true }).fill('        ');
  await page.getByLabel('Confirm password').fill('        ');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Password cannot be only spaces')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test('opening a verification link again says the e-mail is already verified', async ({ page, request }) => {
  const email = uniqueEmail('reverify');
  const registered = await request.post('/api/auth/register', {
    data: { email, password: 'e2e-password-1', userType: 'consumer' },
  });
  expect(registered.status()).toBe(201);
  const link = await emailLink(request, email, '/verify-email');

  // The page's timers on a clock the test can move (the redirect after verifying).
  await page.clock.install();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email already verified' })).toBeVisible();
  await expect(page.getByText('Your email is already verified. You can log in.').first()).toBeVisible();
  // It moves on to sign-in after 3 s (VERIFY_REDIRECT_MS): the page's clock jumps them.
  await page.clock.fastForward(3_000);
  await expect(page).toHaveURL(/\/login$/);
});
