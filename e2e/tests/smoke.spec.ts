import { expect, test } from '@playwright/test';
import { expectAccessible } from './helpers';

test('the home page greets a guest with the sign-up calls to action', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start Selling Your Products' })).toHaveAttribute(
    'href',
    '/register?type=producer',
  );
  await expect(page.getByRole('link', { name: 'Find Local Producers' })).toHaveAttribute('href', '/search');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Get Started', exact: true })).toBeVisible();
  await expectAccessible(page);
});
