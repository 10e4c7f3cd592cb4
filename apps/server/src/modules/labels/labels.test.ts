import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { StateCode } from '@farmstand/shared';
import { MEAT_LABEL_REFUSAL } from '@farmstand/shared/labels/meat-rules';
import { STATE_LABEL_RULES } from '@farmstand/shared/labels/rules';
import { LABEL_SHEET_IDS, LABEL_SHEETS, type LabelSheetId } from '@farmstand/shared/labels/sheets';
import type { ProductRequest } from '@farmstand/shared/schemas/products';
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { publicSite } from '../../lib/public-site';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { type PdfPage, readPdf } from '../../test/pdf-text';
import { buildProducer, buildProduct, validProduct } from '../../test/producer-factories';
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
      expect(joined).toContain('Allergens: none declared.');
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

  it('declares allergens with "Contains", in the order the producer gave them', async () => {
    const id = await buildProduct(app, producer, {
      ...jam,
      name: 'Honey Wheat Loaf',
      category: 'bread',
      ingredient_list: ['whole wheat flour', 'water', 'honey', 'butter (milk)', 'salt', 'yeast'],
      allergens: ['wheat', 'milk'],
    });
    const pages = await readPdf((await printPdf(id, 'avery_5163', 1)).rawPayload);
    expect(labelTexts(pages[0], 'avery_5163', 0).joined).toContain('Allergens: Contains wheat, milk.');
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
      allergens: ['milk'],
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

  it('refuses meat and poultry with 400, saying home-food labels do not cover them and what label they carry instead', async () => {
    // A farm of its own: the shared producer's products are near the product limit.
    const farmer = await buildProducer(app);
    const beef = await buildProduct(app, farmer, {
      name: 'Grass-fed ribeye',
      category: 'meat',
      price: 18.99,
      price_unit: 'lb',
      inspection: 'usda',
      establishment_number: 'EST. 45678',
    });
    const chicken = await buildProduct(app, farmer, {
      name: 'Whole chicken',
      category: 'poultry',
      price: 5.49,
      price_unit: 'lb',
      inspection: 'poultry_exempt',
      establishment_number: null,
    });
    for (const id of [beef, chicken]) {
      const print = await printPdf(id, 'avery_5163', 1, farmer);
      expect(print.statusCode).toBe(400);
      expect(print.json().message).toBe(MEAT_LABEL_REFUSAL);
      const sheets = await app.inject({ method: 'GET', url: `/api/products/${id}/labels/sheets`, headers: bearer(farmer) });
      expect(sheets.statusCode).toBe(400);
      expect(sheets.json().message).toBe(MEAT_LABEL_REFUSAL);
    }
    expect(MEAT_LABEL_REFUSAL).toMatch(/inspection legend and establishment number/);
  });

  it('states a by-weight pack’s entered weight as its net weight, and asks for it', async () => {
    // A farm of its own: the file's producer is near the product limit.
    const farmer = await buildProducer(app);
    const fudge = await buildProduct(app, farmer, {
      ...jam,
      name: 'Maple fudge',
      category: 'baked_goods',
      price: 14,
      price_unit: null,
      net_quantity: null,
      net_unit: null,
      weight_unit: 'lb',
      pack_min: 0.4,
      pack_max: 0.6,
      ingredient_list: ['maple syrup', 'cream', 'butter'],
      allergens: ['milk'],
    });
    const sheets = await app.inject({ method: 'GET', url: `/api/products/${fudge}/labels/sheets`, headers: bearer(farmer) });
    expect(sheets.json()).toMatchObject({ ready: true, missing: [] });
    const unweighed = await printPdf(fudge, 'avery_5163', 1, farmer);
    expect(unweighed.statusCode).toBe(400);
    expect(unweighed.json().message).toBe("Give the pack's weight in lb: its label states what the pack weighs");
    const res = await app.inject({
      method: 'GET',
      url: `${labelsUrl(fudge, 'avery_5163', 1)}&weight=0.53`,
      headers: bearer(farmer),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { joined } = labelTexts((await readPdf(res.rawPayload))[0], 'avery_5163', 0);
    expect(joined).toContain('Net wt 0.53 lb');
    expect(res.headers['content-disposition']).toContain('labels-maple-fudge-0.53lb-2027-07-01.pdf');
    const jamId = await buildProduct(app, farmer, { ...jam, name: 'Weighed Jam' });
    const jamWeighed = await app.inject({
      method: 'GET',
      url: `${labelsUrl(jamId, 'avery_5163', 1)}&weight=1`,
      headers: bearer(farmer),
    });
    expect(jamWeighed.statusCode).toBe(400);
    expect(jamWeighed.json().message).toBe('Only a product sold by weight takes a pack weight: print its labels without one');
  });

  it('lets only the owner and admins print: 401 guest, 403 consumer and other producer', async () => {
    const id = await buildProduct(app, producer, { ...jam, name: 'Private Jam' });
    const consumer = await buildUser(app, { userType: 'consumer' });
    const other = await buildProducer(app);
    const admin = await buildUser(app, { userType: 'admin' });
    expect((await app.inject({ method: 'GET', url: labelsUrl(id, 'avery_5163', 1) })).statusCode).toBe(401);
    expect((await printPdf(id, 'avery_5163', 1, consumer)).statusCode).toBe(403);
    const refused = await printPdf(id, 'avery_5163', 1, other);
    expect(refused.statusCode).toBe(403);
    // A read says so too: never "change".
    expect(refused.json().message).toBe('This is another farm’s product: only its own farm manages it, its labels included');
    expect((await printPdf(id, 'avery_5163', 1, admin)).statusCode).toBe(200);
  });

  it('validates the options with messages a person can act on', async () => {
    const id = await buildProduct(app, producer, { ...jam, name: 'Options Jam' });
    const get = (query: string) =>
      app.inject({ method: 'GET', url: `/api/products/${id}/labels?${query}`, headers: bearer(producer) });
    const bad = [
      ['sheet=avery_9999&count=1&processing_date=2027-01-01', 'Label sheet must be one of'],
      ['sheet=avery_5163&count=0&processing_date=2027-01-01', 'Number of labels (count) must be at least 1'],
      ['sheet=avery_5163&count=501&processing_date=2027-01-01', 'Number of labels (count) must be at most 500'],
      ['sheet=avery_5163&count=2.5&processing_date=2027-01-01', 'Number of labels (count) must be a whole number'],
      ['sheet=avery_5163&count=ten&processing_date=2027-01-01', 'Number of labels (count) must be a number'],
      ['sheet=avery_5163&processing_date=2027-01-01', 'Number of labels (count) must be a number'],
      ['sheet=avery_5163&count=1&processing_date=yesterday', 'Processing date must be a date'],
      ['sheet=avery_5163&count=1', 'Processing date is required'],
      ['sheet=avery_5163&count=1&processing_date=2027-02-30', 'Processing date must be a real date'],
      ['sheet=avery_5163&count=1&processing_date=2027-13-01', 'Processing date must be a real date'],
      ['sheet=avery_5163&count=1&processing_date=1900-01-01', 'Processing date must be within the last 10 years'],
      ['sheet=avery_5163&count=1&processing_date=2999-01-01', 'at most a year ahead'],
      ['count=1&processing_date=2027-01-01', 'Label sheet must be one of'],
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

  it('is not label-ready when the label fits no sheet, though every field is filled in', async () => {
    const farm = await buildProducer(app);
    const long = Array.from({ length: 60 }, (_, i) => `ingredient number ${i + 1} ${'with a long description '.repeat(6)}`);
    const id = await buildProduct(app, farm, { ...jam, name: 'Sheetless Jam', ingredient_list: long });
    const admin = await buildUser(app, { userType: 'admin' });
    const res = await app.inject({ method: 'GET', url: '/api/admin/products?search=Sheetless&limit=50', headers: bearer(admin) });
    const product = res.json().products.find((p: { id: number }) => p.id === id);
    expect(product).toMatchObject({ label_ready: false, label_missing: [] });
    const sheets = await app.inject({ method: 'GET', url: `/api/products/${id}/labels/sheets`, headers: bearer(farm) });
    expect(sheets.json()).toMatchObject({ ready: false, missing: [] });
    expect(sheets.json().sheets.every((sheet: { fits: boolean }) => !sheet.fits)).toBe(true);
  });

  it("offers only the sheets a West Virginia farm's label fits, saying why the 2 by 2 square does not", async () => {
    const farm = await buildProducer(app, { state: 'WV', city: 'Charleston', zip: '25301', phone: '(304) 555-0100' });
    const id = await buildProduct(app, farm, jam);
    const res = await app.inject({ method: 'GET', url: `/api/products/${id}/labels/sheets`, headers: bearer(farm) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.ready).toBe(true);
    const bySheet = new Map<string, { reason: string | null }>(
      body.sheets.map((fit: { sheet: string; reason: string | null }) => [fit.sheet, fit]),
    );
    expect(bySheet.get('avery_22806')).toMatchObject({ fits: false, reason: expect.stringContaining('must stay at 10 pt') });
    expect(bySheet.get('avery_5163')).toMatchObject({ fits: true, reason: null });
    expect(bySheet.get('thermal_4x6')).toMatchObject({ fits: true, reason: null });
    // The PDF agrees with the list: the refused sheet is refused with the same reason.
    const refused = await app.inject({ method: 'GET', url: labelsUrl(id, 'avery_22806', 1), headers: bearer(farm) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(bySheet.get('avery_22806')?.reason);
    const other = await buildProducer(app);
    const denied = await app.inject({ method: 'GET', url: `/api/products/${id}/labels/sheets`, headers: bearer(other) });
    expect(denied.statusCode).toBe(403);
  });

  it('refuses to print "none declared" for a product saved before its ingredients were checked for allergens', async () => {
    const farm = await buildProducer(app);
    const id = await buildProduct(app, farm, { ...jam, name: 'Old Cookie', ingredient_list: ['sugar'] });
    await app.ctx.db
      .update(products)
      .set({ ingredientList: ['wheat flour', 'butter', 'eggs', 'peanuts'] })
      .where(eq(products.id, id));
    const res = await app.inject({ method: 'GET', url: labelsUrl(id, 'avery_5163', 1), headers: bearer(farm) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Allergens');
    const sheets = await app.inject({ method: 'GET', url: `/api/products/${id}/labels/sheets`, headers: bearer(farm) });
    expect(sheets.json()).toMatchObject({ ready: false, missing: ['allergens'] });
  });
});

/** The QR code of one label slot, read from the page rendered by poppler the way a phone would see it. */
async function decodeQr(pdf: Uint8Array, sheetId: LabelSheetId, slot: number): Promise<string | null> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'labels-qr-'));
  writeFileSync(path.join(dir, 'labels.pdf'), pdf);
  const dpi = 150;
  const rendered = spawnSync('pdftoppm', ['-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', '-png', 'labels.pdf', 'page'], {
    cwd: dir,
    encoding: 'utf8',
  });
  expect(rendered.status, `pdftoppm (poppler-utils) must be installed: ${rendered.stderr}`).toBe(0);
  const sheet = LABEL_SHEETS[sheetId];
  const region = {
    left: Math.round((sheet.marginLeft + (slot % sheet.columns) * sheet.pitchX) * dpi),
    top: Math.round((sheet.marginTop + Math.floor(slot / sheet.columns) * sheet.pitchY) * dpi),
    width: Math.round(sheet.labelWidth * dpi),
    height: Math.round(sheet.labelHeight * dpi),
  };
  const { data, info } = await sharp(path.join(dir, 'page.png'))
    .extract(region)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

describe('labels by state and sheet', () => {
  const bread: Partial<ProductRequest> = {
    name: 'Honey Wheat Sandwich Bread',
    category: 'bread',
    price: 6,
    price_unit: 'loaf',
    net_quantity: 24,
    net_unit: 'oz',
    ingredient_list: ['whole wheat flour', 'water', 'honey', 'butter (milk)', 'sea salt', 'yeast'],
    allergens: ['wheat', 'milk'],
  };
  const places: Record<StateCode, { city: string; zip: string }> = {
    KY: { city: 'Lexington', zip: '40507' },
    TN: { city: 'Nashville', zip: '37203' },
    IN: { city: 'Indianapolis', zip: '46204' },
    OH: { city: 'Columbus', zip: '43215' },
    WV: { city: 'Charleston', zip: '25301' },
  };

  for (const state of Object.keys(places) as StateCode[]) {
    it(`prints a typical ${state} product on every sheet, every field inside the box, the statement at 10 pt or more`, async () => {
      const farm = await buildProducer(app, { state, ...places[state] });
      const id = await buildProduct(app, farm, bread);
      for (const sheet of LABEL_SHEET_IDS) {
        const res = await printPdf(id, sheet, 2, farm);
        if (state !== 'KY' && state !== 'OH' && sheet === 'avery_22806') {
          // Indiana's, Tennessee's and West Virginia's statements alone fill most of a 2″ square at
          // 10 pt: refused, with the way out.
          expect(res.statusCode).toBe(400);
          expect(res.json().message).toMatch(
            /^Home-produced statement does not fit on Avery 22806 .*: it must stay at 10 pt, so choose a larger label: Avery 5163/,
          );
          continue;
        }
        expect(res.statusCode, `${state} ${sheet}: ${res.body.slice(0, 200)}`).toBe(200);
        const [page] = await readPdf(res.rawPayload);
        const { box, texts, joined } = labelTexts(page, sheet, 0);
        const flat = joined.replace(/\s+/g, ' ');
        for (const expected of [
          'Honey Wheat Sandwich Bread',
          'Net wt 24 oz (680 g)',
          'Ingredients: whole wheat flour, water, honey, butter (milk), sea salt, yeast.',
          'Allergens: Contains wheat, milk.',
          'Processed: Jul 1, 2027',
          `${state} ${places[state].zip}`,
          STATE_LABEL_RULES[state].statement,
        ]) {
          expect(flat, `${state} ${sheet}`).toContain(expected);
        }
        const statementWords = new Set(STATE_LABEL_RULES[state].statement.split(' '));
        const statementLines = texts.filter((t) => t.text.split(' ').every((word) => statementWords.has(word)) && t.size >= 10);
        expect(statementLines.map((t) => t.text).join(' ')).toContain(STATE_LABEL_RULES[state].statement);
        for (const t of texts) {
          expect(t.x).toBeGreaterThanOrEqual(box.left);
          expect(t.x + t.width).toBeLessThanOrEqual(box.right + 0.01);
          expect(t.y).toBeGreaterThanOrEqual(box.bottom);
          expect(t.y + t.size).toBeLessThanOrEqual(box.top + 0.01);
        }
      }
    });
  }

  it('gives every label a QR code that opens the product page', async () => {
    const farm = await buildProducer(app);
    const id = await buildProduct(app, farm, { ...jam, name: 'QR Jam' });
    for (const sheet of LABEL_SHEET_IDS) {
      const pdf = (await printPdf(id, sheet, 3, farm)).rawPayload;
      const slots = LABEL_SHEETS[sheet].columns * LABEL_SHEETS[sheet].rows;
      for (const slot of [0, Math.min(2, slots - 1)]) {
        expect(await decodeQr(pdf, sheet, slot), `${sheet} slot ${slot}`).toBe(`http://localhost:3000/product/${id}`);
      }
    }
  });

  it('points the QR code at PUBLIC_URL, or at the address the producer used when PUBLIC_URL is not set', () => {
    const ctx = (publicUrl: string) => ({ config: { publicUrl, port: 3000 } }) as Parameters<typeof publicSite>[0];
    expect(publicSite(ctx('https://farmstand.example'), 'http://10.0.0.5:3000')).toBe('https://farmstand.example');
    expect(publicSite(ctx('http://localhost:3000'), 'http://192.168.1.20:3000')).toBe('http://192.168.1.20:3000');
    expect(publicSite(ctx('http://localhost:3000'), undefined)).toBe('http://localhost:3000');
  });

  it('labels pet food "For pet consumption only" and a herd share as not a sale of milk', async () => {
    const tennessee = await buildProducer(app, { state: 'TN', ...places.TN });
    const petId = await buildProduct(app, tennessee, {
      ...jam,
      name: 'Raw Goat Milk for Cats',
      category: 'pet_food',
      description: 'For pet consumption only.',
      net_quantity: 1,
      net_unit: 'qt',
      ingredient_list: ['raw goat milk'],
      allergens: ['milk'],
    });
    const kentucky = await buildProducer(app);
    const shareId = await buildProduct(app, kentucky, {
      ...jam,
      name: 'Jersey Herd Share',
      category: 'herdshare',
      description: 'Boarding for your share of the herd.',
      price_unit: 'month',
      net_quantity: 1,
      net_unit: 'gal',
      ingredient_list: [],
      allergens: ['milk'],
    });
    for (const sheet of ['avery_5163', 'thermal_4x6'] as const) {
      const pet = (await readPdf((await printPdf(petId, sheet, 1, tennessee)).rawPayload))[0];
      expect(labelTexts(pet, sheet, 0).joined.replace(/\s+/g, ' ')).toContain('For pet consumption only');
      const share = (await readPdf((await printPdf(shareId, sheet, 1, kentucky)).rawPayload))[0];
      expect(labelTexts(share, sheet, 0).joined.replace(/\s+/g, ' ')).toContain('Not a sale of milk');
    }
  });
});

describe('label fields on the product', () => {
  it('refuses bad label fields with messages that name them', async () => {
    const farm = await buildProducer(app);
    const post = (fields: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: '/api/products', headers: bearer(farm), payload: { ...validProduct(jam), ...fields } });
    const bad: [Record<string, unknown>, string][] = [
      [{ net_quantity: 'a lot' }, 'Net quantity must be a number'],
      [{ net_quantity: -2 }, 'Net quantity must be more than 0'],
      [{ net_unit: 'bushel' }, 'Net unit must be one of: oz, lb'],
      [{ net_quantity: null }, 'Give the net quantity together with its unit'],
      [{ ingredient_list: 'flour, water' }, 'Ingredient list must be a list of ingredients'],
      [{ ingredient_list: ['flour', 7] }, 'Ingredient list: ingredient 2 must be text'],
      [{ ingredient_list: ['flour', 'x'.repeat(201)] }, 'Ingredient list: ingredient 2 must be at most 200 characters'],
      [{ allergens: 'milk' }, 'Allergens must be a list'],
    ];
    for (const [fields, message] of bad) {
      const res = await post(fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it('keeps the ingredient order and free-text allergens through POST, PUT and GET', async () => {
    const farm = await buildProducer(app);
    const id = await buildProduct(app, farm, { ...jam, allergens: ['tree nuts', 'mustard'] });
    const put = await app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: bearer(farm),
      payload: {
        ...validProduct(jam),
        ingredient_list: ['sugar', 'blackberries', 'pectin'],
        allergens: ['sesame', 'celery'],
        net_quantity: 250,
        net_unit: 'g',
      },
    });
    expect(put.statusCode).toBe(200);
    const got = (await app.inject({ method: 'GET', url: `/api/products/${id}` })).json().product;
    expect(got).toMatchObject({
      net_quantity: 250,
      net_unit: 'g',
      ingredient_list: ['sugar', 'blackberries', 'pectin'],
      ingredients: 'sugar, blackberries, pectin',
      allergens: ['sesame', 'celery'],
    });
  });
});
