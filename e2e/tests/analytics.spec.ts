import { expect, test } from '@playwright/test';
import { createUser, DEMO, expectAccessible, loginAs, producerWithProduct, signInBrowser } from './helpers';

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

/** The analytics events this page sent, by type. */
function collectEvents(page: import('@playwright/test').Page): string[] {
  const events: string[] = [];
  page.on('request', (req) => {
    if (req.url().endsWith('/api/analytics/track') && req.method() === 'POST') {
      events.push((req.postDataJSON() as { eventType: string }).eventType);
    }
  });
  return events;
}

test('signing out from the user menu sends user_logout', async ({ page, request }) => {
  const consumer = await createUser(request, 'consumer');
  await signInBrowser(page, consumer);
  const events = collectEvents(page);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: consumer.email }).click();
  const logout = page.waitForRequest(
    (req) => req.url().endsWith('/api/analytics/track') && req.postData()?.includes('"user_logout"') === true,
  );
  await page.getByRole('button', { name: 'Sign out' }).click();
  const body = (await logout).postDataJSON() as { metadata: { userType?: string } };
  expect(body.metadata.userType).toBe('consumer');
  expect(events).toContain('user_logout');
});

test('reading an unread conversation sends message_read', async ({ page, request }) => {
  const { producer } = await producerWithProduct(request);
  const consumer = await createUser(request, 'consumer');
  const sent = await request.post('/api/messages/conversations', {
    headers: { authorization: `Bearer ${consumer.token}` },
    data: { recipientId: producer.id, content: 'Any duck eggs this week?' },
  });
  expect(sent.ok()).toBeTruthy();
  const { conversationId } = (await sent.json()) as { conversationId: number };
  await signInBrowser(page, producer);
  const read = page.waitForRequest(
    (req) => req.url().endsWith('/api/analytics/track') && req.postData()?.includes('"message_read"') === true,
  );
  await page.goto(`/messages?conversation=${conversationId}`);
  await expect(page.getByText('Any duck eggs this week?').first()).toBeVisible();
  await read;
});

test('admin analytics: a real trend chart with every day and activity in sentences', async ({ page, request }) => {
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
