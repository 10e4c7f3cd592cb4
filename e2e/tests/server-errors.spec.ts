import { expect, type Page, test } from '@playwright/test';
import { createUser, DEMO, loginAs, producerWithProduct, signInBrowser } from './helpers';

/**
 * When the server fails: on a 5xx without a message every screen shows its own fallback text from the
 * spec's two error catalogues (spec 01 §8, spec 02 §8), never 'Request failed (500)'. Each test
 * answers one API call with an empty 500 (a proxy's HTML page for some), does what a person would
 * do, and looks for the catalogue's words.
 */

type Answer = 'empty' | 'html' | 'json-empty';
const BODIES: Record<Answer, { body: string; contentType?: string }> = {
  empty: { body: '' },
  html: { body: '<html><body><h1>502 Bad Gateway</h1></body></html>', contentType: 'text/html' },
  'json-empty': { body: '{}', contentType: 'application/json' },
};

/** Every call to the API path (a regular expression on the path) with this method fails with a 5xx and no message. */
async function failApi(page: Page, path: RegExp, method = 'GET', answer: Answer = 'empty', status = 500) {
  await page.route(
    (url) => url.pathname.startsWith('/api/') && path.test(url.pathname),
    (route) =>
      route.request().method() === method
        ? route.fulfill({ status, body: BODIES[answer].body, contentType: BODIES[answer].contentType })
        : route.fallback(),
  );
}

/** The page's first answers are inlined in its HTML; without them the page asks the API. */
async function withoutInlinedAnswers(page: Page) {
  await page.route(
    (url) => !url.pathname.startsWith('/api/') && !url.pathname.includes('.'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const html = (await response.text()).replace(/<script[^>]*id="initial-data"[^>]*>[\s\S]*?<\/script>/, '');
      await route.fulfill({ response, body: html });
    },
  );
}

async function expectFallback(page: Page, text: string) {
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/Request failed/)).toHaveCount(0);
  await expect(page.getByText(/Bad Gateway/)).toHaveCount(0);
}

/**
 * A failed load (a GET) is asked again once, a second later (app/providers.tsx), before its screen
 * shows the fallback: the page's clock (installed before each test) jumps over that second instead
 * of the test waiting it out, then the fallback is read as after any failure.
 */
async function expectLoadFallback(page: Page, text: string) {
  const fallback = page.getByText(text, { exact: true }).first();
  await expect(async () => {
    if (!(await fallback.isVisible())) await page.clock.fastForward(1000);
    await expect(fallback).toBeVisible({ timeout: 250 });
  }).toPass({ timeout: 10_000 });
  await expectFallback(page, text);
}

const auth = (user: { token: string }) => ({ authorization: `Bearer ${user.token}` });

// The page's timers on a clock the test can move (expectLoadFallback); it runs on as the real one.
test.beforeEach(async ({ page }) => {
  await page.clock.install();
});

// The service worker never answers API calls, so routing the page's calls is enough,
// with the worker running as it does for everyone.

test.describe('spec 01 §8: public and shopper screens', () => {
  test('sign-in, registration, e-mail verification and resending it', async ({ page }) => {
    await failApi(page, /^\/api\/auth\/login$/, 'POST', 'html', 502);
    await page.goto('/login');
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByLabel('Password').fill('whatever-123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectFallback(page, 'Login failed');

    await failApi(page, /^\/api\/auth\/register$/, 'POST', 'json-empty');
    await page.goto('/register');
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByLabel('Password', { exact: true }).fill('whatever-123');
    await page.getByLabel('Confirm password').fill('whatever-123');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectFallback(page, 'Registration failed');

    await failApi(page, /^\/api\/auth\/verify-email$/, 'POST');
    await failApi(page, /^\/api\/auth\/resend-verification$/, 'POST');
    await page.goto('/verify-email?token=abcdef123456&email=someone%40example.com');
    await expectFallback(page, 'Email verification failed. The link may be expired or invalid.');
    await expectFallback(page, 'Email verification failed');
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await expectFallback(page, 'Failed to resend verification email');
  });

  test.describe('pages whose first answers come inside the HTML', () => {
    // The answers are taken out of each page's HTML, which the worker would otherwise fetch itself.
    test.use({ serviceWorkers: 'block' });

    test('map, producer search, product list and product page loads', async ({ page }) => {
      await withoutInlinedAnswers(page);
      await failApi(page, /^\/api\/search\/producers$/);
      await failApi(page, /^\/api\/search\/products$/);
      await failApi(page, /^\/api\/products\/\d+$/);
      await page.goto('/map');
      await expectLoadFallback(page, 'Failed to load producers');
      await page.goto('/search');
      await expectLoadFallback(page, 'Failed to search producers');
      await page.goto('/products');
      await expectLoadFallback(page, 'Failed to load products');
      await page.goto('/product/1');
      await expectLoadFallback(page, 'Failed to load product details');
    });

    test('with the answers left in the HTML, a failing API still shows the fallback', async ({ page }) => {
      const farms = await (await page.request.get('/api/search/producers?limit=1')).json();
      const producerUserId = farms.producers[0].user_id as number;
      await failApi(page, /^\/api\/search\/products$/);
      await failApi(page, /^\/api\/products\/\d+$/);
      await failApi(page, /^\/api\/producers\/\d+$/);
      await page.goto('/products');
      await expectLoadFallback(page, 'Failed to load products');
      await page.goto('/product/1');
      await expectLoadFallback(page, 'Failed to load product details');
      await page.goto(`/producer/${producerUserId}`);
      await expectLoadFallback(page, 'Failed to load producer profile');
    });
  });

  test('messages: conversations, a thread and sending', async ({ page, request }) => {
    const { producer } = await producerWithProduct(request, { farm: 'Fallback Farm', product: 'Fallback Eggs' });
    const consumer = await createUser(request, 'consumer');
    const started = await request.post('/api/messages/conversations', {
      headers: auth(consumer),
      data: { recipientId: producer.id, content: 'Are the eggs still available?' },
    });
    const { conversationId } = (await started.json()) as { conversationId: number };
    await signInBrowser(page, consumer);

    await failApi(page, /^\/api\/messages\/conversations$/);
    await page.goto('/messages');
    await expectLoadFallback(page, 'Failed to load conversations');
    await page.unrouteAll({ behavior: 'wait' });

    await failApi(page, /^\/api\/messages\/conversations\/\d+\/messages$/);
    await page.goto(`/messages?conversation=${conversationId}`);
    await expectLoadFallback(page, 'Failed to load messages');
    await page.unrouteAll({ behavior: 'wait' });

    await failApi(page, /^\/api\/messages\/conversations\/\d+\/messages$/, 'POST');
    await page.goto(`/messages?conversation=${conversationId}`);
    await expect(page.getByText('Are the eggs still available?').first()).toBeVisible();
    await page.getByLabel('Type a message').fill('Hello again');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expectFallback(page, 'Failed to send message');
  });

  test('contact modal, inquiry and favourites', async ({ page, request }) => {
    const { farmName, productId } = await producerWithProduct(request, { farm: 'Fallback Farm', product: 'Fallback Eggs' });
    const consumer = await createUser(request, 'consumer');
    await signInBrowser(page, consumer);
    await failApi(page, /^\/api\/messages\/conversations$/, 'POST');
    await failApi(page, /^\/api\/orders\/inquire$/, 'POST');
    await failApi(page, /^\/api\/favorites\/\d+$/, 'POST');
    await page.goto(`/product/${productId}`);
    await page.getByRole('button', { name: 'Contact Producer' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Message').fill('Do you deliver on Saturdays?');
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await expectFallback(page, 'Failed to send message. Please try again.');
    await page.keyboard.press('Escape');

    await page.locator('summary', { hasText: `Ask ${farmName} a question` }).click();
    const inquiry = page.locator('form').filter({ has: page.getByRole('button', { name: 'Send Inquiry' }) });
    await inquiry.getByLabel('Message').fill('Could I have two dozen on Friday?');
    await inquiry.getByRole('button', { name: 'Send Inquiry' }).click();
    await expectFallback(page, 'Failed to send inquiry');

    await page.getByRole('button', { name: `Save ${farmName} to favorites` }).click();
    await expectFallback(page, 'Error updating favorites');

    await failApi(page, /^\/api\/favorites$/);
    await page.goto('/favorites');
    await expectLoadFallback(page, 'Failed to load favorites');
  });

  test('billing: status, subscribing and cancelling', async ({ page, request }) => {
    const producer = await createUser(request, 'producer');
    await signInBrowser(page, producer);
    await failApi(page, /^\/api\/stripe\/subscription-status$/);
    await page.goto('/billing');
    await expectLoadFallback(page, 'Failed to load subscription status');
    await expect(page.getByRole('button', { name: /try again/i })).toBeVisible();
    await page.unrouteAll({ behavior: 'wait' });

    await failApi(page, /^\/api\/stripe\/create-payment-intent$/, 'POST');
    await page.goto('/billing');
    await page.getByRole('button', { name: /Choose the monthly plan/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Card number').fill('4242424242424242');
    await dialog.getByLabel('Expiry (MM/YY)').fill(`12${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`);
    await dialog.getByLabel('CVC').fill('123');
    await dialog.getByLabel('ZIP code').fill('40502');
    await dialog.getByRole('button', { name: /Pay \$\d+ and subscribe|Subscribe, first charge on/ }).click();
    await expectFallback(page, 'Failed to create subscription');
    await page.unrouteAll({ behavior: 'wait' });

    await failApi(page, /^\/api\/stripe\/confirm-subscription$/, 'POST');
    await dialog.getByRole('button', { name: /Pay \$\d+ and subscribe|Subscribe, first charge on/ }).click();
    await expectFallback(page, 'An error occurred');
    await page.unrouteAll({ behavior: 'wait' });

    // A declined card: the payment step's own words.
    await dialog.getByLabel('Card number').fill('4000000000000002');
    await dialog.getByRole('button', { name: /Pay \$\d+ and subscribe|Subscribe, first charge on/ }).click();
    await expect(dialog.getByText('Your card was declined. Try another card or contact your bank.').first()).toBeVisible();

    await dialog.getByLabel('Card number').fill('4242424242424242');
    await dialog.getByRole('button', { name: /Pay \$\d+ and subscribe|Subscribe, first charge on/ }).click();
    await expect(dialog).toBeHidden();
    await failApi(page, /^\/api\/stripe\/cancel-subscription$/, 'POST');
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Cancel subscription|Yes/ })
      .last()
      .click();
    await expectFallback(page, 'Failed to cancel subscription');
  });
});

test.describe('spec 02 §8: the producer area', () => {
  test('profile, certifications, products, availability and images', async ({ page, request }) => {
    // Sixteen failed loads and actions across two sessions, each checked: about 35 s on a quiet
    // machine, more while CI's other work shares the two cores.
    test.slow();
    const newcomer = await createUser(request, 'producer');
    await signInBrowser(page, newcomer);
    await failApi(page, /^\/api\/producers$/, 'POST');
    await page.goto('/profile');
    await page.getByLabel('Farm name').fill('Fallback Acres');
    await page.getByLabel('Street address').fill('1 Main St');
    await page.getByLabel('City').fill('Lexington');
    await page.getByLabel('ZIP code').fill('40507');
    await page.getByRole('button', { name: 'Create Producer Profile' }).click();
    await expectFallback(page, 'Failed to create profile');

    const { producer } = await producerWithProduct(request, { farm: 'Fallback Farm', product: 'Fallback Eggs' });
    const page2 = await page.context().browser()?.newPage();
    if (!page2) throw new Error('no browser');
    await page2.clock.install();
    await signInBrowser(page2, producer);
    await failApi(page2, /^\/api\/producers\/me\/profile$/);
    await page2.goto('/profile');
    await expectLoadFallback(page2, 'Failed to load producer profile');
    await page2.unrouteAll({ behavior: 'wait' });

    await failApi(page2, /^\/api\/producers\/me$/, 'PUT');
    await page2.goto('/profile');
    await page2.getByLabel('City').fill('Lexington');
    await page2
      .getByRole('button', { name: /Update Profile|Save/ })
      .first()
      .click();
    await expectFallback(page2, 'Failed to update profile');
    await page2.unrouteAll({ behavior: 'wait' });

    await failApi(page2, /^\/api\/products\/mine$/);
    await page2.goto('/profile?tab=products');
    await expectLoadFallback(page2, 'Failed to load products');
    await page2.unrouteAll({ behavior: 'wait' });

    await failApi(page2, /^\/api\/products\/\d+\/availability$/, 'PATCH');
    await failApi(page2, /^\/api\/products\/\d+$/, 'DELETE');
    await failApi(page2, /^\/api\/products\/\d+$/, 'PUT');
    await failApi(page2, /^\/api\/products$/, 'POST');
    await page2.goto('/profile?tab=products');
    await page2.getByLabel('Availability of Fallback Eggs').selectOption('sold_out');
    await expectFallback(page2, 'Failed to update availability');
    await page2.getByRole('button', { name: 'Delete Fallback Eggs' }).click();
    await page2.getByRole('dialog').getByRole('button', { name: 'Delete Product' }).click();
    await expectFallback(page2, 'Failed to delete product');
    await page2.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    await page2.getByRole('button', { name: 'Edit Fallback Eggs' }).click();
    await page2.getByRole('button', { name: 'Save Changes' }).click();
    await expectFallback(page2, 'Failed to update product');
    await page2.goto('/profile?tab=products');
    await page2.getByRole('button', { name: 'Add Product' }).click();
    await page2.getByLabel('Product name').fill('Fallback Honey');
    await page2.getByLabel('Category').selectOption('honey');
    await page2.getByLabel('Price ($)').fill('9');
    await page2.getByLabel('Price unit').fill('jar');
    await page2.getByRole('button', { name: 'Create Product' }).click();
    await expectFallback(page2, 'Failed to create product');
    await page2.unrouteAll({ behavior: 'wait' });

    await failApi(page2, /^\/api\/images\/products\/\d+$/, 'POST');
    await page2.goto('/profile?tab=products');
    await page2.getByRole('button', { name: 'Edit Fallback Eggs' }).click();
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await page2.locator('input[type="file"]').first().setInputFiles({ name: 'eggs.png', mimeType: 'image/png', buffer: png });
    await expectFallback(page2, 'Failed to upload image');
    await page2.unrouteAll({ behavior: 'wait' });

    // With a photo in place, deleting it fails the same way.
    await page2.locator('input[type="file"]').first().setInputFiles({ name: 'eggs.png', mimeType: 'image/png', buffer: png });
    await expect(page2.getByText('Image uploaded successfully!')).toBeVisible();
    await failApi(page2, /^\/api\/images\/products\/\d+\/images$/, 'DELETE');
    await page2.getByRole('button', { name: /^Delete main photo/i }).click();
    await expectFallback(page2, 'Failed to delete image');
    await page2.unrouteAll({ behavior: 'wait' });

    await failApi(page2, /^\/api\/producers\/me\/certifications$/, 'POST');
    await page2.goto('/profile?tab=certifications');
    await page2
      .getByRole('button', { name: /Add Certification/ })
      .first()
      .click();
    await page2.getByLabel('Certification type').selectOption({ index: 1 });
    await page2.getByLabel('Certification name (optional)').fill('Home Processor Registration');
    await page2.getByRole('button', { name: 'Add Certification' }).last().click();
    await expectFallback(page2, 'Failed to add certification');
    await page2.unrouteAll({ behavior: 'wait' });

    const cert = await request.post('/api/producers/me/certifications', {
      headers: auth(producer),
      data: { certification_type: 'cottage_food_registered', certification_name: 'Kitchen Inspection' },
    });
    expect(cert.status()).toBe(201);
    await failApi(page2, /^\/api\/producers\/me\/certifications\/\d+$/, 'DELETE');
    await page2.goto('/profile?tab=certifications');
    await page2.getByRole('button', { name: 'Delete Kitchen Inspection' }).click();
    await page2.getByRole('dialog').getByRole('button', { name: 'Delete Certification' }).click();
    await expectFallback(page2, 'Failed to delete certification');
  });
});

test.describe('spec 02 §8: the admin panel', () => {
  test('every tab load and every action', async ({ page, request }) => {
    // Twelve tab loads and the admin actions, each failed and checked: about 20 s on a busy
    // machine, and CI's other work shares the two cores.
    test.slow();
    const admin = await loginAs(request, DEMO.admin.email, DEMO.admin.password);
    await signInBrowser(page, admin);
    const loads: [string, RegExp, string][] = [
      ['/admin', /^\/api\/admin\/dashboard$/, 'Failed to load dashboard stats'],
      ['/admin?tab=users', /^\/api\/admin\/users$/, 'Failed to load users'],
      ['/admin?tab=products', /^\/api\/admin\/products$/, 'Failed to load products'],
      ['/admin?tab=reviews', /^\/api\/admin\/reviews$/, 'Failed to load reviews'],
      ['/admin?tab=verification', /^\/api\/admin\/verification\/pending$/, 'Failed to load pending producers'],
      ['/admin?tab=certifications', /^\/api\/admin\/certifications$/, 'Failed to load certifications'],
      ['/admin?tab=certifications', /^\/api\/admin\/certifications\/types$/, 'Failed to load certification types'],
      ['/admin?tab=certifications', /^\/api\/admin\/certifications\/expiring$/, 'Failed to load expiring certifications'],
      ['/admin?tab=analytics', /^\/api\/admin\/analytics$/, 'Failed to load analytics'],
      ['/admin?tab=settings', /^\/api\/admin\/settings$/, 'Failed to load system settings'],
      ['/admin?tab=logs', /^\/api\/admin\/logs$/, 'Failed to load admin logs'],
      ['/admin?tab=health', /^\/api\/admin\/health$/, 'Failed to load system health'],
    ];
    for (const [path, api, text] of loads) {
      await failApi(page, api);
      await page.goto(path);
      await test.step(`${path}: ${text}`, () => expectLoadFallback(page, text));
      await page.unrouteAll({ behavior: 'wait' });
    }

    await failApi(page, /^\/api\/admin\/settings\/\w+$/, 'PUT');
    await failApi(page, /^\/api\/admin\/maintenance\/backup$/, 'POST');
    await failApi(page, /^\/api\/admin\/maintenance\/clear-cache$/, 'POST');
    await page.goto('/admin?tab=settings');
    await page.getByRole('button', { name: /Save/ }).first().click();
    await expectFallback(page, 'Failed to save settings');
    await page.getByRole('button', { name: 'Back up now' }).click();
    await expectFallback(page, 'Failed to start backup');
    await page.getByRole('button', { name: 'Clear cache' }).click();
    await expectFallback(page, 'Failed to clear cache');

    // The demo data has reviews waiting for moderation.
    await failApi(page, /^\/api\/admin\/reviews\/\d+\/moderate$/, 'PUT');
    await page.goto('/admin?tab=reviews');
    await page.getByRole('button', { name: 'Reject' }).first().click();
    await page.getByRole('dialog').getByLabel('Reason').fill('Not about the product');
    await page.getByRole('dialog').getByRole('button', { name: 'Reject' }).click();
    await expectFallback(page, 'Failed to reject review');
  });

  test('user, product, producer and certification actions', async ({ page, request }) => {
    const admin = await loginAs(request, DEMO.admin.email, DEMO.admin.password);
    const { producer, farmName } = await producerWithProduct(request, { farm: 'Fallback Farm', product: 'Fallback Eggs' });
    const cert = await request.post('/api/producers/me/certifications', {
      headers: auth(producer),
      data: { certification_type: 'cottage_food_registered', certification_name: 'Home Processor Registration' },
    });
    expect(cert.status()).toBe(201);
    await signInBrowser(page, admin);

    await failApi(page, /^\/api\/admin\/users\/\d+\/status$/, 'PUT');
    await failApi(page, /^\/api\/admin\/users\/\d+\/type$/, 'PUT');
    await page.goto(`/admin?tab=users&search=${encodeURIComponent(producer.email)}`);
    const row = page.getByRole('row').filter({ hasText: producer.email });
    await row.getByRole('button', { name: /Suspend/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Suspend', exact: true }).click();
    await expectFallback(page, 'Failed to suspend user');
    await page.keyboard.press('Escape');
    await row.getByRole('button', { name: /type/i }).click();
    await page.getByRole('dialog').getByRole('combobox').selectOption('consumer');
    await page.getByRole('dialog').getByRole('button', { name: 'Change type' }).click();
    await expectFallback(page, 'Failed to change user type');
    await page.unrouteAll({ behavior: 'wait' });

    await failApi(page, /^\/api\/admin\/products\/\d+\/moderate$/, 'PUT');
    await page.goto('/admin?tab=products');
    // The list changes under the pointer when the search's answer comes: click once it has come.
    const searched = page.waitForResponse((r) => r.url().includes('/api/admin/products') && r.url().includes('Fallback'));
    await page.getByLabel('Search products').fill('Fallback Eggs');
    await searched;
    // Every row but the header's is a Fallback Eggs: the answer is on screen.
    await expect(page.getByRole('row').filter({ hasNotText: 'Fallback Eggs' })).toHaveCount(1);
    await page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: farmName, exact: true }) })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByRole('dialog').getByLabel('Reason').fill('Mislabelled');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expectFallback(page, 'Failed to delete product');
    await page.unrouteAll({ behavior: 'wait' });

    await failApi(page, /^\/api\/admin\/producers\/\d+\/verify$/, 'PUT');
    await page.goto('/admin?tab=verification');
    await page.getByRole('button', { name: new RegExp(farmName) }).click();
    await page.getByRole('button', { name: 'Approve Producer', exact: true }).click();
    // Its certification is not verified yet (the farm is "partial"): the admin confirms first.
    await page.getByRole('dialog').getByRole('button', { name: 'Approve Producer', exact: true }).click();
    await expectFallback(page, 'Failed to approve producer');
    await page.unrouteAll({ behavior: 'wait' });

    await failApi(page, /^\/api\/admin\/producers\/\d+\/details$/);
    await page.goto('/admin?tab=verification');
    await page.getByRole('button', { name: new RegExp(farmName) }).click();
    await expectFallback(page, 'Failed to load producer details');
    await page.unrouteAll({ behavior: 'wait' });

    await failApi(page, /^\/api\/admin\/certifications\/\d+\/moderate$/, 'PUT');
    await failApi(page, /^\/api\/admin\/certifications\/bulk$/, 'POST');
    await page.goto('/admin?tab=certifications');
    const certRow = page.getByRole('row').filter({ hasText: farmName });
    await certRow
      .getByRole('button', { name: /Approve/ })
      .first()
      .click();
    await expectFallback(page, 'Failed to approve certification');
    await certRow.getByRole('checkbox').check();
    await page
      .getByRole('button', { name: /Bulk Reject|Reject selected/ })
      .first()
      .click();
    await expectFallback(page, 'Failed to perform bulk reject');
  });
});

test('a page that fails to render shows a friendly screen inside the shell, with a way back', async ({ page }) => {
  // A malformed answer makes the product page throw while rendering. The server inlines the
  // page's first answers in its HTML; without them the page asks the API.
  await page.route('**/product/1', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(/<script[^>]*id="initial-data"[^>]*>[\s\S]*?<\/script>/, '');
    await route.fulfill({ response, body: html });
  });
  await page.route('**/api/products/1', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }));
  await page.goto('/product/1');
  await expect(page.getByRole('heading', { name: 'Something went wrong on this page' })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Browse All Products' }).first()).toBeVisible();
});
