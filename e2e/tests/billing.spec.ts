import { expect, test } from '@playwright/test';
import { createUser, expectAccessible, signInBrowser } from './helpers';

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

async function fillCard(page: import('@playwright/test').Page, number: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry (MM/YY)').fill(`12${nextYear}`);
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByLabel('ZIP code').fill('40502');
  await dialog.getByRole('button', { name: /Pay \$\d+ and subscribe|Subscribe, first charge on/ }).click();
}

test('a new producer subscribes to the annual plan, sees a declined card refused, then cancels', async ({ page, request }) => {
  const producer = await createUser(request, 'producer');
  await signInBrowser(page, producer);
  await page.goto('/billing');
  const status = page.getByRole('region', { name: 'Subscription status' });
  await expect(status.getByText('Free Trial', { exact: true })).toBeVisible();
  await expect(status).toContainText(/30\s*days remaining/);
  await expect(page.getByText('Save $20!')).toBeVisible();
  await expectAccessible(page);

  // A declined card keeps the trial and says why.
  await page.getByRole('button', { name: /Choose the annual plan/ }).click();
  await expect(page.getByRole('dialog', { name: /Annual plan/ })).toBeVisible();
  await expectAccessible(page);
  await fillCard(page, '4000000000000002');
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText(
    'Your card was declined. Try another card or contact your bank.',
  );

  await fillCard(page, '4242424242424242');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(status.getByText('Active', { exact: true })).toBeVisible();
  // Subscribed during the trial: the trial is kept and the first charge falls at its end.
  await expect(
    status.getByText(/^Annual plan\. Your trial continues until .+; the first charge of \$100 is on .+\.$/),
  ).toBeVisible();

  // The dashboard card follows without a reload.
  await page.goto('/dashboard');
  await expect(page.getByText('Active', { exact: true }).first()).toBeVisible();
  await page.goto('/billing');

  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, cancel subscription' }).click();
  await expect(page.getByText(/ends at the end of the current period/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
  await expect(status.getByText('Active', { exact: true })).toBeVisible();
});

test('a consumer visiting /billing is told it is for producers', async ({ page, request }) => {
  const consumer = await createUser(request, 'consumer');
  await signInBrowser(page, consumer);
  await page.goto('/billing');
  await expect(page.getByRole('heading', { name: 'Billing is for producer accounts' })).toBeVisible();
  await page.getByRole('link', { name: 'See pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});

test('a producer with trial days left keeps them: the first charge is said before paying, and the highlighted card is the current plan', async ({
  page,
  request,
}) => {
  const producer = await createUser(request, 'producer');
  await signInBrowser(page, producer);
  await page.goto('/billing');
  // Before choosing, the annual plan (its saving) is the highlighted card.
  const cards = page.locator('[data-highlighted="true"]');
  await expect(cards).toHaveCount(1);
  await expect(cards.getByRole('heading', { name: 'Annual' })).toBeVisible();

  await page.getByRole('button', { name: /Choose the monthly plan/ }).click();
  const dialog = page.getByRole('dialog', { name: /Monthly plan/ });
  await expect(dialog.getByText(/^Your trial continues until (.+); the first charge of \$10 is on \1\.$/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^Subscribe, first charge on / })).toBeVisible();
  await fillCard(page, '4242424242424242');
  await expect(dialog).toBeHidden();

  const status = await (
    await request.get('/api/stripe/subscription-status', { headers: { authorization: `Bearer ${producer.token}` } })
  ).json();
  expect(status).toMatchObject({ status: 'active', plan_type: 'monthly' });
  expect(status.first_charge_at).toBe(status.trial_ends_at);
  expect(Math.round((Date.parse(status.current_period_end) - Date.now()) / 86_400_000)).toBe(30);

  // The ringed card and the "Current plan" badge are the same card.
  await expect(cards).toHaveCount(1);
  await expect(cards.getByText('Current plan')).toBeVisible();
  await expect(cards.getByRole('heading', { name: 'Monthly' })).toBeVisible();
  const shadow = (plan: string) => page.locator(`[data-plan="${plan}"]`).evaluate((card) => getComputedStyle(card).boxShadow);
  expect(await shadow('monthly')).not.toBe(await shadow('annual'));
});

test('the card form refuses an expiry month that has passed', async ({ page, request }) => {
  const producer = await createUser(request, 'producer');
  await signInBrowser(page, producer);
  await page.goto('/billing');
  await page.getByRole('button', { name: /Choose the monthly plan/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Card number').fill('4242424242424242');
  const lastYear = String((new Date().getFullYear() - 1) % 100).padStart(2, '0');
  await dialog.getByLabel('Expiry (MM/YY)').fill(`12${lastYear}`);
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByLabel('ZIP code').fill('40502');
  await dialog.getByRole('button', { name: /Pay \$\d+ and subscribe|Subscribe, first charge on/ }).click();
  await expect(dialog.getByText('This card has expired. Check the expiry date or use another card.')).toBeVisible();
  await expect(dialog).toBeVisible();
  // Nothing was charged: the trial is still running.
  const status = await request.get('/api/stripe/subscription-status', {
    headers: { authorization: `Bearer ${producer.token}` },
  });
  expect((await status.json()).status).toBe('trialing');
});

test('test-provider billing has no portal button, and the dashboard shows when a cancelled plan ends', async ({
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
  await dialog.getByRole('button', { name: /Pay \$\d+ and subscribe|Subscribe, first charge on/ }).click();
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
