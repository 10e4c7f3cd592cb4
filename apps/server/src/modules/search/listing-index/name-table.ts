import {
  compareUtf8,
  similarityBound,
  type TrigramCodes,
  TrigramQuery,
  WORD_SIMILARITY_THRESHOLD,
  wordSimilarity,
} from './word-similarity';

/** A row of `search_names`: a distinct product name, lower-cased by the database, and its `simple` lexemes. */
export type NameRow = { name: string; lower: string; lexemes: string[] };

/** Past this many postings for its rarest word, a prefix search walks the names in order instead. */
const WALK_AT = 20_000;

const codePoints = (text: string) => {
  let n = 0;
  for (const _ of text) n++;
  return n;
};

/**
 * The type-ahead's product names (`search_names`, decision 120) held by the listing index (decision
 * 191): in the order of the SQL suggestion query (`length(name), name`, byte order), the prefixes of
 * their `to_tsvector('simple', lower_name)` lexemes (PostgreSQL's own, loaded, never re-tokenised)
 * and their trigrams for typos (`word_similarity`, as `<%`).
 */
export class NameTable {
  readonly size: number;
  /** In suggestion order. */
  private readonly names: string[];
  private readonly lexemesOf: string[][];
  private readonly trigramsOf: Int32Array[];
  /** Distinct lexemes in byte order, each with the ordinals of the names holding it (ascending). */
  private readonly lexemes: string[];
  private readonly lexemeNames: Int32Array[];
  /** Name ordinals per trigram code (each name once). */
  private readonly byTrigram = new Map<number, number[]>();

  constructor(
    rows: NameRow[],
    private readonly dictionary: TrigramCodes,
  ) {
    const sorted = rows
      .map((row) => ({ row, length: codePoints(row.name) }))
      .sort((a, b) => a.length - b.length || compareUtf8(a.row.name, b.row.name))
      .map((entry) => entry.row);
    this.size = sorted.length;
    this.names = sorted.map((row) => row.name);
    this.lexemesOf = sorted.map((row) => row.lexemes);
    this.trigramsOf = sorted.map((row) => dictionary.encode(row.lower));
    const postings = new Map<string, number[]>();
    sorted.forEach((row, ordinal) => {
      for (const lexeme of new Set(row.lexemes)) {
        const list = postings.get(lexeme);
        if (list) list.push(ordinal);
        else postings.set(lexeme, [ordinal]);
      }
      for (const code of new Set(this.trigramsOf[ordinal])) {
        const list = this.byTrigram.get(code);
        if (list) list.push(ordinal);
        else this.byTrigram.set(code, [ordinal]);
      }
    });
    this.lexemes = [...postings.keys()].sort(compareUtf8);
    this.lexemeNames = this.lexemes.map((lexeme) => Int32Array.from(postings.get(lexeme) as number[]));
  }

  nameAt(ordinal: number): string {
    return this.names[ordinal];
  }

  /**
   * Names with, for every word, a lexeme starting with it (`to_tsquery('simple', 'w1:* & w2:*')`),
   * the first `limit` in suggestion order.
   */
  withPrefixes(words: string[], limit: number): number[] {
    if (words.length === 0) return [];
    const ranges = words.map((word) => this.lexemeRange(word));
    const rarest = ranges.reduce((a, b) => (a.postings <= b.postings ? a : b));
    const matches = (ordinal: number) => words.every((word) => this.lexemesOf[ordinal].some((lexeme) => lexeme.startsWith(word)));
    const found: number[] = [];
    if (rarest.postings > WALK_AT) {
      for (let ordinal = 0; ordinal < this.size && found.length < limit; ordinal++) if (matches(ordinal)) found.push(ordinal);
      return found;
    }
    const candidates = new Set<number>();
    for (let at = rarest.from; at < rarest.to; at++) for (const ordinal of this.lexemeNames[at]) candidates.add(ordinal);
    for (const ordinal of [...candidates].sort((a, b) => a - b)) {
      if (found.length >= limit) break;
      if (matches(ordinal)) found.push(ordinal);
    }
    return found;
  }

  /** The lexemes starting with `prefix`: a range of the sorted lexemes, and how many postings it holds. */
  private lexemeRange(prefix: string): { from: number; to: number; postings: number } {
    let low = 0;
    let high = this.lexemes.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareUtf8(this.lexemes[middle], prefix) < 0) low = middle + 1;
      else high = middle;
    }
    let to = low;
    let postings = 0;
    while (to < this.lexemes.length && this.lexemes[to].startsWith(prefix)) postings += this.lexemeNames[to++].length;
    return { from: low, to, postings };
  }

  /**
   * Names the lower-cased text is word-similar to (`text <% lower_name`), most similar first, then by
   * name (byte order): the first `limit`, with their similarity.
   */
  similarTo(lowered: string, limit: number): { ordinal: number; similarity: number }[] {
    const query = new TrigramQuery(lowered, this.dictionary);
    const shared = new Map<number, number>();
    for (const code of query.known) {
      for (const ordinal of this.byTrigram.get(code) ?? []) shared.set(ordinal, (shared.get(ordinal) ?? 0) + 1);
    }
    const found: { ordinal: number; similarity: number }[] = [];
    for (const [ordinal, count] of shared) {
      if (similarityBound(count, query.size) < WORD_SIMILARITY_THRESHOLD) continue;
      const similarity = wordSimilarity(query, this.trigramsOf[ordinal]);
      if (similarity >= WORD_SIMILARITY_THRESHOLD) found.push({ ordinal, similarity });
    }
    found.sort((a, b) => b.similarity - a.similarity || compareUtf8(this.names[a.ordinal], this.names[b.ordinal]));
    return found.slice(0, limit);
  }
}
