import { expect, test } from '@playwright/test';
import { createUser, emailLink, expectAccessible, uniqueEmail } from './helpers';

test('a new shopper registers, verifies the e-mail, signs in, keeps dark mode and signs out', async ({ page, request }) => {
  const email = uniqueEmail('journey');
  const password = 'journey-password-1';
  // The page's timers on a clock the test can move (the redirect after verifying).
  await page.clock.install();

  await page.goto('/register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/login\?message=registration-success$/);
  await expect(page.getByText('Account Created Successfully', { exact: true })).toBeVisible();

  await page.goto(await emailLink(request, email, '/verify-email'));
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await expect(page.getByText('Email verified successfully! You can now log in.').first()).toBeVisible();
  // It moves on to sign-in after 3 s (VERIFY_REDIRECT_MS): the page's clock jumps them.
  await page.clock.fastForward(3_000);
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Your Farmstand' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Find Producers/ }).last()).toHaveAttribute('href', '/search');
  await expect(page.getByRole('link', { name: /Browse Products/ }).last()).toHaveAttribute('href', '/products');

  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your Farmstand' })).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/dark/);

  await page.getByRole('button', { name: email }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
});

test('register shows the validation messages of the spec', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Email').fill(uniqueEmail('invalid'));
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('different');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Must be at least 8 characters long')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test('a used or bad verification link shows the error view with its ways out', async ({ page }) => {
  await page.goto('/verify-email?token=not-a-real-token&email=nobody%40example.com');
  await expect(page.getByRole('heading', { name: "We couldn't verify your email" })).toBeVisible();
  await expect(page.getByText('Email verification failed', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create New Account' })).toHaveAttribute('href', '/register');
  await expect(page.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(page.getByText('Verification email sent! Please check your inbox.')).toBeVisible();

  await page.goto('/verify-email');
  await expect(page.getByText('Verification token is missing from the URL.')).toBeVisible();
  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(page.getByText('Email address is required to resend verification').first()).toBeVisible();
});

test('a forgotten password is reset through the e-mailed link', async ({ page, request }) => {
  const user = await createUser(request, 'consumer');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  // The page loads lazily: fill its field, not the sign-in form's that shows until it arrives.
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Check your inbox')).toBeVisible();

  await page.goto(await emailLink(request, user.email, '/reset-password'));
  await page.getByLabel('New password', { exact: true }).fill('brand-new-password');
  await page.getByLabel('Confirm new password').fill('brand-new-passwort');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm new password').fill('brand-new-password');
  await page.getByRole('button', { name: 'Reset password' }).click();
  // The reset ends every earlier session and signs this person in fresh.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Your Farmstand' })).toBeVisible();
  expect((await request.get('/api/auth/me', { headers: { authorization: `Bearer ${user.token}` } })).status()).toBe(401);
  const login = await request.post('/api/auth/login', { data: { email: user.email, password: 'brand-new-password' } });
  expect(login.ok()).toBeTruthy();
});

test('a 401 from the API forgets the token; a page that needs sign-in goes to /login and back after signing in', async ({
  page,
  request,
}) => {
  const user = await createUser(request, 'consumer');
  await page.goto('/terms');
  await page.evaluate(() => localStorage.setItem('token', 'garbage.token.value'));
  await page.goto('/messages');
  await expect(page).toHaveURL(/\/login\?next=%2Fmessages$/);
  await expect(page.getByRole('heading', { name: 'Sign in to Farmstand' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/messages$/);
});

test('an expired session on a public page signs out quietly and the page stays', async ({ page }) => {
  await page.goto('/terms');
  await page.evaluate(() => localStorage.setItem('token', 'garbage.token.value'));
  await page.goto('/pricing');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(page).toHaveURL(/\/pricing$/);
  // The stored token is forgotten as the session ends, which may land a moment after the header.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

for (const theme of ['light', 'dark'] as const) {
  test(`sign-in and registration pages pass axe in ${theme} mode`, async ({ page }) => {
    await page.addInitScript((isDark) => localStorage.setItem('darkMode', String(isDark)), theme === 'dark');
    for (const path of ['/login', '/register']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page);
    }
  });
}
