import { ProductSearchResponse } from '@farmstand/shared/schemas/search';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context';
import { searchGeneration, startSearchFeed } from './search-changes';

/**
 * Product search answers, kept per server instance as serialised JSON (decisions 071, 121). The SQL
 * answers every shape in milliseconds without it (decision 120); it only spares repeated identical
 * queries. An entry is used while the search change feed has reported no write since it was
 * computed (writes on any instance show within the feed's poll interval) and for at most
 * MAX_AGE_MS (standing that lapses by the clock alone). It is off unless `SEARCH_RESULT_CACHE=on`:
 * without it every answer is exact at once on every instance, and the bench measures the SQL itself.
 */
export const MAX_AGE_MS = 1000;
/** Bounds memory (an answer is at most a page of listings): the whole cache is dropped when full. */
const MAX_ENTRIES = 5_000;

export const isSearchResultCacheOn = () => process.env.SEARCH_RESULT_CACHE === 'on';

type Entry = { generation: number; at: number; body: Promise<string> };
const states = new WeakMap<AppContext, Map<string, Entry>>();

/** The same zod serializer the route would apply (the SQL path's answers; the index writes its own JSON). */
export const serializeProductSearch = serializerCompiler({
  schema: ProductSearchResponse,
  method: 'GET',
  url: '/api/search/products',
}) as (data: ProductSearchResponse) => string;

/** The JSON answer for `key`, computed by `load` unless a current one is cached (or being computed). */
export async function cachedProductSearch(
  ctx: AppContext,
  key: string,
  load: () => Promise<string>,
): Promise<{ body: string; hit: boolean }> {
  if (!isSearchResultCacheOn()) return { body: await load(), hit: false };
  await startSearchFeed(ctx);
  let entries = states.get(ctx);
  if (!entries) {
    entries = new Map();
    states.set(ctx, entries);
  }
  const generation = searchGeneration(ctx);
  const hit = entries.get(key);
  if (hit && hit.generation === generation && Date.now() - hit.at < MAX_AGE_MS) return { body: await hit.body, hit: true };
  const body = load();
  if (entries.size >= MAX_ENTRIES) entries.clear();
  const entry = { generation, at: Date.now(), body };
  entries.set(key, entry);
  body.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  return { body: await body, hit: false };
}
