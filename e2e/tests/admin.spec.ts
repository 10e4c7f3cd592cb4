import { expect, type Locator, test } from '@playwright/test';
import { createUser, DEMO, expectAccessible, loginAs, signInBrowser } from './helpers';

test('the demo admin sees the stats, suspends a user who then cannot sign in, and approves a review', async ({
  page,
  request,
}) => {
  const admin = await loginAs(request, DEMO.admin.email, DEMO.admin.password);
  const target = await createUser(request, 'consumer');
  await signInBrowser(page, admin);

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await expect(page.getByText('Total users')).toBeVisible();
  await expect(page.getByText('Pending reviews')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\?tab=users/);
  await page.getByLabel('Search users').fill(target.email);
  const row = page.getByRole('row', { name: new RegExp(target.email) });
  await expect(row).toHaveCount(1);
  await expectAccessible(page);
  await row.getByRole('button', { name: 'Suspend' }).click();
  await page.getByRole('dialog', { name: 'Suspend user' }).getByRole('button', { name: 'Suspend' }).click();
  await expect(row.getByText('Suspended')).toBeVisible();
  const login = await request.post('/api/auth/login', { data: { email: target.email, password: target.password } });
  expect(login.ok()).toBe(false);

  await page.getByRole('tab', { name: 'Reviews' }).click();
  const approve = page.getByRole('button', { name: 'Approve' });
  await expect(approve.first()).toBeVisible();
  await expectAccessible(page);
  // Tests beside this one submit and approve reviews: follow the one approved here by its id, not the queue's length.
  const moderated = page.waitForRequest((r) => r.method() === 'PUT' && /\/api\/admin\/reviews\/\d+\/moderate$/.test(r.url()));
  await approve.first().click();
  const approvedId = Number((await moderated).url().match(/reviews\/(\d+)\/moderate$/)?.[1]);
  await expect(page.getByText('Review approved')).toBeVisible();
  const pending = async () => {
    const answer = await request.get('/api/admin/reviews', { headers: { authorization: `Bearer ${admin.token}` } });
    expect(answer.ok(), await answer.text()).toBeTruthy();
    return ((await answer.json()) as { reviews: { id: number }[] }).reviews.map((r) => r.id);
  };
  expect(approvedId).toBeGreaterThan(0);
  await expect.poll(pending).not.toContain(approvedId);

  // Every action is in the activity log.
  await page.getByRole('tab', { name: 'Activity Logs' }).click();
  await expect(page.getByRole('cell', { name: 'approve review' }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'suspend user' }).first()).toBeVisible();
});

test('a consumer sees Access Denied on /admin', async ({ page, request }) => {
  const consumer = await createUser(request, 'consumer');
  await signInBrowser(page, consumer);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('You need admin privileges to access this page.')).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
});

test('the admin grants a producer a subscription and saves a settings section', async ({ page, request }) => {
  const admin = await loginAs(request, DEMO.admin.email, DEMO.admin.password);
  const producer = await createUser(request, 'producer');
  await signInBrowser(page, admin);

  await page.goto('/admin?tab=users');
  await page.getByLabel('Search users').fill(producer.email);
  const row = page.getByRole('row', { name: new RegExp(producer.email) });
  await row.getByRole('button', { name: 'Grant Sub' }).click();
  const dialog = page.getByRole('dialog', { name: /Grant subscription/ });
  await expect(dialog.getByLabel('Days')).toHaveValue('30');
  await dialog.getByLabel('Days').fill('0');
  await dialog.getByLabel('Plan').selectOption('annual');
  await dialog.getByRole('button', { name: 'Grant subscription' }).click();
  await expect(page.getByText('Subscription granted successfully')).toBeVisible();
  const status = await request.get('/api/stripe/subscription-status', { headers: { authorization: `Bearer ${producer.token}` } });
  expect(await status.json()).toMatchObject({ status: 'active', plan_type: 'annual' });

  await page.getByRole('tab', { name: 'Settings' }).click();
  // Other specs run against the same server: save the default value back, so nothing else changes.
  const features = page.getByRole('form', { name: 'Features' });
  await features.getByLabel('Max images per product').fill('25');
  await features.getByRole('button', { name: 'Save features settings' }).click();
  await expect(features.getByRole('alert')).toContainText('20');
  await features.getByLabel('Max images per product').fill('5');
  await features.getByRole('button', { name: 'Save features settings' }).click();
  await expect(page.getByText('Settings saved successfully')).toBeVisible();
  await expectAccessible(page);
});

test('admin users: one line of actions per row, cards on a phone, never a sideways scroll, disabled buttons look disabled', async ({
  page,
  request,
}) => {
  const admin = await loginAs(request, DEMO.admin.email, DEMO.admin.password);
  const producer = await createUser(request, 'producer');
  await signInBrowser(page, admin);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin?tab=users');
  // Every row of the first page, then the one searched for (once the search has answered: the
  // table holds its header row and that row only), keeps its actions on one line.
  const table = page.getByRole('tabpanel').getByRole('table');
  await expect(table.getByRole('row').nth(2)).toBeVisible();
  const actionLines = (row: Locator) =>
    row.getByRole('button').evaluateAll((buttons) => new Set(buttons.map((b) => Math.round(b.getBoundingClientRect().top))).size);
  for (const row of await table.getByRole('row').all()) expect(await actionLines(row)).toBeLessThanOrEqual(1);
  await page.getByLabel('Search users').fill(producer.email);
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row', { name: new RegExp(producer.email) });
  for (const name of ['Grant Sub', 'Change Type', 'Suspend', 'Delete'])
    await expect(row.getByRole('button', { name })).toBeVisible();
  expect(await actionLines(row)).toBe(1);

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

  // From phone to wide desktop widths, the users list never scrolls sideways.
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
