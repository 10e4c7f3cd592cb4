import type { IndexTables } from './index-tables';
import { intersectSorted } from './postings';
import { type TrigramQuery, wordSimilarity } from './word-similarity';

/**
 * Farm-name similarity (decision 191): how word-similar a text is to each base farm's name
 * (`text <% farm_name`), and which farms' names contain it (`ilike '%text%'`), found by trigram.
 *
 * Farm names repeat (the 1M bench has a few thousand names for 100,000 farms): word similarity is
 * kept per distinct name, a "group" — numbered in byte order, its farms a run of the tables' `byName`.
 * Per-query figures hold while their stamp is the tables' (`IndexTables#begin`).
 */
export class FarmSimilarity {
  private readonly groupOf: Int32Array;
  /** Each group's first rank in `byName`, and one past the last group's end. */
  readonly groupFirst: Int32Array;
  /** Each group's positional trigram codes (CSR). */
  private readonly groupTrigramStart: Int32Array;
  private readonly groupTrigramCodes: Int32Array;
  /** Groups holding each trigram code (each once, ascending). */
  private readonly groupsByTrigram = new Map<number, Int32Array>();
  /** Per query: each group's word similarity, valid while its stamp is the query's. */
  private readonly groupSimilarity: Float32Array;
  private readonly groupSimilarityStamp: Uint32Array;
  /** Per query: how many of the query's trigrams each group holds, valid while its stamp is the query's. */
  private readonly shared: Uint16Array;
  private readonly sharedStamp: Uint32Array;

  constructor(private readonly tables: IndexTables) {
    const { byName, farmNames, farmLower } = tables;
    const producerCount = byName.length;
    this.groupOf = new Int32Array(producerCount);
    const firsts: number[] = [];
    byName.forEach((slot, rank) => {
      if (rank === 0 || farmNames[slot] !== farmNames[byName[rank - 1]]) firsts.push(rank);
      this.groupOf[slot] = firsts.length - 1;
    });
    const groupCount = firsts.length;
    this.groupFirst = Int32Array.from([...firsts, producerCount]);
    const codes = firsts.map((rank) => tables.trigrams.encode(farmLower[byName[rank]]));
    this.groupTrigramStart = new Int32Array(groupCount + 1);
    codes.forEach((list, group) => {
      this.groupTrigramStart[group + 1] = this.groupTrigramStart[group] + list.length;
    });
    this.groupTrigramCodes = new Int32Array(this.groupTrigramStart[groupCount]);
    const groupsOf = new Map<number, number[]>();
    codes.forEach((list, group) => {
      this.groupTrigramCodes.set(list, this.groupTrigramStart[group]);
      for (const code of new Set(list)) {
        const groups = groupsOf.get(code);
        if (groups) groups.push(group);
        else groupsOf.set(code, [group]);
      }
    });
    for (const [code, groups] of groupsOf) this.groupsByTrigram.set(code, Int32Array.from(groups));
    this.shared = new Uint16Array(groupCount);
    this.sharedStamp = new Uint32Array(groupCount);
    this.groupSimilarity = new Float32Array(groupCount);
    this.groupSimilarityStamp = new Uint32Array(groupCount);
  }

  /** A group's word similarity to the query, computed once per query. */
  similarityOfGroup(query: TrigramQuery, group: number): number {
    if (this.groupSimilarityStamp[group] !== this.tables.stamp) {
      this.groupSimilarityStamp[group] = this.tables.stamp;
      this.groupSimilarity[group] = wordSimilarity(
        query,
        this.groupTrigramCodes.subarray(this.groupTrigramStart[group], this.groupTrigramStart[group + 1]),
      );
    }
    return this.groupSimilarity[group];
  }

  /** A base farm's word similarity to the query (0 when its name shares none of the query's trigrams). */
  farmSimilarity(query: TrigramQuery, slot: number): number {
    return this.sharedOf(slot) === 0 ? 0 : this.similarityOfGroup(query, this.groupOf[slot]);
  }

  /** Counts, per group, the query's trigrams it holds (this query's stamp); returns the groups holding any. */
  countShared(query: TrigramQuery): number[] {
    const stamp = this.tables.stamp;
    const touched: number[] = [];
    for (const code of query.known) {
      const groups = this.groupsByTrigram.get(code);
      if (!groups) continue;
      for (let i = 0; i < groups.length; i++) {
        const group = groups[i];
        if (this.sharedStamp[group] !== stamp) {
          this.sharedStamp[group] = stamp;
          this.shared[group] = 0;
          touched.push(group);
        }
        this.shared[group]++;
      }
    }
    return touched;
  }

  /** How many of the query's trigrams a group holds (after `countShared`). */
  sharedOfGroup(group: number): number {
    return this.sharedStamp[group] === this.tables.stamp ? this.shared[group] : 0;
  }

  /** How many of the query's trigrams a base farm's name holds (after `countShared`). */
  sharedOf(slot: number): number {
    return this.sharedOfGroup(this.groupOf[slot]);
  }

  /** How many base farms bear the group's name. */
  farmsIn(group: number): number {
    return this.groupFirst[group + 1] - this.groupFirst[group];
  }

  /** Calls `each` with the base farms of a group, in id order (a loop: a generator allocated per farm). */
  forFarmsOfGroup(group: number, each: (slot: number) => void): void {
    const { byName } = this.tables;
    for (let rank = this.groupFirst[group]; rank < this.groupFirst[group + 1]; rank++) each(byName[rank]);
  }

  /**
   * Base farms whose lower-cased name may contain the text (`ilike '%text%'`): those holding every
   * three-character run of its longest word (a name containing the text holds them all); every farm
   * when the text has no word of three characters.
   */
  farmsContaining(lowered: string): Iterable<number> {
    const { byName, farmLower, trigrams } = this.tables;
    const chars = longestWordOf(lowered);
    const matches = (slot: number) => farmLower[slot].includes(lowered);
    if (chars.length < 3) return byName.filter(matches);
    let current: Int32Array | null = null;
    for (let i = 0; i + 3 <= chars.length; i++) {
      const groups = this.groupsByTrigram.get(trigrams.codeOf(chars[i] + chars[i + 1] + chars[i + 2]));
      if (!groups) return [];
      current = current ? intersectSorted(current, groups) : groups;
      if (current.length === 0) return [];
    }
    const found: number[] = [];
    for (const group of current ?? []) {
      if (!matches(byName[this.groupFirst[group]])) continue;
      this.forFarmsOfGroup(group, (slot) => found.push(slot));
    }
    return found;
  }
}

/** The characters of the text's longest word (letters and digits). */
function longestWordOf(lowered: string): string[] {
  let chars: string[] = [];
  for (const word of lowered.split(/[^\p{L}\p{N}]+/u)) {
    const wordChars = [...word];
    if (wordChars.length > chars.length) chars = wordChars;
  }
  return chars;
}

/** Whether farms holding the text can be found by trigram (else every farm name is read). */
export function hasTrigram(lowered: string): boolean {
  return longestWordOf(lowered).length >= 3;
}
