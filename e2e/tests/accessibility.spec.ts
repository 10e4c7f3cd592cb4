import { expect, test } from '@playwright/test';
import { createUser, DEMO, loginAs, settleAnimations, signInBrowser } from './helpers';

/** Keyboard focus, toasts that never block the page, and tab strips that stay usable at every width. */

for (const width of [1280, 390]) {
  test(`at ${width} px a toast sits below the header and the theme toggle still takes the click`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO.consumer.email);
    await page.getByLabel('Password').fill(DEMO.consumer.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    const toastBox = page.getByRole('status').filter({ hasText: 'Welcome back!' });
    await expect(toastBox).toBeVisible();
    // A success toast lasts 2 s from the sign-in; hovered, it stays while it is measured.
    await toastBox.hover();
    const header = await page.locator('header').first().boundingBox();
    // The toast slides in from above: where it settles is what counts, not a frame of the slide.
    await settleAnimations(page);
    await expect
      .poll(async () => (await toastBox.boundingBox())?.y ?? 0)
      .toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
    // The theme toggle in the header still takes the click while the toast shows (hovered, it stays).
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    const before = await isDark();
    const toggle = page.getByRole('button', { name: /dark mode|light mode/i }).first();
    await toastBox.hover();
    await toggle.click();
    await expect(toastBox).toBeVisible();
    // The theme class is set by an effect after the click's render: wait for it rather than read at once.
    await expect.poll(isDark).toBe(!before);
  });
}

test('the resources tab strip is whole at 1280 px and the chosen tab is in view on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/resources');
  const strip = page.getByRole('tablist', { name: 'Resource topics' });
  const stripBox = await strip.boundingBox();
  for (const tab of await strip.getByRole('tab').all()) {
    const box = await tab.boundingBox();
    expect(box && stripBox && box.x + box.width <= stripBox.x + stripBox.width + 0.5).toBe(true);
  }
  expect(await strip.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/resources?tab=contacts');
  const selected = page.getByRole('tab', { selected: true });
  await expect(selected).toBeInViewport({ ratio: 0.9 });
  await page.getByRole('tab', { selected: true }).press('Home');
  await expect(page.getByRole('tab', { selected: true })).toBeInViewport({ ratio: 0.9 });
});

test('admin dialogs give the focus back: to the opening button on Escape or Cancel, into the row after a confirm, to the panel after a delete', async ({
  page,
  request,
}) => {
  const admin = await loginAs(request, DEMO.admin.email, DEMO.admin.password);
  const producer = await createUser(request, 'producer');
  await signInBrowser(page, admin);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin?tab=users');
  await page.getByLabel('Search users').fill(producer.email);
  const row = page.getByRole('row', { name: new RegExp(producer.email) });

  // Closed without acting: back on the button that opened it.
  const changeType = row.getByRole('button', { name: 'Change Type' });
  await changeType.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(changeType).toBeFocused();
  const suspend = row.getByRole('button', { name: 'Suspend' });
  await suspend.click();
  await page.getByRole('dialog', { name: 'Suspend user' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(suspend).toBeFocused();

  // Confirmed: the row's button changes (Suspend becomes Activate) and the focus is on the new one.
  await suspend.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Suspend' }).click();
  const activate = row.getByRole('button', { name: 'Activate' });
  await expect(activate).toBeVisible();
  await expect(activate).toBeFocused();
  await activate.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Activate' }).click();
  await expect(row.getByRole('button', { name: 'Suspend' })).toBeFocused();

  // Deleted: the row is gone and the focus stays in the users panel, not on the page body.
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[role="tabpanel"]')))).toBe(true);
});
