import { describe, expect, it } from 'vitest';
import { standCatalog, standProduct } from './stand.fixture';
import { filterTiles, tilesOf } from './tiles';

describe('the register tiles and search', () => {
  it('makes one tile per product without variants and one per variant', () => {
    const names = tilesOf(standCatalog()).map((t) => t.name);
    expect(names).toContain('Tomatoes');
    expect(names).toContain('Eggs — Dozen');
    expect(names).toContain('Eggs — Half dozen');
    expect(names).not.toContain('Eggs');
  });

  it('finds tiles by every word typed, in name or category', () => {
    const tiles = tilesOf(standCatalog());
    expect(filterTiles(tiles, 'eggs half').map((t) => t.name)).toEqual(['Eggs — Half dozen']);
    expect(filterTiles(tiles, 'HONEY').map((t) => t.name)).toEqual(['Honey']);
    expect(filterTiles(tiles, '  ')).toHaveLength(tiles.length);
  });

  it('filters 500 products and variants on the device within 100 ms per keystroke', () => {
    const products = Array.from({ length: 250 }, (_, i) =>
      standProduct({
        id: i + 1,
        name: `Heirloom tomato ${i}`,
        variants: [
          { id: i * 2 + 1, name: 'Pint', price_cents: 400, weight_unit: null, stock: 5 },
          { id: i * 2 + 2, name: 'Quart', price_cents: 700, weight_unit: null, stock: 5 },
        ],
      }),
    );
    const tiles = tilesOf(standCatalog({ products }));
    expect(tiles).toHaveLength(500);
    const typed = [
      'h',
      'he',
      'hei',
      'heir',
      'heirl',
      'heirloom',
      'heirloom t',
      'heirloom tomato 24',
      'heirloom tomato 249 quart',
    ];
    const started = performance.now();
    for (const text of typed) filterTiles(tiles, text);
    const perKeystroke = (performance.now() - started) / typed.length;
    expect(filterTiles(tiles, 'heirloom tomato 249 quart').map((t) => t.name)).toEqual(['Heirloom tomato 249 — Quart']);
    expect(perKeystroke).toBeLessThan(100);
  });
});
