import { type APIRequestContext, expect, type Locator, test } from '@playwright/test';
import { createUser, DEMO, type E2EUser, expectAccessible, loginAs, signInBrowser } from './helpers';

/** The producer area's rules (farm address, herdshare wording, certification documents) and the admin's verification. */

const auth = (user: { token: string }) => ({ authorization: `Bearer ${user.token}` });

async function createProducerWithFarm(request: APIRequestContext, farmName: string): Promise<E2EUser> {
  const producer = await createUser(request, 'producer');
  const res = await request.post('/api/producers', {
    headers: auth(producer),
    data: { farm_name: farmName, address: '12 Ridge Rd', city: 'Lexington', state: 'KY', zip: '40507' },
  });
  expect(res.status()).toBe(201);
  return producer;
}

test('a verification note reaches the producer and stays with the application', async ({ page, request, browser }) => {
  const admin = await loginAs(request, DEMO.admin.email, DEMO.admin.password);
  const farm = `Notes Farm ${Date.now()}`;
  const producer = await createProducerWithFarm(request, farm);
  const note = 'Please add your cottage food registration number.';

  await signInBrowser(page, admin);
  await page.goto('/admin?tab=verification');
  await page.getByRole('button', { name: new RegExp(farm) }).click();
  await page.getByLabel('Notes').fill(note);
  await page.getByRole('button', { name: 'Request More Info' }).click();
  await expect(page.getByText('More information requested')).toBeVisible();

  // Reopened: the next decision starts with an empty note; the saved one is in the history.
  await page.getByRole('button', { name: new RegExp(farm) }).click();
  await expect(page.getByLabel('Notes')).toHaveValue('');
  const history = page.getByRole('table', { name: 'Verification history' });
  await expect(history.getByRole('row').nth(1)).toContainText('More info requested');
  await expect(history.getByRole('row').nth(1)).toContainText(DEMO.admin.email);
  await expect(history.getByRole('row').nth(1)).toContainText(note);

  // The producer got an e-mail (once it has gone out) and sees the status and the note on the
  // dashboard and the profile.
  const mailed = async () => {
    const outbox = await (await request.get(`/api/test/outbox?to=${encodeURIComponent(producer.email)}`)).json();
    return outbox.emails.some((mail: { body: string }) => mail.body.includes(note));
  };
  await expect.poll(mailed).toBe(true);
  const producerPage = await (await browser.newContext()).newPage();
  await signInBrowser(producerPage, producer);
  await producerPage.goto('/dashboard');
  const status = producerPage.getByRole('region', { name: 'Application status' });
  await expect(status).toContainText('More information needed');
  await expect(status).toContainText(note);
  await expectAccessible(producerPage);
  await producerPage.goto('/profile');
  await expect(producerPage.getByRole('region', { name: 'Application status' })).toContainText(note);
});

test('herdshare milk prices, a ZIP of another town and an unmappable address', async ({ page, request }) => {
  // A ZIP that belongs elsewhere is refused on the form, naming the field.
  const newcomer = await createUser(request, 'producer');
  await signInBrowser(page, newcomer);
  await page.goto('/profile');
  await page.getByLabel('Farm name').fill('Georgetown Greens');
  await page.getByLabel('Street address').fill('1 Main St');
  await page.getByLabel('City').fill('Georgetown');
  await page.getByLabel('ZIP code').fill('90210');
  await page.getByRole('button', { name: 'Create Producer Profile' }).click();
  await expect(page.getByText(/ZIP code 90210 belongs to Beverly Hills, CA/).first()).toBeVisible();
  await expect(page.getByLabel('ZIP code')).toHaveAttribute('aria-invalid', 'true');

  // An address the map cannot place is saved, with a visible warning.
  await page.getByLabel('City').fill('Nowhereville');
  await page.getByLabel('ZIP code').fill('00000');
  await page.getByRole('button', { name: 'Create Producer Profile' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your farm is not on the map' })).toBeVisible();

  // A herdshare that prices milk is refused with the notice.
  const producer = await createProducerWithFarm(request, `Herd Farm ${Date.now()}`);
  await signInBrowser(page, producer);
  await page.goto('/profile?tab=products');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await page.getByLabel('Product name').fill('Jersey Herdshare');
  await page.getByLabel('Category').selectOption('herdshare');
  await page.getByLabel('Description').fill('Milk $8 per gallon');
  await page.getByLabel('Price unit').fill('month');
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(page.getByText(/must not state a price per gallon or sell milk directly/).first()).toBeVisible();
  const mine = await request.get('/api/products/mine', { headers: auth(producer) });
  expect(JSON.stringify(await mine.json())).not.toContain('Jersey Herdshare');
});

/**
 * Clicks a "view document" button and answers the blob: address it opened: a new tab showing it in
 * the full browser's PDF viewer, or in the headless shell (no viewer) a download of the opening page.
 */
async function openedDocument(button: Locator): Promise<string> {
  const page = button.page();
  const opened = new Promise<string>((resolve) => {
    page.once('download', (download) => resolve(download.url()));
    page.context().once('page', (tab) => {
      tab.waitForURL(/^blob:/, { waitUntil: 'commit' }).then(
        () => resolve(tab.url()),
        () => undefined,
      );
    });
  });
  await button.click();
  return opened;
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

test('a producer attaches a certification document; the admin views it; strangers cannot', async ({ page, request, browser }) => {
  const farm = `Document Farm ${Date.now()}`;
  const producer = await createProducerWithFarm(request, farm);
  const added = await request.post('/api/producers/me/certifications', {
    headers: auth(producer),
    data: { certification_type: 'cottage_food_registered', certification_name: 'Home Processor Registration' },
  });
  expect(added.status()).toBe(201);
  const certId = (await added.json()).certification.id;

  await signInBrowser(page, producer);
  await page.goto('/profile?tab=certifications');
  const attach = page.getByLabel('Attach document for Home Processor Registration');
  // Content is checked, not the name: a text file called .pdf is refused.
  await attach.setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf') });
  await expect(page.getByText('Please choose a PDF, JPEG or PNG file')).toBeVisible();
  await attach.setInputFiles({ name: 'registration.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText('Document uploaded successfully!')).toBeVisible();
  const view = page.getByRole('button', { name: /View document of Home Processor Registration/ });
  await expect(view).toBeVisible();
  expect(await openedDocument(view)).toMatch(/^blob:/);

  // Only the owner and admins may download it.
  const url = `/api/certifications/${certId}/document`;
  expect((await request.get(url)).status()).toBe(401);
  const consumer = await createUser(request, 'consumer');
  expect((await request.get(url, { headers: auth(consumer) })).status()).toBe(403);
  const admin = await loginAs(request, DEMO.admin.email, DEMO.admin.password);
  expect((await request.get(url, { headers: auth(admin) })).status()).toBe(200);

  const adminPage = await (await browser.newContext()).newPage();
  await signInBrowser(adminPage, admin);
  await adminPage.goto('/admin?tab=verification');
  await adminPage.getByRole('button', { name: new RegExp(farm) }).click();
  expect(await openedDocument(adminPage.getByRole('button', { name: /View Document/ }))).toMatch(/^blob:/);

  await page.getByRole('button', { name: 'Remove document of Home Processor Registration' }).click();
  await expect(page.getByText('none attached')).toBeVisible();
  expect((await request.get(url, { headers: auth(admin) })).status()).toBe(404);
});
