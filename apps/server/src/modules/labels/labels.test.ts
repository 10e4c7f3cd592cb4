import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LABEL_SHEETS, type LabelSheetId } from '@farmstand/shared/labels/sheets';
import type { ProductRequest } from '@farmstand/shared/schemas/products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { type PdfPage, readPdf } from '../../test/pdf-text';
import { buildProducer, buildProduct } from '../../test/producer-factories';
import { buildTestApp, type TestApp } from '../../test/test-app';

let app: TestApp;
let producer: TestUser;
beforeAll(async () => {
  app = await buildTestApp();
  producer = await buildProducer(app);
});
afterAll(async () => {
  await app.closeAll();
});

const jam: Partial<ProductRequest> = {
  name: 'Blackberry Jam',
  category: 'jellies',
  description: 'Small-batch jam.',
  price: 7,
  price_unit: 'jar',
  net_quantity: 8,
  net_unit: 'oz',
  ingredient_list: ['blackberries', 'cane sugar', 'lemon juice', 'fruit pectin'],
  allergens: [],
};

const labelsUrl = (id: number, sheet: LabelSheetId, count = 10, date = '2027-07-01') =>
  `/api/products/${id}/labels?sheet=${sheet}&count=${count}&processing_date=${date}`;

async function printPdf(id: number, sheet: LabelSheetId, count = 10, user: TestUser = producer) {
  const res = await app.inject({ method: 'GET', url: labelsUrl(id, sheet, count), headers: bearer(user) });
  return res;
}

/** Text items that fall inside one label slot (row-major) of a sheet page. */
function labelTexts(page: PdfPage, sheetId: LabelSheetId, slot: number) {
  const sheet = LABEL_SHEETS[sheetId];
  const column = slot % sheet.columns;
  const row = Math.floor(slot / sheet.columns);
  const left = (sheet.marginLeft + column * sheet.pitchX) * 72;
  const top = page.height - (sheet.marginTop + row * sheet.pitchY) * 72;
  const box = { left, right: left + sheet.labelWidth * 72, top, bottom: top - sheet.labelHeight * 72 };
  const texts = page.texts.filter((t) => t.x >= box.left - 0.5 && t.x < box.right && t.y <= box.top && t.y >= box.bottom - 0.5);
  return { box, texts, joined: texts.map((t) => t.text).join(' ') };
}

describe('GET /api/products/{id}/labels', () => {
  it('prints 10 Avery 5163 labels on one Letter page with every Kentucky field, the 10 pt statement and nothing outside its box', async () => {
    const id = await buildProduct(app, producer, jam);
    const res = await printPdf(id, 'avery_5163', 10);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pages = await readPdf(res.rawPayload);
    expect(pages).toHaveLength(1);
    expect(pages[0].width).toBeCloseTo(612);
    expect(pages[0].height).toBeCloseTo(792);
    for (let slot = 0; slot < 10; slot++) {
      const { box, texts, joined } = labelTexts(pages[0], 'avery_5163', slot);
      expect(joined).toContain('Blackberry Jam');
      expect(joined).toContain('Net wt 8 oz (227 g)');
      expect(joined).toMatch(/Ingredients: blackberries, cane sugar, lemon juice, fruit pectin\./);
      expect(joined).toContain('Processed: Jul 1, 2027');
      expect(joined).toContain('Bluegrass Acres, 100 Main St, Lexington, KY 40507');
      expect(joined).toContain('This product is home-produced and processed');
      const statement = texts.filter((t) => 'This product is home-produced and processed'.includes(t.text.trim()));
      expect(statement.length).toBeGreaterThan(0);
      for (const line of statement) expect(line.size).toBeGreaterThanOrEqual(10);
      for (const t of texts) {
        expect(t.x + t.width).toBeLessThanOrEqual(box.right + 0.01);
        expect(t.y).toBeGreaterThanOrEqual(box.bottom);
        expect(t.y + t.size).toBeLessThanOrEqual(box.top + 0.01);
      }
    }
  });

  it('is read cleanly by poppler (the printing path of most Linux desktops), fonts included', async () => {
    const id = await buildProduct(app, producer, { ...jam, name: 'Poppler Jam' });
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'labels-')), 'labels.pdf');
    writeFileSync(file, (await printPdf(id, 'avery_5163', 2)).rawPayload);
    // .ci/run installs poppler-utils; a missing or broken font shows as "Syntax Error" on stderr.
    const result = spawnSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(result.error, 'pdftotext (poppler-utils) must be installed').toBeUndefined();
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('Poppler Jam');
    expect(result.stdout).toContain('This product is home-produced and processed');
  });

  it('fills 12 squares per sheet on Avery 22806 and starts a new page for the 13th label', async () => {
    const id = await buildProduct(app, producer, { ...jam, name: 'Peach Butter' });
    const pages = await readPdf((await printPdf(id, 'avery_22806', 13)).rawPayload);
    expect(pages).toHaveLength(2);
    expect(labelTexts(pages[0], 'avery_22806', 11).joined).toContain('Peach Butter');
    expect(labelTexts(pages[1], 'avery_22806', 0).joined).toContain('Peach Butter');
    expect(labelTexts(pages[1], 'avery_22806', 1).texts).toHaveLength(0);
  });

  it('prints one 4×6 thermal label per page', async () => {
    const id = await buildProduct(app, producer, { ...jam, name: 'Thermal Jam' });
    const pages = await readPdf((await printPdf(id, 'thermal_4x6', 2)).rawPayload);
    expect(pages.map((p) => [Math.round(p.width), Math.round(p.height)])).toEqual([
      [288, 432],
      [288, 432],
    ]);
  });

  it('declares allergens with "Contains:"', async () => {
    const id = await buildProduct(app, producer, {
      ...jam,
      name: 'Honey Wheat Loaf',
      category: 'bread',
      ingredient_list: ['whole wheat flour', 'water', 'honey', 'butter (milk)', 'salt', 'yeast'],
      allergens: ['wheat', 'milk'],
    });
    const pages = await readPdf((await printPdf(id, 'avery_5163', 1)).rawPayload);
    expect(labelTexts(pages[0], 'avery_5163', 0).joined).toContain('Contains: wheat, milk.');
  });

  it('refuses text that does not fit, naming the field and the larger sizes, and never shrinks or cuts it', async () => {
    const long = Array.from({ length: 40 }, (_, i) => `organic heirloom ingredient number ${i + 1}`);
    const id = await buildProduct(app, producer, { ...jam, name: 'Everything Preserve', ingredient_list: long });
    const res = await printPdf(id, 'avery_22806', 1);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Ingredients does not fit on Avery 22806 (2″ × 2″, 12 per Letter sheet). Shorten it or choose a larger label: Avery 5163 (2″ × 4″, 10 per Letter sheet) or 4″ × 6″ thermal label (one per page).',
    );
  });

  it('refuses a product missing a required field, naming it', async () => {
    const id = await buildProduct(app, producer, { ...jam, name: 'No Weight Jam', net_quantity: null, net_unit: null });
    const res = await printPdf(id, 'avery_5163', 1);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Net quantity');
  });

  it('prints the Ohio statement for an Ohio producer and the pet-food line for pet food', async () => {
    const ohio = await buildProducer(app, { state: 'OH', city: 'Cincinnati', zip: '45202' });
    const ohioId = await buildProduct(app, ohio, jam);
    const ohioPage = (await readPdf((await printPdf(ohioId, 'avery_5163', 1, ohio)).rawPayload))[0];
    expect(labelTexts(ohioPage, 'avery_5163', 0).joined).toContain('This product is home produced.');

    const tennessee = await buildProducer(app, { state: 'TN', city: 'Nashville', zip: '37203' });
    const petId = await buildProduct(app, tennessee, {
      ...jam,
      name: 'Raw Goat Milk for Pets',
      category: 'pet_food',
      description: 'For pet consumption only.',
      ingredient_list: ['raw goat milk'],
    });
    const petPage = (await readPdf((await printPdf(petId, 'avery_5163', 1, tennessee)).rawPayload))[0];
    const pet = labelTexts(petPage, 'avery_5163', 0).joined;
    expect(pet).toContain('For pet consumption only');
    expect(pet).toContain('(859) 555-0100');
  });

  // Its speed (a 10-sheet PDF well under 1 s) is measured by `npm run bench -- --only=labels`.
  it('prints 100 labels on 10 Letter sheets', async () => {
    const id = await buildProduct(app, producer, { ...jam, name: 'Market Day Jam' });
    const res = await printPdf(id, 'avery_5163', 100);
    expect(res.statusCode).toBe(200);
    const pages = await readPdf(res.rawPayload);
    expect(pages).toHaveLength(10);
    expect(labelTexts(pages[9], 'avery_5163', 9).joined).toContain('Market Day Jam');
  });

  it('lets only the owner and admins print: 401 guest, 403 consumer and other producer', async () => {
    const id = await buildProduct(app, producer, { ...jam, name: 'Private Jam' });
    const consumer = await buildUser(app, { userType: 'consumer' });
    const other = await buildProducer(app);
    const admin = await buildUser(app, { userType: 'admin' });
    expect((await app.inject({ method: 'GET', url: labelsUrl(id, 'avery_5163', 1) })).statusCode).toBe(401);
    expect((await printPdf(id, 'avery_5163', 1, consumer)).statusCode).toBe(403);
    expect((await printPdf(id, 'avery_5163', 1, other)).statusCode).toBe(403);
    expect((await printPdf(id, 'avery_5163', 1, admin)).statusCode).toBe(200);
  });

  it('validates the options with messages a person can act on', async () => {
    const id = await buildProduct(app, producer, { ...jam, name: 'Options Jam' });
    const get = (query: string) =>
      app.inject({ method: 'GET', url: `/api/products/${id}/labels?${query}`, headers: bearer(producer) });
    const bad = [
      ['sheet=avery_9999&count=1&processing_date=2027-01-01', 'Label sheet must be one of'],
      ['sheet=avery_5163&count=0&processing_date=2027-01-01', 'Print at least 1 label'],
      ['sheet=avery_5163&count=501&processing_date=2027-01-01', 'Print at most 500 labels'],
      ['sheet=avery_5163&count=1&processing_date=yesterday', 'Processing date must be a date'],
    ] as const;
    for (const [query, message] of bad) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it('shows admins which products are label-ready and what the others miss', async () => {
    // A farm of its own: the shared one is at its 10-product limit by now.
    const farm = await buildProducer(app);
    const ready = await buildProduct(app, farm, { ...jam, name: 'Admin Ready Jam' });
    const missing = await buildProduct(app, farm, {
      ...jam,
      name: 'Admin Bare Jam',
      net_quantity: null,
      net_unit: null,
      ingredient_list: [],
    });
    const admin = await buildUser(app, { userType: 'admin' });
    const res = await app.inject({ method: 'GET', url: '/api/admin/products?search=Admin&limit=50', headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    const byId = new Map(res.json().products.map((p: { id: number }) => [p.id, p]));
    expect(byId.get(ready)).toMatchObject({ label_ready: true, label_missing: [] });
    expect(byId.get(missing)).toMatchObject({ label_ready: false, label_missing: ['net_quantity', 'ingredients'] });
  });
});
