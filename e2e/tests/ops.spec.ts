import { expect, test } from '@playwright/test';
import { DEMO, expectAccessible, loginAs, signInBrowser } from './helpers';

test('the Health tab shows measured platform figures with their ratings, and the background jobs', async ({ page, request }) => {
  const admin = await loginAs(request, DEMO.admin.email, DEMO.admin.password);
  await signInBrowser(page, admin);
  await page.goto('/admin?tab=health');
  await expect(page.getByRole('heading', { name: 'Platform health' })).toBeVisible();
  await expect(page.getByText('Good under 200 ms, warning under 500 ms, else critical')).toBeVisible();
  await expect(page.getByText('Good under 1%, warning under 5%, else critical')).toBeVisible();
  await expect(page.getByText('Good over 99%, warning over 95%, else critical')).toBeVisible();
  // Measured: a percentage, never "Not measured".
  await expect(page.getByText('Not measured')).toHaveCount(0);
  await expect(page.getByText(/^\d+(\.\d+)?%$/).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Background jobs' })).toBeVisible();
  await expect(page.getByText('The job queue runs on this server.')).toBeVisible();
  await expect(page.getByText(/undeliverable \(dead letters\)/)).toBeVisible();
  await expectAccessible(page);
});

test('an uncaught error in the browser reaches the admin’s Logs tab', async ({ page, request }) => {
  const admin = await loginAs(request, DEMO.admin.email, DEMO.admin.password);
  await signInBrowser(page, admin);
  await page.goto('/');
  const marker = `e2e boom ${Date.now()}`;
  await page.evaluate((message) => {
    setTimeout(() => {
      throw new Error(message);
    });
  }, marker);
  await expect
    .poll(async () =>
      (
        await (await request.get('/api/admin/client-errors', { headers: { authorization: `Bearer ${admin.token}` } })).json()
      ).errors.map((e: { message: string }) => e.message),
    )
    .toContain(`Error: ${marker}`);
  await page.goto('/admin?tab=logs');
  await expect(page.getByRole('heading', { name: 'Browser errors' })).toBeVisible();
  await expect(page.getByText(`Error: ${marker}`, { exact: true })).toBeVisible();
  await expectAccessible(page);
});
