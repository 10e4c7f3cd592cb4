import { expect, test } from '@playwright/test';
import { DEMO, emailLink, expectAccessible, loginAs, signInBrowser, uniqueEmail } from './helpers';

/**
 * Stand helpers (issue 47 item 1, decision 579): the farm invites a helper from its stand, the helper
 * sets up their account from the e-mailed link and sees only the stand, and the farm removes them.
 */
test('a farm invites a stand helper, who sees only the stand until the farm removes them', async ({
  page: farmer,
  browser,
  request,
}) => {
  const farm = await loginAs(request, DEMO.producer.email, DEMO.producer.password);
  const email = uniqueEmail('stand-helper');

  await signInBrowser(farmer, farm);
  await farmer.goto('/stand');
  await farmer.getByRole('link', { name: 'Helpers' }).click();
  await expect(farmer.getByRole('heading', { name: 'Stand helpers' })).toBeVisible();
  // By keyboard: the e-mail field, then Enter sends the invitation.
  await farmer.getByLabel('Helper’s e-mail').focus();
  await farmer.keyboard.type(email);
  await farmer.keyboard.press('Enter');
  await expect(farmer.getByText(`Invitation sent to ${email}`)).toBeVisible();
  await expect(farmer.getByRole('heading', { name: /Waiting for an answer/ })).toBeVisible();
  await expectAccessible(farmer);

  const helper = await (await browser.newContext()).newPage();
  await helper.goto(await emailLink(request, email, '/stand/join'));
  await expect(helper.getByRole('heading', { name: /Help run .*’s stand/ })).toBeVisible();
  await expectAccessible(helper);
  await helper.getByLabel('Your name').fill('Sam Booth');
  await helper.getByLabel('Password', { exact: true }).fill('helper-password-1');
  await helper.getByLabel('Confirm password').fill('helper-password-1');
  await helper.getByRole('button', { name: 'Set up my stand account' }).click();
  await expect(helper).toHaveURL(/\/stand$/);
  await expect(helper.getByTestId('stand-status')).toContainText('waiting');
  await expect(helper.getByRole('link', { name: 'Helpers' })).toHaveCount(0);
  await expectAccessible(helper);
  // Only the stand: the dashboard sends them back.
  await helper.goto('/dashboard');
  await expect(helper).toHaveURL(/\/stand$/);

  await farmer.reload();
  await farmer.getByRole('button', { name: 'Remove Sam Booth' }).click();
  await farmer.getByRole('button', { name: 'Remove helper' }).click();
  await expect(farmer.getByText('Sam Booth removed')).toBeVisible();
  const me = await request.get('/api/auth/me', {
    headers: { authorization: `Bearer ${await helper.evaluate(() => localStorage.getItem('token'))}` },
  });
  expect(me.status()).toBe(401);
});
