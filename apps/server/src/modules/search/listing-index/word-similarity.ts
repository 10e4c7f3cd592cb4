/**
 * pg_trgm's `word_similarity()` (and so the `<%` operator) in JavaScript, for the producer list and
 * the type-ahead answered from the listing index (decision 191). The same trigrams as PostgreSQL
 * (each word of letters and digits, lower-cased, padded with two spaces before and one after), the
 * same extent search over the target's trigrams in order (`iterate_word_similarity` of trgm_op.c),
 * the same single-precision arithmetic. `word-similarity.test.ts` compares it with the database.
 *
 * Trigrams are numbered by a shared dictionary, so a farm name's trigrams are kept as small integer
 * arrays and a similarity costs a few dozen array reads.
 */

/** pg_trgm's default `word_similarity_threshold`; `a <% b` holds when word_similarity(a, b) reaches it. */
export const WORD_SIMILARITY_THRESHOLD = 0.6;

/** The trigrams of each word of an already lower-cased text, in order, duplicates kept (generate_trgm_only). */
export function positionalTrigrams(lowered: string): string[] {
  const trigrams: string[] = [];
  for (const word of lowered.split(/[^\p{L}\p{N}]+/u)) {
    if (!word) continue;
    const chars = [' ', ' ', ...word, ' '];
    for (let i = 0; i + 3 <= chars.length; i++) trigrams.push(chars[i] + chars[i + 1] + chars[i + 2]);
  }
  return trigrams;
}

/** Numbers trigrams; code -1 is a trigram the dictionary has never seen (no target holds it). */
export class TrigramCodes {
  private readonly codes = new Map<string, number>();
  get size(): number {
    return this.codes.size;
  }
  /** The code of a trigram, numbering it when new. */
  add(trigram: string): number {
    let code = this.codes.get(trigram);
    if (code === undefined) {
      code = this.codes.size;
      this.codes.set(trigram, code);
    }
    return code;
  }
  codeOf(trigram: string): number {
    return this.codes.get(trigram) ?? -1;
  }
  /** A text's positional trigrams as codes, numbering new ones (targets: farm names, product names). */
  encode(lowered: string): Int32Array {
    return Int32Array.from(positionalTrigrams(lowered), (trigram) => this.add(trigram));
  }
}

/** A search text's distinct trigrams, as codes of a dictionary (the query side of word_similarity). */
export class TrigramQuery {
  /** Distinct trigrams of the query (pg_trgm's ulen1), known or not. */
  readonly size: number;
  /** The codes the dictionary knows (a target can only share these). */
  readonly known: number[];
  private readonly member: Uint8Array;

  constructor(lowered: string, dictionary: TrigramCodes) {
    const distinct = new Set(positionalTrigrams(lowered));
    this.size = distinct.size;
    this.known = [...distinct].map((trigram) => dictionary.codeOf(trigram)).filter((code) => code >= 0);
    this.member = new Uint8Array(dictionary.size);
    for (const code of this.known) this.member[code] = 1;
  }

  has(code: number): boolean {
    return this.member[code] === 1;
  }
}

/** CALCSML of trgm.h: float4 count / float4 (len1 + len2 - count). */
const similarityOf = (count: number, len1: number, len2: number) => Math.fround(count / (len1 + len2 - count));

/** Scratch arrays of `wordSimilarity`, grown as needed (single-threaded: reused across calls). */
let distinctOf = new Int32Array(64);
let lastPosition = new Int32Array(64);
let found = new Uint8Array(64);
/** Per trigram code: its distinct slot in the current call, valid while its stamp is the call's. */
let slotOfCode = new Int32Array(1024);
let slotStamp = new Uint32Array(1024);
let callStamp = 0;

/**
 * word_similarity(query, target): the greatest similarity between the query's trigram set and any
 * extent of the target's ordered trigrams (trgm_op.c `calc_word_similarity` with no flags).
 */
export function wordSimilarity(query: TrigramQuery, target: Int32Array): number {
  const len2 = target.length;
  if (query.size === 0 || len2 === 0) return 0;
  if (distinctOf.length < len2) {
    distinctOf = new Int32Array(len2 * 2);
    lastPosition = new Int32Array(len2 * 2);
    found = new Uint8Array(len2 * 2);
  }
  // Each target position's distinct trigram (trg2indexes), and whether the query holds it (found).
  callStamp = (callStamp + 1) >>> 0 || 1;
  let distinct = 0;
  let anyFound = false;
  for (let i = 0; i < len2; i++) {
    const code = target[i];
    if (code >= slotOfCode.length) {
      const size = Math.max(code + 1, slotOfCode.length * 2);
      const grownSlots = new Int32Array(size);
      grownSlots.set(slotOfCode);
      const grownStamps = new Uint32Array(size);
      grownStamps.set(slotStamp);
      slotOfCode = grownSlots;
      slotStamp = grownStamps;
    }
    let slot: number;
    if (slotStamp[code] === callStamp) slot = slotOfCode[code];
    else {
      slot = distinct++;
      slotStamp[code] = callStamp;
      slotOfCode[code] = slot;
      found[slot] = query.has(code) ? 1 : 0;
      lastPosition[slot] = -1;
      if (found[slot]) anyFound = true;
    }
    distinctOf[i] = slot;
  }
  if (!anyFound) return 0;
  const ulen1 = query.size;
  let ulen2 = 0;
  let count = 0;
  let upper = -1;
  let lower = -1;
  let best = 0;
  for (let i = 0; i < len2; i++) {
    const slot = distinctOf[i];
    if (lower >= 0 || found[slot]) {
      if (lastPosition[slot] < 0) {
        ulen2++;
        if (found[slot]) count++;
      }
      lastPosition[slot] = i;
    }
    if (!found[slot]) continue;
    upper = i;
    if (lower === -1) {
      lower = i;
      ulen2 = 1;
    }
    let current = similarityOf(count, ulen1, ulen2);
    // Also try to move the lower bound up for a greater similarity.
    let tmpCount = count;
    let tmpUlen2 = ulen2;
    const previousLower = lower;
    for (let tmpLower = lower; tmpLower <= upper; tmpLower++) {
      const candidate = similarityOf(tmpCount, ulen1, tmpUlen2);
      if (candidate > current) {
        current = candidate;
        ulen2 = tmpUlen2;
        lower = tmpLower;
        count = tmpCount;
      }
      const tmpSlot = distinctOf[tmpLower];
      if (lastPosition[tmpSlot] === tmpLower) {
        tmpUlen2--;
        if (found[tmpSlot]) tmpCount--;
      }
    }
    if (current > best) best = current;
    for (let tmpLower = previousLower; tmpLower < lower; tmpLower++) {
      const tmpSlot = distinctOf[tmpLower];
      if (lastPosition[tmpSlot] === tmpLower) lastPosition[tmpSlot] = -1;
    }
  }
  return best;
}

/**
 * How many of the query's distinct trigrams a target holds bounds its word similarity from above
 * (count ≤ shared, and the denominator is at least the query's size): shared / size.
 */
export const similarityBound = (shared: number, querySize: number) => (querySize === 0 ? 0 : Math.fround(shared / querySize));

/**
 * Byte order of UTF-8 (PostgreSQL's "C" collation, `~<~`): JavaScript compares UTF-16 code units,
 * which differs only where a surrogate pair (U+10000 and up) meets a character from U+E000 to U+FFFF.
 */
export function compareUtf8(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      // Surrogates (code points above U+FFFF) sort after U+E000–U+FFFF in UTF-8.
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x - y;
  }
  return a.length - b.length;
}
