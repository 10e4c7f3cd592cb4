import { type SQL, sql } from 'drizzle-orm';

/** At most this many words of a search count; the rest would only narrow an already narrow query. */
const MAX_WORDS = 6;

/**
 * The words of a search, lower-cased, letters and digits only. Only such words reach to_tsquery,
 * so its operator syntax can never be injected.
 */
export function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, MAX_WORDS);
}

/**
 * The search as a tsquery (decision 120): every word must match, either as typed (stemmed by the
 * english configuration) or, when the word is not in the vocabulary of product and farm names
 * (`search_words`), as one of its two closest vocabulary words by trigram similarity — so
 * 'sourdogh' also looks for 'sourdough' and 'tomatos' for 'tomatoes'. The typo correction runs
 * against tens of thousands of words, never against the million listings.
 * Null when the text has no words.
 */
export function searchTsquery(text: string): SQL | null {
  const words = searchWords(text);
  if (words.length === 0) return null;
  return sql`(select to_tsquery('english', coalesce(string_agg(t.alternatives, ' & '), '')) from (
    select '(' || array_to_string(array[w.word] || coalesce((
      select array_agg(v.word) from (
        select sw.word from search_words sw
        where sw.word % w.word and sw.word <> w.word
          and not exists (select 1 from search_words known where known.word = w.word)
        order by similarity(sw.word, w.word) desc, sw.word limit 2) v), '{}'::text[]), ' | ') || ')' as alternatives
    from unnest(array[${sql.join(
      words.map((word) => sql`${word}::text`),
      sql`, `,
    )}]) as w(word)
  ) t)`;
}
