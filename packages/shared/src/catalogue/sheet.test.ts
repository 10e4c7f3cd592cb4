import { describe, expect, it } from 'vitest';
import { CATALOGUE_HEADER, type CatalogueCells, readCatalogueFile, readCatalogueRow } from './sheet';

const blank = Object.fromEntries(CATALOGUE_HEADER.map((key) => [key, ''])) as CatalogueCells;

describe('a catalogue row as spreadsheets save it', () => {
  it('reads Excel’s US dates, dollar signs and choices written in words', () => {
    const row = readCatalogueRow({
      ...blank,
      name: 'Sweet corn',
      category: 'Baked goods',
      availability: 'Sold out',
      price: '$1,200.50',
      season_start: '7/1/2026',
      season_end: '2026-09-15',
    });
    expect(row.product).toMatchObject({
      category: 'baked_goods',
      availability: 'sold_out',
      price: 1200.5,
      seasonal_start: '2026-07-01',
      seasonal_end: '2026-09-15',
    });
  });

  it('converts a pack weight written in another unit to the row’s weight unit', () => {
    const row = readCatalogueRow({ ...blank, name: 'Chops', weight_unit: 'lb', pack_min: '24 oz', pack_max: '1 kg' });
    expect(row.product).toMatchObject({ pack_min: 1.5, pack_max: 2.205 });
    const bad = readCatalogueRow({ ...blank, name: 'Chops', weight_unit: 'lb', pack_min: 'heavy' });
    expect(bad.problems).toEqual([{ column: 'pack_min', message: '"heavy" is not a weight: write it like 1.5, 2 lb or 24 oz' }]);
  });

  it('takes the header in any order and case, and skips empty rows', () => {
    const header = [...CATALOGUE_HEADER].reverse().map((c) => c.toUpperCase());
    const file = readCatalogueFile(`${header.join(',')}\n${header.map(() => '').join(',')}\n`);
    expect(file).toEqual({ ok: true, rows: [], problems: [] });
  });
});
