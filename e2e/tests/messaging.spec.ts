import { type Browser, expect, type Page, test } from '@playwright/test';
import { createUser, type E2EUser, expectAccessible, producerWithProduct, signInBrowser } from './helpers';

/** A signed-in page whose live connection is up (the socket.io handshake answered). */
async function openSignedIn(browser: Browser, user: E2EUser, path: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInBrowser(page, user);
  const socket = page.waitForEvent('websocket');
  await page.goto(path);
  const ws = await socket;
  await ws.waitForEvent('framereceived', { predicate: (frame) => String(frame.payload).startsWith('40') });
  return page;
}

test('a consumer inquires from a product page; the producer is told live, replies, and the consumer sees typing, the reply and the read receipt', async ({
  browser,
  request,
}) => {
  const { producer, farmName, productId } = await producerWithProduct(request, { farm: 'Sunny Ridge', product: 'Pasture Eggs' });
  const consumer = await createUser(request, 'consumer');

  const producerPage = await openSignedIn(browser, producer, '/dashboard');
  const consumerPage = await openSignedIn(browser, consumer, `/product/${productId}`);

  // The consumer asks the farm from the product page's fold: a question, its quantity part of it (decision 533).
  await consumerPage.locator('summary', { hasText: `Ask ${farmName} a question` }).click();
  const form = consumerPage.locator('form').filter({ has: consumerPage.getByRole('button', { name: 'Send Inquiry' }) });
  await form.getByRole('button', { name: 'Send Inquiry' }).click();
  await expect(form.getByText('Please enter a message')).toBeVisible();
  const quantity = form.getByLabel('Quantity you are asking about');
  await expect(quantity.locator('option').first()).toHaveText('No particular amount');
  await expect(quantity.locator('option').nth(1)).toHaveText('1');
  await quantity.selectOption('2');
  await form.getByLabel('Message').fill('Could I pick up two dozen on Saturday?');
  await form.getByLabel('Preferred contact').selectOption('both');
  await form.getByRole('button', { name: 'Send Inquiry' }).click();
  await expect(consumerPage.getByText('Inquiry sent!')).toBeVisible();

  // The producer, with the app open, gets the toast and the badge without reloading.
  await expect(producerPage.getByText(`New product inquiry from ${consumer.email}`)).toBeVisible();
  const producerHeader = producerPage.getByRole('banner');
  await expect(producerHeader.getByRole('link', { name: /Messages\s*1 unread/ }).first()).toBeVisible();

  // The consumer opens the conversation: the inquiry is there, not yet read.
  await consumerPage.goto('/messages');
  await consumerPage.getByRole('button', { name: new RegExp(farmName) }).click();
  const consumerThread = consumerPage.getByRole('list', { name: `Messages with ${farmName}` });
  await expect(consumerThread.getByText('Could I pick up two dozen on Saturday?')).toBeVisible();
  await expect(consumerThread.getByRole('link', { name: 'Pasture Eggs' })).toBeVisible();
  await expect(consumerPage.getByTestId('read-receipt')).toHaveText(/Sent/);

  // The producer opens it: the consumer's receipt turns to Read, the producer's badge clears.
  await producerHeader
    .getByRole('link', { name: /Messages/ })
    .first()
    .click();
  await producerPage.getByRole('button', { name: new RegExp(consumer.email) }).click();
  // The conversation list previews the same text: look in the open thread.
  await expect(
    producerPage.getByRole('list', { name: /Messages with/ }).getByText('Could I pick up two dozen on Saturday?'),
  ).toBeVisible();
  await expect(consumerPage.getByTestId('read-receipt')).toHaveText(/Read/);
  await expect(producerHeader.getByRole('link', { name: /unread/ })).toHaveCount(0);

  // The producer types: the consumer sees the typing indicator; then the reply arrives.
  const composer = producerPage.getByLabel('Type a message');
  await composer.pressSequentially('Yes, Saturday', { delay: 20 });
  await expect(consumerPage.getByText(`${farmName} is typing…`)).toBeVisible();
  await composer.pressSequentially(' works!', { delay: 20 });
  await composer.press('Enter');
  await expect(consumerThread.getByText('Yes, Saturday works!')).toBeVisible();
  await expect(consumerPage.getByText(`${farmName} is typing…`)).toHaveCount(0);

  await expectAccessible(consumerPage);
  await producerPage.context().close();
  await consumerPage.context().close();
});

test('/messages shows the empty state and passes axe', async ({ page, request }) => {
  const consumer = await createUser(request, 'consumer');
  await signInBrowser(page, consumer);
  await page.goto('/messages');
  await expect(page.getByText('No conversations yet')).toBeVisible();
  await expectAccessible(page);
});

test('sending from the contact modal shows the toast with its conversation link, and the link opens the thread', async ({
  page,
  request,
}) => {
  const { productId } = await producerWithProduct(request);
  const consumer = await createUser(request, 'consumer');
  await signInBrowser(page, consumer);
  await page.goto(`/product/${productId}`);
  await page.getByRole('button', { name: 'Contact Producer' }).click();
  await page.getByRole('dialog').getByLabel('Message').fill('Do you deliver on Saturdays?');
  await page.getByRole('dialog').getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message sent!')).toBeVisible();
  // The page is still there (it went white before: the toast's Link was outside the router).
  await expect(page.getByRole('heading', { name: 'Creek Eggs' })).toBeVisible();
  await page.getByRole('link', { name: 'Open conversation' }).click();
  await expect(page).toHaveURL(/\/messages\?conversation=\d+/);
  await expect(page.getByText('Do you deliver on Saturdays?').first()).toBeVisible();
});
