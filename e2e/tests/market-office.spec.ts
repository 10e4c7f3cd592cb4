import { expect, test } from '@playwright/test';
import { createUser, DEMO, expectAccessible, loginAs, producerWithProduct, signInBrowser } from './helpers';

/**
 * The market office (issue 48 items 1, 2 and 5, decision 581): an admin makes a market and grants
 * its manager; a farm applies; the manager finds the office in the account menu, approves the farm,
 * changes the vendor fee, and downloads the programme's report from the books.
 */
test('a market manager approves a farm that applied, edits the fee and downloads the programme report', async ({
  page,
  request,
}) => {
  const admin = await loginAs(request, DEMO.admin.email, DEMO.admin.password);
  const auth = (user: { token: string }) => ({ authorization: `Bearer ${user.token}` });
  const year = new Date().getFullYear();
  const name = `Test Market ${Date.now()}-${process.pid}`;
  const made = await request.post('/api/markets', {
    headers: auth(admin),
    data: {
      name,
      address: '401 W Main St',
      city: 'Lexington',
      state: 'KY',
      zip: '40507',
      timeZone: 'America/New_York',
      seasonStart: `${year}-01-01`,
      seasonEnd: `${year}-12-31`,
      marketDays: [{ weekday: 6, opens: '07:00', closes: '12:00' }],
    },
  });
  expect(made.status(), await made.text()).toBeLessThan(300);
  const market = (await made.json()) as { id: number };
  const manager = await createUser(request);
  const granted = await request.post(`/api/markets/${market.id}/managers`, {
    headers: auth(admin),
    data: { email: manager.email },
  });
  expect(granted.ok(), await granted.text()).toBeTruthy();
  const { producer, farmName } = await producerWithProduct(request);
  const applied = await request.post(`/api/markets/${market.id}/apply`, {
    headers: auth(producer),
    data: { message: 'Greens and eggs every Saturday' },
  });
  expect(applied.ok(), await applied.text()).toBeTruthy();

  await signInBrowser(page, manager);
  await page.goto('/');
  await page.getByRole('button', { name: manager.email }).click();
  await page.getByRole('link', { name: 'Market office' }).click();
  await expect(page.getByRole('heading', { name: 'Market office', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: `Open the office of ${name}` }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('tab', { name: 'Vendors' }).click();
  await expect(page.getByText('Greens and eggs every Saturday', { exact: false })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: `Approve ${farmName}` }).click();
  await expect(page.getByText(`${farmName} approved`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Vendors' }).getByText(farmName)).toBeVisible();

  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByLabel('How vendors pay').selectOption('per_day');
  await page.getByLabel('Fee per market day attended ($)').fill('15');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  const settings = await request.get(`/api/markets/${market.id}/settings`, { headers: auth(manager) });
  expect(await settings.json()).toMatchObject({ feeKind: 'per_day', feeCents: 1500 });

  await page.getByRole('tab', { name: 'Books' }).click();
  await expect(page.getByRole('heading', { name: 'Reconciliation' })).toBeVisible();
  await expectAccessible(page);
  const report = page.getByRole('heading', { name: 'The programme’s report' }).locator('..');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    report.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
});
