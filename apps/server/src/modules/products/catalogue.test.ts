import { DEFAULT_SETTINGS } from '@farmstand/shared';
import { CATALOGUE_HEADER, type CatalogueCells, catalogueCsv } from '@farmstand/shared/catalogue/sheet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildProducer, buildProduct } from '../../test/producer-factories';
import { buildTestApp, type TestApp } from '../../test/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.closeAll();
});

const exportCsv = async (user: TestUser) => {
  const res = await app.inject({ method: 'GET', url: '/api/products/catalogue.csv', headers: bearer(user) });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/csv');
  return res.rawPayload;
};

const importCsv = (user: TestUser, body: string | Buffer, query = 'dryRun=false', type = 'text/csv') =>
  app.inject({
    method: 'POST',
    url: `/api/products/catalogue?${query}`,
    headers: { ...bearer(user), 'content-type': type },
    payload: body,
  });

const mine = async (user: TestUser) =>
  (await app.inject({ method: 'GET', url: '/api/products/mine', headers: bearer(user) })).json().products as {
    id: number;
    name: string;
    active: boolean;
    stock_quantity: number | null;
    description: string | null;
    variants: { id: number; name: string; stock_quantity: number | null }[];
  }[];

const blank = Object.fromEntries(CATALOGUE_HEADER.map((key) => [key, ''])) as CatalogueCells;
const row = (cells: Partial<CatalogueCells>): CatalogueCells => ({ ...blank, ...cells });

/** A farm with one of each kind of product the form knows. */
async function stockedFarm() {
  const producer = await buildProducer(app);
  await buildProduct(app, producer, {
    name: 'Heirloom tomatoes',
    category: 'produce',
    price: 4.5,
    price_unit: 'lb',
    stock_quantity: 40,
  });
  await buildProduct(app, producer, {
    name: 'Blackberry jam',
    category: 'jellies',
    description: '=HYPERLINK("http://evil.example","click") - a formula-looking text, "quoted", with, commas\nand a line break',
    price: 8,
    price_unit: '8 oz jar',
    ingredient_list: ['blackberries', 'sugar', 'pectin (citrus, apple)'],
    allergens: [],
    net_quantity: 8,
    net_unit: 'oz',
    seller_type: 'home_processor',
    stock_quantity: 12,
    day_limit: 5,
  });
  await buildProduct(app, producer, {
    name: 'Grass-fed beef',
    category: 'meat',
    description: 'Raised on pasture',
    price: null,
    price_unit: null,
    stock_quantity: null,
    allergens: [],
    inspection: 'usda',
    establishment_number: 'EST. 45678',
    variants: [
      { name: 'Ribeye', price: 18.99, weight_unit: 'lb', pack_min: 1, pack_max: 1.4, stock_quantity: 12 },
      { name: 'Ground beef', price: 8.49, weight_unit: 'lb', pack_min: 1, pack_max: 1, stock_quantity: 20 },
    ] as never,
  });
  await buildProduct(app, producer, {
    name: 'Sweet corn',
    category: 'produce',
    price: 6,
    price_unit: 'dozen',
    availability: 'seasonal',
    seasonal_start: '2026-07-01',
    seasonal_end: '2026-09-15',
    stock_quantity: null,
    origin_state: 'IN',
  });
  return producer;
}

describe('catalogue round trip', () => {
  it('exports UTF-8 with a BOM and CRLF, and a no-op import changes nothing and re-exports byte-identical', async () => {
    const producer = await stockedFarm();
    const first = await exportCsv(producer);
    expect([...first.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = first.toString('utf8');
    expect(text).toContain('\r\n');
    expect(text.split('\r\n')[0]).toBe(`\ufeff${CATALOGUE_HEADER.join(',')}`);
    // The formula-looking description is written with its guard, inside quotes.
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")`);
    expect(text).toContain('8 oz');

    const dry = await importCsv(producer, first, 'dryRun=true');
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({ dryRun: true, written: false, created: 0, updated: 0, unchanged: 4, problems: [] });
    expect(dry.json().rows).toBe(5);

    const applied = await importCsv(producer, first);
    expect(applied.json()).toMatchObject({ written: true, created: 0, updated: 0, unchanged: 4, problems: [] });
    expect(Buffer.compare(await exportCsv(producer), first)).toBe(0);
    const jam = (await mine(producer)).find((p) => p.name === 'Blackberry jam');
    expect(jam?.description?.startsWith('=HYPERLINK')).toBe(true);
  });

  it('updates by product and variant id, creates rows without a key, and keeps the farm codes', async () => {
    const producer = await stockedFarm();
    const text = (await exportCsv(producer)).toString('utf8');
    const edited = text
      .replace('Heirloom tomatoes,', 'Heirloom tomatoes (mixed),')
      .replace(/\r\n$/, `\r\n,,HON-1,,Wildflower honey,,honey,,available,,12.00,jar,,,,30,,,,honey,,,1 lb,,,,,,,\r\n`);
    const res = await importCsv(producer, edited);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ written: true, created: 1, updated: 1, unchanged: 3, problems: [] });
    const products = await mine(producer);
    expect(products.map((p) => p.name)).toEqual(expect.arrayContaining(['Heirloom tomatoes (mixed)', 'Wildflower honey']));
    expect(products.filter((p) => p.active)).toHaveLength(5);
    const again = (await exportCsv(producer)).toString('utf8');
    expect(again).toContain(',HON-1,,Wildflower honey,');
    expect(again).toContain(',1 lb,');
  });

  it('imports the same first spreadsheet twice without making duplicates (matched by name)', async () => {
    const producer = await buildProducer(app);
    const file = catalogueCsv([
      row({
        name: 'Brown eggs',
        category: 'eggs',
        availability: 'available',
        price: '5.50',
        price_unit: 'dozen',
        stock: '24',
        allergens: 'eggs',
      }),
      row({
        name: 'Sourdough',
        category: 'Bread',
        availability: 'Available',
        price: '$9',
        stock: '6',
        ingredients: 'flour (wheat), water, salt',
        allergens: 'wheat',
      }),
    ]);
    expect((await importCsv(producer, file)).json()).toMatchObject({ created: 2, problems: [] });
    const second = (await importCsv(producer, file)).json();
    expect(second).toMatchObject({ created: 0, problems: [] });
    expect((await mine(producer)).filter((p) => p.active)).toHaveLength(2);
  });

  it('writes nothing when one row is bad, and names its row and column', async () => {
    const producer = await stockedFarm();
    const before = await exportCsv(producer);
    const lines = before.toString('utf8').split('\r\n');
    // Row 2 (the tomatoes): a price that is not a number; and a new product with an unknown category.
    lines[1] = lines[1].replace(',4.50,', ',four fifty,');
    lines.splice(lines.length - 1, 0, ',,,,Goat cheese,,cheese,,available,,7.00,each,,,,,,,,,,,,,,,,,,');
    const res = await importCsv(producer, lines.join('\r\n'));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.written).toBe(false);
    expect(body.problems).toEqual(
      expect.arrayContaining([
        { row: 2, column: 'price', message: 'Price must be a number' },
        expect.objectContaining({ row: lines.length - 1, column: 'category' }),
      ]),
    );
    expect(Buffer.compare(await exportCsv(producer), before)).toBe(0);
  });

  it('applies the product form’s rules beyond its schema (fresh produce takes no ingredients)', async () => {
    const producer = await buildProducer(app);
    const file = catalogueCsv([
      row({
        name: 'Carrots',
        category: 'produce',
        availability: 'available',
        price: '3',
        price_unit: 'bunch',
        ingredients: 'carrots',
      }),
    ]);
    const body = (await importCsv(producer, file)).json();
    expect(body.written).toBe(false);
    expect(body.problems[0]).toMatchObject({ row: 2, column: 'ingredients' });
  });

  it('sets counted stock to zero for products absent from the file when asked', async () => {
    const producer = await stockedFarm();
    const lines = (await exportCsv(producer)).toString('utf8').split('\r\n');
    const onlyTomatoes = [lines[0], lines[1], ''].join('\r\n');
    const dry = (await importCsv(producer, onlyTomatoes, 'dryRun=true&zeroMissing=true')).json();
    expect(dry).toMatchObject({ written: false, unchanged: 1, zeroed: 3 });
    const res = (await importCsv(producer, onlyTomatoes, 'dryRun=false&zeroMissing=true')).json();
    expect(res).toMatchObject({ written: true, zeroed: 3 });
    const products = await mine(producer);
    expect(products.find((p) => p.name === 'Blackberry jam')?.stock_quantity).toBe(0);
    expect(products.find((p) => p.name === 'Grass-fed beef')?.variants.map((v) => v.stock_quantity)).toEqual([0, 0]);
    expect(products.find((p) => p.name === 'Heirloom tomatoes')?.stock_quantity).toBe(40);
    expect(products.find((p) => p.name === 'Sweet corn')?.stock_quantity).toBeNull();
  });

  it('reads pack and net weights as farmers write them', async () => {
    const producer = await buildProducer(app);
    const file = catalogueCsv([
      row({
        name: 'Pork chops',
        category: 'meat',
        availability: 'available',
        price: '9.99',
        weight_unit: 'lb',
        pack_min: '1/2 lb',
        pack_max: '16 oz',
        inspection: 'usda',
        establishment_number: 'EST. 1',
      }),
    ]);
    expect((await importCsv(producer, file)).json()).toMatchObject({ created: 1, problems: [] });
    const text = (await exportCsv(producer)).toString('utf8');
    expect(text).toContain(',lb,0.5,1,');
  });
});

describe('catalogue import refuses hostile files with a 4xx', () => {
  let producer: TestUser;
  beforeAll(async () => {
    producer = await buildProducer(app);
  });

  it('refuses UTF-16 and invalid UTF-8 saying to save as CSV UTF-8', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(CATALOGUE_HEADER.join(','), 'utf16le')]);
    const res = await importCsv(producer, utf16);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('CSV UTF-8');
    const latin1 = Buffer.from(`${CATALOGUE_HEADER.join(',')}\r\n,,,,Jalape\xf1os,,produce,,available\r\n`, 'latin1');
    expect((await importCsv(producer, latin1)).json().message).toContain('CSV UTF-8');
  });

  it('names the missing and unknown columns of a header that does not match', async () => {
    const header = [...CATALOGUE_HEADER.filter((c) => c !== 'stock'), 'colour'];
    const res = await importCsv(producer, `${header.join(',')}\r\n`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/missing column: stock.*unknown column: colour/);
  });

  it('refuses more than 5,000 rows, an unclosed quote and an empty file', async () => {
    const many = `${CATALOGUE_HEADER.join(',')}\r\n${',,,,x,,produce,,available\r\n'.repeat(5001)}`;
    const res = await importCsv(producer, many);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('5,000 rows');
    const open = await importCsv(producer, `${CATALOGUE_HEADER.join(',')}\r\n,,,,"Eggs,,eggs\r\n`);
    expect(open.statusCode).toBe(400);
    expect(open.json().message).toContain('never closed');
    expect((await importCsv(producer, '')).statusCode).toBe(400);
  });

  it('answers a file broken on every row with at most 500 problems, the last one counting the rest', async () => {
    const many = `${CATALOGUE_HEADER.join(',')}\r\n${',,,,,,nonsense,,available\r\n'.repeat(1000)}`;
    const res = await importCsv(producer, many);
    expect(res.statusCode).toBe(200);
    const problems = res.json().problems as { message: string }[];
    expect(problems).toHaveLength(500);
    expect(problems[499].message).toMatch(/^…and [\d,]+ more problems/);
  });

  it('answers 413 with a message for a file over 5 MB, and for a 50 MB body', async () => {
    const big = await importCsv(producer, Buffer.alloc(5 * 1024 * 1024 + 10, 'a'));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toContain('5 MB');
    const huge = await importCsv(producer, Buffer.alloc(50 * 1024 * 1024, 'a'));
    expect(huge.statusCode).toBe(413);
  });

  it('refuses a JSON body, and shoppers', async () => {
    const json = await app.inject({
      method: 'POST',
      url: '/api/products/catalogue',
      headers: bearer(producer),
      payload: { rows: [] },
    });
    expect(json.statusCode).toBe(415);
    const shopper = await buildUser(app, { userType: 'consumer' });
    expect((await importCsv(shopper, 'x')).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/products/catalogue.csv', headers: bearer(shopper) })).statusCode).toBe(
      403,
    );
  });
});

describe('a generated catalogue of 1,000 rows', () => {
  it('imports, exports and round-trips byte-identical', async () => {
    await app.ctx.settings.set('features', {
      ...DEFAULT_SETTINGS.features,
      max_products_per_producer: 100,
      max_products_subscribed: 100,
      max_variants_per_product: 10,
    });
    try {
      const producer = await buildProducer(app);
      const rows = Array.from({ length: 100 }, (_, p) =>
        Array.from({ length: 10 }, (_, v) =>
          row({
            sku: `P${p}`,
            variant_sku: `P${p}-${v}`,
            name: `Product ${p}`,
            variant_name: `Size ${v}`,
            category: p % 2 ? 'produce' : 'honey',
            availability: 'available',
            variant_availability: 'available',
            price: `${p}.${String(v).padStart(2, '0')}`,
            price_unit: 'each',
            stock: String(v),
            allergens: '',
          }),
        ),
      ).flat();
      const created = await importCsv(producer, catalogueCsv(rows));
      expect(created.json()).toMatchObject({ written: true, created: 100, problems: [] });
      const first = await exportCsv(producer);
      expect(first.toString('utf8').split('\r\n')).toHaveLength(1002);
      const again = await importCsv(producer, first);
      expect(again.json()).toMatchObject({ unchanged: 100, created: 0, updated: 0, problems: [] });
      expect(Buffer.compare(await exportCsv(producer), first)).toBe(0);
    } finally {
      await app.ctx.settings.set('features', DEFAULT_SETTINGS.features);
    }
  }, 120_000);
});
