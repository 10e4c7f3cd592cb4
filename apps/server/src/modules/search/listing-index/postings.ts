import { lowerBound } from '../sorted-search';

/**
 * A lexeme's postings: the listing slots that hold the word, with flags for where (the product's
 * name, the farm's name), and the operations on them (union, intersection, a region's part). Used by
 * the index and its per-word bitmaps.
 */
/** Flag: the word is in the product's name. */
export const NAME = 1;
/** Flag: the word is in the farm's name. */
export const FARM = 2;

export type Posting = { slots: Int32Array; flags: Uint8Array };
/**
 * One lexeme's postings again, ordered by the producer's region (geo-math.ts#regionOf), then by
 * slot: region `regions[r]`'s are `slots[start[r] … start[r + 1]]`. Four arrays per lexeme however
 * many regions it spans (listings of producers without a place are in none).
 */
export type RegionalPosting = { regions: Int32Array; start: Int32Array; slots: Int32Array; flags: Uint8Array };

export const EMPTY_POSTING: Posting = { slots: new Int32Array(0), flags: new Uint8Array(0) };

/** A lexeme's postings in one region (views, no copy). */
export function inRegion(posting: RegionalPosting | undefined, region: number): Posting | undefined {
  if (!posting) return undefined;
  const at = lowerBound(posting.regions, region);
  if (posting.regions[at] !== region) return undefined;
  const [from, to] = [posting.start[at], posting.start[at + 1]];
  return { slots: posting.slots.subarray(from, to), flags: posting.flags.subarray(from, to) };
}

/** Whether ascending `slots` holds `slot`. */
export function holds(slots: Int32Array, slot: number): boolean {
  return slots[lowerBound(slots, slot)] === slot;
}

/** The slots holding any lexeme of a group (one word and its typo alternatives). */
export function union(group: string[], postingOf: (lexeme: string) => Posting | undefined): Posting {
  const found = group.map(postingOf).filter((p): p is Posting => p !== undefined);
  if (found.length === 0) return { slots: new Int32Array(0), flags: new Uint8Array(0) };
  return found.reduce((a, b) => unite(a, b));
}

/** Sorted union of two postings (slots ascending), flags ORed where both hold a slot. */
export function unite(a: Posting, b: Posting): Posting {
  const slots = new Int32Array(a.slots.length + b.slots.length);
  const flags = new Uint8Array(slots.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.slots.length || j < b.slots.length) {
    if (j >= b.slots.length || (i < a.slots.length && a.slots[i] < b.slots[j])) {
      slots[n] = a.slots[i];
      flags[n++] = a.flags[i++];
    } else if (i >= a.slots.length || b.slots[j] < a.slots[i]) {
      slots[n] = b.slots[j];
      flags[n++] = b.flags[j++];
    } else {
      slots[n] = a.slots[i];
      flags[n++] = a.flags[i++] | b.flags[j++];
    }
  }
  return { slots: slots.subarray(0, n), flags: flags.subarray(0, n) };
}

/**
 * Sorted intersection, flags ANDed: a tier needs every group in the name (or the farm name). A merge
 * walk: galloping through the longer side for a much shorter one measured slower at 1M (its binary
 * searches leave the cache; decision 280).
 */
export function intersect(a: Posting, b: Posting): Posting {
  const size = Math.min(a.slots.length, b.slots.length);
  const slots = new Int32Array(size);
  const flags = new Uint8Array(size);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.slots.length && j < b.slots.length) {
    if (a.slots[i] < b.slots[j]) i++;
    else if (b.slots[j] < a.slots[i]) j++;
    else {
      slots[n] = a.slots[i];
      flags[n++] = a.flags[i++] & b.flags[j++];
    }
  }
  return { slots: slots.subarray(0, n), flags: flags.subarray(0, n) };
}

/** Sorted intersection of two ascending slot lists (no flags: the farm names' trigram groups). */
export function intersectSorted(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length));
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    if (a[i] < b[j]) i++;
    else if (b[j] < a[i]) j++;
    else {
      out[n++] = a[i];
      i++;
      j++;
    }
  }
  return out.subarray(0, n);
}
