import { stem } from 'porter2';

/**
 * The in-memory twin of `searchTsquery` (search-text.ts) for the listing index (decision 125): the
 * same words become the same lexemes that PostgreSQL's `to_tsquery('english', …)` would produce,
 * so the index and the SQL path answer alike. A test compares both on every vocabulary word.
 */

/** PostgreSQL's `english.stop` (Snowball's English stop list): to_tsquery drops these words. */
const ENGLISH_STOP_WORDS = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself ' +
    'it its itself they them their theirs themselves what which who whom this that these those am is are was were be ' +
    'been being have has had having do does did doing a an the and but if or because as until while of at by for with ' +
    'about against between into through during before after above below to from up down in out on off over under again ' +
    'further then once here there when where why how all any both each few more most other some such no nor not only own ' +
    'same so than too very s t can will just don should now'
  ).split(' '),
);

/**
 * The lexeme to_tsquery('english') makes of one search word (letters and digits, lower case), or
 * null for a stop word. Words of letters go through the Snowball English stemmer (porter2, as
 * PostgreSQL's `english_stem`), accented ones too: both treat a letter beyond ASCII as a consonant,
 * so 'fraîche' is 'fraîch' (decision 310; 20,000 random accented words agreed). Words with digits
 * go through the `simple` dictionary (kept as typed).
 */
export function lexemeOf(word: string): string | null {
  if (/\p{N}/u.test(word)) return word;
  if (ENGLISH_STOP_WORDS.has(word)) return null;
  return stem(word);
}

/** pg_trgm's trigrams of a word: padded with two spaces before and one after, unique. */
export function trigramsOf(text: string): Set<string> {
  const trigrams = new Set<string>();
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) trigrams.add(padded.slice(i, i + 3));
  }
  return trigrams;
}

/** pg_trgm's `similarity()`, in single precision as PostgreSQL computes it. */
export function trigramSimilarity(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let common = 0;
  for (const trigram of a) if (b.has(trigram)) common++;
  return Math.fround(common / (a.size + b.size - common));
}

/** pg_trgm's default `similarity_threshold`; `%` holds when the similarity reaches it. */
const SIMILARITY_THRESHOLD = 0.3;
/** How many vocabulary words stand in for a word the vocabulary lacks (as `limit 2` in search-text.ts). */
const ALTERNATIVES = 2;

/** The words of product and farm names (`search_words`) with their trigrams, for typo correction. */
export class Vocabulary {
  private readonly known: Set<string>;
  private readonly byTrigram = new Map<string, string[]>();
  private readonly trigrams = new Map<string, Set<string>>();

  constructor(words: Iterable<string>) {
    this.known = new Set(words);
    for (const word of this.known) {
      const trigrams = trigramsOf(word);
      this.trigrams.set(word, trigrams);
      for (const trigram of trigrams) {
        const list = this.byTrigram.get(trigram);
        if (list) list.push(word);
        else this.byTrigram.set(trigram, [word]);
      }
    }
  }

  /** A word the vocabulary lacks stands with its two most similar words (ties by word), as in SQL. */
  alternativesOf(word: string): string[] {
    if (this.known.has(word)) return [];
    const wordTrigrams = trigramsOf(word);
    const scored: { word: string; similarity: number }[] = [];
    const seen = new Set<string>();
    for (const trigram of wordTrigrams) {
      for (const candidate of this.byTrigram.get(trigram) ?? []) {
        if (seen.has(candidate)) continue;
        seen.add(candidate);
        const similarity = trigramSimilarity(wordTrigrams, this.trigrams.get(candidate) as Set<string>);
        if (similarity >= SIMILARITY_THRESHOLD) scored.push({ word: candidate, similarity });
      }
    }
    scored.sort((a, b) => b.similarity - a.similarity || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
    return scored.slice(0, ALTERNATIVES).map((entry) => entry.word);
  }
}

/**
 * The search as groups of lexemes: every group must match (AND), any lexeme of a group will do (OR).
 * Stop words drop out as to_tsquery drops them; an empty list means the text has no searchable words.
 */
export function lexemeGroups(words: string[], vocabulary: Vocabulary): string[][] {
  const groups: string[][] = [];
  for (const word of words) {
    const lexemes = new Set<string>();
    for (const alternative of [word, ...vocabulary.alternativesOf(word)]) {
      const lexeme = lexemeOf(alternative);
      if (lexeme) lexemes.add(lexeme);
    }
    if (lexemes.size > 0) groups.push([...lexemes]);
  }
  return groups;
}
