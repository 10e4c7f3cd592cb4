import { expect, test } from '@playwright/test';
import { createUser, DEMO, loginAs, signInBrowser } from './helpers';

// Issue 10, items 12 and 18, second pass: the search map's marker and a title on every signed-in page.

test('the user-location marker on the /search map is a round dot too (item 12)', async ({ page }) => {
  await page.addInitScript(() =>
    window.localStorage.setItem(
      'userLocation',
      JSON.stringify({ latitude: 38.04, longitude: -84.5, address: 'Lexington, KY', type: 'address' }),
    ),
  );
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/search?view=map');
    const marker = page.getByTitle('Your Location');
    await expect(marker).toBeAttached();
    const box = await marker.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(18);
    expect(Math.abs((box?.width ?? 0) - (box?.height ?? 0))).toBeLessThan(1);
  }
});

test('signed-in pages and admin tabs each have their own document title (item 18)', async ({ page, request }) => {
  const shopper = await createUser(request, 'consumer');
  await signInBrowser(page, shopper);
  const seen = new Set<string>();
  for (const path of ['/orders', '/messages', '/favorites', '/dashboard']) {
    await page.goto(path);
    await expect(page).toHaveTitle(/ \| /);
    seen.add(await page.title());
  }
  expect(seen.size).toBe(4);

  const admin = await loginAs(request, DEMO.admin.email, DEMO.admin.password);
  await signInBrowser(page, admin);
  await page.goto('/admin?tab=users');
  await expect(page).toHaveTitle(/^Users · Admin \| /);
  await page.goto('/admin?tab=health');
  await expect(page).toHaveTitle(/^Health · Admin \| /);
});

test('on a phone a toast stays below the header and the theme toggle still takes the click (item 14)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO.consumer.email);
  await page.getByLabel('Password').fill(DEMO.consumer.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  const toastBox = page.getByRole('status').filter({ hasText: 'Welcome back!' });
  await expect(toastBox).toBeVisible();
  const header = await page.locator('header').first().boundingBox();
  await expect
    .poll(async () => (await toastBox.boundingBox())?.y ?? 0)
    .toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
  const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
  const before = await isDark();
  const toggle = page.getByRole('button', { name: /dark mode|light mode/i }).first();
  await toastBox.hover();
  await toggle.click();
  await expect(toastBox).toBeVisible();
  await expect.poll(isDark).toBe(!before);
});
