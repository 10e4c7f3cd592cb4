import { expect, test } from '@playwright/test';
import { createUser, DEMO, expectAccessible, loginAs, signInBrowser } from './helpers';

/**
 * A Kentucky baker fills in a product's label fields while the checklist ticks them off,
 * prints a sheet of labels, and the admin sees the product as label-ready.
 */
test('a producer completes a label checklist and prints labels; the admin sees it label-ready', async ({
  page,
  request,
  browser,
}) => {
  // Its own name: a retry must not find the first attempt's product in the admin's search.
  const suffix = Date.now().toString(36);
  const name = `Honey Oat Bread ${suffix}`;
  const producer = await createUser(request, 'producer');
  const headers = { authorization: `Bearer ${producer.token}` };
  const profile = await request.post('/api/producers', {
    headers,
    data: { farm_name: 'Label Hill Bakery', address: '7 Oven Ln', city: 'Lexington', state: 'KY', zip: '40507' },
  });
  expect(profile.status()).toBe(201);
  const created = await request.post('/api/products', {
    headers,
    data: { name, category: 'bread', price: 6, price_unit: 'loaf', availability: 'available' },
  });
  expect(created.status()).toBe(201);

  await signInBrowser(page, producer);
  await page.goto('/profile?tab=products');
  await page.getByRole('button', { name: `Edit ${name}` }).click();

  const checklist = page.getByRole('region', { name: /Label checklist/ });
  await expect(checklist).toContainText('2 fields are missing for a printable label.');
  await page.getByLabel('Net quantity', { exact: true }).fill('24');
  await page.getByLabel('Net quantity unit').selectOption('oz');
  await expect(checklist).toContainText('1 field is missing');

  // Ingredients go in one by one and can be reordered by keyboard-reachable buttons.
  const ingredient = page.getByLabel('Ingredients', { exact: true });
  for (const item of ['water', 'whole wheat flour', 'rolled oats', 'honey', 'salt']) {
    await ingredient.fill(item);
    await ingredient.press('Enter');
  }
  await page.getByRole('button', { name: 'Move whole wheat flour up' }).click();
  await expect(page.getByRole('list', { name: 'Ingredients in label order' }).getByRole('listitem').first()).toContainText(
    'whole wheat flour',
  );
  await page.getByRole('checkbox', { name: 'wheat', exact: true }).check();
  // Whether the label fits a sheet is measured on the saved product.
  await expect(checklist).toContainText('Save the product to check that the label fits a sheet.');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Product updated successfully!').first()).toBeVisible();
  await expect(checklist).toContainText('Ready to print labels. Fits Avery 5163');

  const saved = await (await request.get('/api/products/mine', { headers })).json();
  const bread = saved.products.find((p: { name: string }) => p.name === name);
  expect(bread).toMatchObject({
    net_quantity: 24,
    net_unit: 'oz',
    ingredient_list: ['whole wheat flour', 'water', 'rolled oats', 'honey', 'salt'],
    ingredients: 'whole wheat flour, water, rolled oats, honey, salt',
    allergens: ['wheat'],
  });

  await page.getByRole('button', { name: 'Back to products' }).click();
  await page.getByRole('button', { name: 'Print labels' }).click();
  const dialog = page.getByRole('dialog', { name: 'Print labels' });
  await dialog.getByLabel('Label sheet').selectOption('avery_22806');
  await dialog.getByLabel('Number of labels').fill('12');
  await dialog.getByLabel('Processing date').fill('2027-07-01');
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Create PDF' }).click();
  expect((await download).suggestedFilename()).toBe(`labels-honey-oat-bread-${suffix}-2027-07-01.pdf`);
  await expect(dialog.getByRole('status')).toContainText('Your labels are ready');
  await expectAccessible(page);

  const admin = await loginAs(request, DEMO.admin.email, DEMO.admin.password);
  const adminPage = await browser.newPage();
  await signInBrowser(adminPage, admin);
  await adminPage.goto('/admin?tab=products');
  await adminPage.getByLabel('Search products').fill(name);
  await expect(adminPage.getByRole('row', { name: new RegExp(name) })).toContainText('Label-ready');
  await adminPage.close();
});

test('the resources page links the cottage-food rules to the label maker', async ({ page }) => {
  await page.goto('/resources');
  await page.getByRole('tab', { name: 'Cottage Food' }).click();
  await expect(page.getByRole('tabpanel').getByRole('link', { name: 'Open the label maker' })).toHaveAttribute(
    'href',
    '/profile?tab=products',
  );
});

test('on a phone, a Tennessee producer prints labels by keyboard alone and sees the check-your-rules notice', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const producer = await createUser(request, 'producer');
  const headers = { authorization: `Bearer ${producer.token}` };
  const profile = await request.post('/api/producers', {
    headers,
    data: {
      farm_name: 'Smoky Ridge Kitchen',
      address: '12 Hollow Rd',
      city: 'Knoxville',
      state: 'TN',
      zip: '37902',
      phone: '(865) 555-0142',
    },
  });
  expect(profile.status()).toBe(201);
  const created = await request.post('/api/products', {
    headers,
    data: {
      name: 'Apple Butter',
      category: 'jellies',
      price: 8,
      price_unit: 'jar',
      availability: 'available',
      net_quantity: 12,
      net_unit: 'oz',
      ingredient_list: ['apples', 'cane sugar', 'cinnamon'],
      allergens: [],
    },
  });
  expect(created.status()).toBe(201);

  await signInBrowser(page, producer);
  await page.goto('/profile?tab=products');
  const opener = page.getByRole('button', { name: 'Print labels' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Print labels' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('note')).toContainText("check your state's rules");
  await expectAccessible(page);

  // Product → Label sheet → Number of labels → Processing date, all from the keyboard.
  await expect(dialog.getByLabel('Product')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Label sheet')).toBeFocused();
  await dialog.getByLabel('Label sheet').selectOption('thermal_4x6');
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Number of labels')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('3');
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Processing date')).toBeFocused();
  await dialog.getByLabel('Processing date').fill('2026-11-20');
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  expect((await download).suggestedFilename()).toBe('labels-apple-butter-2026-11-20.pdf');
  await expect(dialog.getByRole('status')).toContainText('Your labels are ready');

  // A size the statement cannot fit on is not offered; the dialog says why.
  await expect(dialog.getByLabel('Label sheet').locator('option[value="avery_22806"]')).toHaveCount(0);
  await expect(dialog).toContainText('must stay at 10 pt, so choose a larger label');

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});
