import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { compareUtf8, TrigramCodes, TrigramQuery, wordSimilarity } from './word-similarity';

/**
 * The producer list and the type-ahead rank by pg_trgm's word_similarity and sort names in byte
 * order; the JavaScript twins must give PostgreSQL's values on both engines (decision 191).
 */
const QUERIES = [
  'honey',
  'Honey Valley',
  'vally',
  'valley farm',
  'grenfield',
  'ridge f',
  'the',
  'farm',
  'a',
  'ee',
  'jam kit',
  'x',
];
const TEXTS = [
  'Honey Valley Farm',
  'Green Valley Farm',
  'Greenfield Dairy',
  'Ridge Farm',
  'Ridgeline Honey Works',
  'The Bee Yard',
  'Unmapped Jam Kitchen',
  'apple orchard co',
  'Valley View Apiary',
  'Farm Farm Farm Valley',
  'Sugar-Free Jam',
  'honeycrisp apples',
  'Tackett Family Farmstead',
  'Three Springs Produce Farm',
  'a',
  '',
];

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.closeAll();
});

describe('word similarity and byte order in JavaScript', () => {
  it('equal pg_trgm word_similarity for every pair', async () => {
    const pairs = QUERIES.flatMap((query) => TEXTS.map((text) => ({ query, text })));
    const result = await app.ctx.db.execute<{ similarity: number; lowered: string }>(sql`
      select word_similarity(p.query, p.text)::float8 as similarity, lower(p.text) as lowered
      from unnest(${`{${pairs.map((p) => JSON.stringify(p.query)).join(',')}}`}::text[],
        ${`{${pairs.map((p) => JSON.stringify(p.text)).join(',')}}`}::text[]) with ordinality as p(query, text, n)
      order by p.n`);
    const dictionary = new TrigramCodes();
    const targets = result.rows.map((row) => dictionary.encode(row.lowered));
    pairs.forEach((pair, i) => {
      const query = new TrigramQuery(pair.query.toLowerCase(), dictionary);
      expect(wordSimilarity(query, targets[i]), `${pair.query} / ${pair.text}`).toBe(Number(result.rows[i].similarity));
    });
  });

  it('orders text as the database does (byte order)', async () => {
    const texts = ['a', 'B', 'b', 'Ab', 'ab', 'a b', 'é', 'z', '\u{1F600}', '\uFF21', 'Farm', 'farm', 'Farmstead', '1', '~'];
    const result = await app.ctx.db.execute<{ t: string }>(
      sql`select t from unnest(${`{${texts.map((t) => JSON.stringify(t)).join(',')}}`}::text[]) as t order by t`,
    );
    expect([...texts].sort(compareUtf8)).toEqual(result.rows.map((row) => row.t));
  });
});
