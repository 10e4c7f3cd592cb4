import { expect, test } from '@playwright/test';
import { expectAccessible, producerWithProduct, signInBrowser } from './helpers';

/**
 * Issue 50 (decision 585): a farm exports its catalogue from the product list, changes a price in
 * the file, imports it back: the dry run shows the change by row, "Apply import" writes it, and the
 * list shows the new price. A broken file shows its problem by row and column and no apply button.
 */
test('exports the catalogue, checks an edited file and applies it from the product list', async ({ page, request }) => {
  test.setTimeout(180_000);
  const { producer } = await producerWithProduct(request, { product: 'Creek Eggs' });
  await signInBrowser(page, producer);
  await page.goto('/profile?tab=products');
  await page.getByRole('button', { name: 'Import / export (CSV)' }).click();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export catalogue (CSV)' }).click();
  const download = await downloading;
  const text = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  expect(text.startsWith('\ufeffproduct_id,')).toBe(true);
  expect(text).toContain(',Creek Eggs,');

  const edited = text.replace(',6.00,dozen,', ',7.25,dozen,');
  const input = page.getByLabel('Import catalogue (CSV UTF-8 file)');
  await input.setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(edited, 'utf8') });
  const changes = page.getByRole('table', { name: 'What the import does' });
  await expect(changes.getByRole('row').nth(1)).toContainText('Creek Eggs');
  await expect(changes.getByRole('row').nth(1)).toContainText('Updated');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Apply import' }).click();
  await expect(page.getByText(/^Imported\./)).toBeVisible();
  await expect(page.getByText('$7.25', { exact: false }).first()).toBeVisible();

  const broken = text.replace(',6.00,dozen,', ',six dollars,dozen,');
  await input.setInputFiles({ name: 'broken.csv', mimeType: 'text/csv', buffer: Buffer.from(broken, 'utf8') });
  const problems = page.getByRole('table', { name: 'Problems in the file' });
  await expect(problems.getByRole('row').nth(1)).toContainText('price');
  await expect(page.getByRole('button', { name: 'Apply import' })).toHaveCount(0);
});
