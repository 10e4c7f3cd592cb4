import { expect, test } from '@playwright/test';
import { createUser, DEMO, loginAs, settleAnimations, signInBrowser } from './helpers';

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
  // Where the toast settles counts, not a frame of its slide-in (settleAnimations).
  await settleAnimations(page);
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

test('after confirming an admin dialog the focus stays in the row, even when its button changes (item 18)', async ({
  page,
  request,
}) => {
  const admin = await loginAs(request, DEMO.admin.email, DEMO.admin.password);
  const shopper = await createUser(request, 'consumer');
  await signInBrowser(page, admin);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin?tab=users');
  await page.getByLabel('Search users').fill(shopper.email);
  const row = page.getByRole('row', { name: new RegExp(shopper.email) });
  await row.getByRole('button', { name: 'Suspend' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Suspend' }).click();
  const activate = row.getByRole('button', { name: 'Activate' });
  await expect(activate).toBeVisible();
  await expect(activate).toBeFocused();

  await activate.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Activate' }).click();
  await expect(row.getByRole('button', { name: 'Suspend' })).toBeFocused();
});

test('after deleting a user from its row the focus stays in the users panel, not on the page body (item 18)', async ({
  page,
  request,
}) => {
  const admin = await loginAs(request, DEMO.admin.email, DEMO.admin.password);
  const shopper = await createUser(request, 'consumer');
  await signInBrowser(page, admin);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin?tab=users');
  await page.getByLabel('Search users').fill(shopper.email);
  const row = page.getByRole('row', { name: new RegExp(shopper.email) });
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[role="tabpanel"]')))).toBe(true);
});

test('the admin users list never scrolls sideways between phone and desktop widths (item 20)', async ({ page, request }) => {
  const admin = await loginAs(request, DEMO.admin.email, DEMO.admin.password);
  await signInBrowser(page, admin);
  for (const width of [1440, 1280, 1024, 768, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/admin?tab=users');
    // Any account will do: the full suite creates many, and the demo ones leave the first page.
    await expect(page.getByRole('tabpanel').getByText(/@/).filter({ visible: true }).first()).toBeVisible();
    const overflow = await page
      .getByRole('tabpanel')
      .evaluate((panel) =>
        [panel, ...panel.querySelectorAll('*')].some(
          (el) => el.scrollWidth > el.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(el).overflowX),
        ),
      );
    expect(overflow, `${width} px`).toBe(false);
  }
});
