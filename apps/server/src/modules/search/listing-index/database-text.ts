import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';

/**
 * How the database treats text, read once when the index loads (decisions 191, 310). The producer
 * list and the type-ahead compare names by PostgreSQL's `lower()`, `ilike`, pg_trgm's word
 * characters and byte order; the index does the same in JavaScript. Where the two agree the index
 * answers, elsewhere SQL does:
 * - `bytewiseOrder`: the database sorts text in byte order (collation C, POSIX or C.UTF-8);
 * - `alike`: the characters beyond printable ASCII that the database lower-cases as JavaScript does
 *   (alone, after a letter and before one: Greek's final sigma differs there) and counts as a word
 *   character exactly when JavaScript's `\p{L}\p{N}` does (pg_trgm's words).
 * A plain object, so a search thread sends it to the main thread as it is.
 */
export type TextRules = { bytewiseOrder: boolean; alike: string };

export const NO_TEXT_RULES: TextRules = { bytewiseOrder: false, alike: '' };

/**
 * The characters probed: Latin-1 Supplement to Cyrillic Supplement and Latin Extended Additional,
 * every accented letter of the languages a farm or a product is named in here (café, jalapeño,
 * crème fraîche, Kölsch, pierogi's Polish). Others (CJK, emoji…) are left to SQL.
 */
const PROBED_RANGES = [
  [0xa0, 0x52f],
  [0x1e00, 0x1eff],
] as const;

function probedCharacters(): string[] {
  const characters: string[] = [];
  for (const [first, last] of PROBED_RANGES) {
    for (let code = first; code <= last; code++) characters.push(String.fromCodePoint(code));
  }
  return characters;
}

/** A text[] literal: every element quoted (no probed character is a quote or a backslash). */
const arrayLiteral = (values: string[]) => `{${values.map((value) => `"${value}"`).join(',')}}`;

const WORD_CHARACTER = /^[\p{L}\p{N}]$/u;

type ProbeRow = { c: string; alone: string; after: string; before: string; splits: boolean };

/** Reads the database's rules: one statement at load, over about 1,400 characters. */
export async function readTextRules(db: Db): Promise<TextRules> {
  const bytewise = await db.execute<{ bytewise: boolean }>(
    sql`select ('B' < 'a' and 'Z' < 'a' and 'a b' < 'ab' and 'é' > 'z' and 'farm' < 'farmstead') as bytewise`,
  );
  const probe = await db.execute<ProbeRow>(sql`
    select c, lower(c) as alone, lower('a' || c) as after, lower(c || 'a') as before,
      ' a ' = any(show_trgm('a' || c || 'b')) as splits
    from unnest(${arrayLiteral(probedCharacters())}::text[]) as c`);
  const alike = probe.rows
    .filter(
      (row) =>
        row.alone === row.c.toLowerCase() &&
        row.after === `a${row.c}`.toLowerCase() &&
        row.before === `${row.c}a`.toLowerCase() &&
        row.splits === !WORD_CHARACTER.test(row.c),
    )
    .map((row) => row.c)
    .join('');
  return { bytewiseOrder: bytewise.rows[0]?.bytewise === true, alike };
}

const alikeSets = new WeakMap<TextRules, Set<string>>();

/**
 * Whether the index reads this text as the database would: printable ASCII and the alike
 * characters only, on a database sorting in byte order. No text (browse) always.
 */
export function indexReadsText(rules: TextRules, text: string | undefined): boolean {
  if (!rules.bytewiseOrder) return false;
  if (!text) return true;
  let alike = alikeSets.get(rules);
  if (!alike) {
    alike = new Set(rules.alike);
    alikeSets.set(rules, alike);
  }
  for (const character of text) {
    const code = character.charCodeAt(0);
    if (code >= 0x20 && code <= 0x7e) continue;
    if (!alike.has(character)) return false;
  }
  return true;
}
