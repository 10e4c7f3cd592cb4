/** At most this many words of a search count; the rest would only narrow an already narrow query. */
const MAX_WORDS = 6;

/**
 * The words of a search, lower-cased, letters and digits only (the index's query words, query-words.ts).
 */
export function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, MAX_WORDS);
}
