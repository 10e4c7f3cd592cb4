import { expect, test } from '@playwright/test';
import { DEMO, expectAccessible, loginAs, signInBrowser } from './helpers';

test('a guest visit to a farm page shows up in the producer’s Analytics tab', async ({ browser, page, request }) => {
  const producer = await loginAs(request, DEMO.producer.email, DEMO.producer.password);

  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  const tracked = guest.waitForResponse(
    (res) =>
      res.url().endsWith('/api/analytics/track') &&
      (res.request().postData() ?? '').includes('"producer_view"') &&
      res.status() === 204,
  );
  await guest.goto(`/producer/${producer.id}`);
  await tracked;
  await guestContext.close();

  await signInBrowser(page, producer);
  await page.goto('/dashboard?tab=analytics');
  await expect(page.getByRole('heading', { name: 'Shopper activity' })).toBeVisible();
  await expect(page.getByTestId('activity-farmViews')).not.toHaveText('0');
  expect(Number(await page.getByTestId('activity-farmViews').textContent())).toBeGreaterThanOrEqual(1);
  await page.getByLabel('Period').selectOption('7');
  await expect(page.getByTestId('activity-farmViews')).not.toHaveText('0');
  await expectAccessible(page);
});
