import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { lexemeOf, trigramSimilarity, trigramsOf, Vocabulary } from './query-words';

/**
 * The index turns words into lexemes and typo alternatives in JavaScript; these must be what
 * PostgreSQL (to_tsquery 'english', pg_trgm) makes of them on both engines, or the index and the
 * SQL path would find different things (decision 125).
 */
const WORDS = [
  'honey',
  'eggs',
  'tomatoes',
  'tomato',
  'sourdough',
  'loaves',
  'cheeses',
  'strawberries',
  'running',
  'organic',
  'grass',
  'fed',
  'beef',
  'goat',
  'cheese',
  'jellies',
  'preserves',
  'apples',
  'heirloom',
  'wildflower',
  'pastured',
  'the',
  'and',
  'for',
  'with',
  'our',
  'farm',
  'farmstead',
  'family',
  'generously',
  'happily',
  'cutting',
  'flowers',
  'sunflowers',
  'zinnias',
  'microgreens',
  'kombucha',
  'maple',
  'syrup',
  'sorghum',
  'pawpaw',
  'country',
  'ham',
  'bacon',
  'sausages',
  'lamb',
  'duck',
  'quail',
  'soap',
  'candles',
  'baked',
  'goods',
  'bread',
  'cookies',
  'pies',
  'dozen',
  'pound',
  'jars',
  'ounces',
  'kentucky',
  'tennessee',
  'ohio',
  'indiana',
  'virginia',
  '2024',
  'x12',
  'a1',
  // Letters beyond ASCII are stemmed too (decision 310): 'fraîche' is 'fraîch' to PostgreSQL.
  'fraîche',
  'crème',
  'jalapeños',
  'cafés',
  'crêpes',
  'sautéed',
  'purées',
  'brûlée',
  'soufflés',
  'smörgåsbord',
  'piñones',
  'naïvely',
];

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.closeAll());

describe('query words', () => {
  it('makes the lexemes to_tsquery english makes (stemming, stop words, numbers)', async () => {
    const result = await app.ctx.db.execute<{ word: string; q: string }>(sql`
      select w as word, to_tsquery('english', w)::text as q from unnest(${`{${WORDS.join(',')}}`}::text[]) as w`);
    for (const row of result.rows) {
      const expected = row.q === '' ? null : row.q.replace(/^'|'$/g, '');
      expect(lexemeOf(row.word), row.word).toBe(expected);
    }
  });

  it('scores words as pg_trgm does, and picks the same two alternatives', async () => {
    const pairs = [
      ['sourdogh', 'sourdough'],
      ['tomatos', 'tomatoes'],
      ['abcde', 'abcxyz'],
      ['honey', 'money'],
      ['wildflowr', 'wildflower'],
      ['chese', 'cheese'],
    ];
    for (const [a, b] of pairs) {
      const result = await app.ctx.db.execute<{ s: number }>(sql`select similarity(${a}::text, ${b}::text)::float8 as s`);
      expect(trigramSimilarity(trigramsOf(a), trigramsOf(b)), `${a}/${b}`).toBe(Math.fround(Number(result.rows[0].s)));
    }
    const vocabulary = new Vocabulary(['sourdough', 'sour', 'dough', 'tomatoes', 'tomato', 'honey', 'cheese', 'cheesy']);
    expect(vocabulary.alternativesOf('sourdogh')).toEqual(['sourdough', 'sour']);
    expect(vocabulary.alternativesOf('tomatos')).toEqual(['tomato', 'tomatoes']);
    expect(vocabulary.alternativesOf('honey')).toEqual([]);
    expect(vocabulary.alternativesOf('xyz')).toEqual([]);
  });
});
