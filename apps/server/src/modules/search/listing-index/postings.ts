/**
 * A lexeme's postings: the listing slots that hold the word, with flags for where (the product's
 * name, the farm's name). Used by the index and its per-word bitmaps.
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
