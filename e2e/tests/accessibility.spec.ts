import { expect, test } from '@playwright/test';
import { createUser, DEMO, loginAs, settleAnimations, signInBrowser } from './helpers';

// Issue 10, items 12, 14, 17, 18 and 20: screens that worked but read or behaved badly.

test('the user-location marker on /map is a round dot with a label, not a sliver (item 12)', async ({ page }) => {
  await page.addInitScript(() =>
    window.localStorage.setItem(
      'userLocation',
      JSON.stringify({ latitude: 38.04, longitude: -84.5, address: 'Lexington, KY', type: 'address' }),
    ),
  );
  await page.goto('/map');
  const dot = page.locator('.user-location-marker__dot');
  await expect(dot).toBeVisible();
  const box = await dot.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(18);
  expect(box?.height).toBeGreaterThanOrEqual(18);
  expect(Math.abs((box?.width ?? 0) - (box?.height ?? 0))).toBeLessThan(1);
  await expect(page.locator('.user-location-marker__label')).toHaveText('You');
});

test('toasts sit below the header and never block its buttons (item 14)', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO.consumer.email);
  await page.getByLabel('Password').fill(DEMO.consumer.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  const toastBox = page.getByRole('status').filter({ hasText: 'Welcome back!' });
  await expect(toastBox).toBeVisible();
  const header = await page.locator('header').first().boundingBox();
  // The toast slides in from above: where it settles is what counts, not a frame of the slide.
  await settleAnimations(page);
  await expect
    .poll(async () => (await toastBox.boundingBox())?.y ?? 0)
    .toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
  // The theme toggle in the header still takes the click while the toast shows.
  const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
  const before = await isDark();
  await page
    .getByRole('button', { name: /dark mode|light mode/i })
    .first()
    .click();
  await expect(toastBox).toBeVisible();
  // The theme class is set by an effect after the click's render: wait for it rather than read at once.
  await expect.poll(isDark).toBe(!before);
});

test('the resources tab strip is whole at 1280 px and the chosen tab is in view on a phone (item 17)', async ({ page }) => {
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

test('focus returns to the opening button after an admin dialog closes (item 18)', async ({ page, request }) => {
  const admin = await loginAs(request, DEMO.admin.email, DEMO.admin.password);
  const producer = await createUser(request, 'producer');
  await signInBrowser(page, admin);
  await page.goto('/admin?tab=users');
  await page.getByLabel('Search users').fill(producer.email);
  const row = page.getByRole('row', { name: new RegExp(producer.email) });
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
});

test('admin users: one line of actions per row, cards on a phone, disabled buttons look disabled (item 20)', async ({
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
  const tops = await Promise.all(
    ['Grant Sub', 'Change Type', 'Suspend', 'Delete'].map(
      async (name) => (await row.getByRole('button', { name }).boundingBox())?.y,
    ),
  );
  expect(new Set(tops).size).toBe(1);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByLabel('Search users').fill('');
  await expect(page.getByRole('list', { name: 'Users' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  const card = page.getByRole('list', { name: 'Users' }).getByRole('listitem').filter({ hasText: producer.email });
  await expect(card.getByRole('button', { name: 'Change Type' })).toBeVisible();

  // A disabled secondary button (the pager's Previous on page 1) is greyed, unlike an enabled one.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  const colour = (name: string) => page.getByRole('button', { name }).evaluate((el) => getComputedStyle(el).color);
  expect(await colour('Previous')).not.toBe(await colour('Next'));
});

test('test-provider billing has no portal button, and the dashboard shows when a cancelled plan ends (item 15)', async ({
  page,
  request,
}) => {
  const producer = await createUser(request, 'producer');
  await signInBrowser(page, producer);
  await page.goto('/billing');
  await page.getByRole('button', { name: /Choose the monthly plan/ }).click();
  const dialog = page.getByRole('dialog');
  const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');
  await dialog.getByLabel('Card number').fill('4242424242424242');
  await dialog.getByLabel('Expiry (MM/YY)').fill(`12${nextYear}`);
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByLabel('ZIP code').fill('40502');
  await dialog.getByRole('button', { name: /Pay \$\d+ and subscribe/ }).click();
  await expect(dialog).toBeHidden();

  // The test provider's "portal" would be this page again: no button, an explanation instead.
  await expect(page.getByRole('button', { name: /Manage billing/ })).toHaveCount(0);
  await expect(page.getByText(/There is no separate billing portal with the test provider/)).toBeVisible();

  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, cancel subscription' }).click();
  await expect(page.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);

  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Subscription' });
  await expect(card).toContainText(/ends on [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  await expect(card).not.toContainText('Your listings are live.');
});

test('admin analytics: a real trend chart with every day and activity in sentences (item 13)', async ({ page, request }) => {
  const admin = await loginAs(request, DEMO.admin.email, DEMO.admin.password);
  const saved = await request.put('/api/admin/settings/security', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { max_login_attempts: 5 },
  });
  expect(saved.ok()).toBe(true);
  await signInBrowser(page, admin);
  await page.goto('/admin?tab=analytics');
  const chart = page.getByRole('img', { name: /New users per day/ });
  await expect(chart).toBeVisible();
  // 30 days: every day is a bar, zeros included (31 buckets counting today's partial one).
  expect(await chart.locator('rect > title').count()).toBeGreaterThanOrEqual(30);
  await expect(chart.locator('text').filter({ hasText: /^0$/ })).toHaveCount(1);
  await expect(
    chart
      .locator('text')
      .filter({ hasText: /^[A-Z][a-z]{2} \d{1,2}$/ })
      .first(),
  ).toBeVisible();
  // A bar is never wider than a bar: the widest drawn bar stays narrow.
  const widths = await chart.locator('rect:has(title)').evaluateAll((rects) => rects.map((r) => r.getBoundingClientRect().width));
  expect(Math.max(...widths)).toBeLessThan(60);
  // Hovering a column shows its date and figure.
  await chart.locator('rect:has(title)').last().hover();
  await expect(page.getByRole('status').filter({ hasText: /^[A-Z][a-z]{2} \d{1,2}: \d+$/ })).toBeVisible();

  const sentence = page.getByText(`${DEMO.admin.email} changed the security settings`).first();
  await expect(sentence).toBeVisible();
  await expect(sentence.locator('xpath=ancestor::ul[1]')).not.toContainText('settings settings');
});

test('home hero fills its right half at desktop width; the pricing consumer card is not stretched (item 22)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const panel = page.getByRole('region', { name: 'How Farmstand works' });
  await expect(panel).toBeVisible();
  const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
  const box = await panel.boundingBox();
  expect(box && heading && box.x > heading.x + 500).toBe(true);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(panel).toBeHidden();

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/pricing');
  const card = page.getByRole('heading', { name: 'For shoppers' }).first().locator('..');
  const list = await card.getByRole('list').boundingBox();
  const action = await card.getByRole('link', { name: 'Sign Up Free' }).boundingBox();
  // The button follows the list instead of sitting under an empty block.
  expect((action?.y ?? 0) - ((list?.y ?? 0) + (list?.height ?? 0))).toBeLessThan(80);
});
