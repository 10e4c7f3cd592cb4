import { ProductSearchResponse } from '@farmstand/shared/schemas/search';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context';
import { catalogVersion } from './search.repository';

/**
 * Product search answers, kept per server instance as serialised JSON (decision 071). An entry is
 * used only while the catalogue version it was computed at is still current: a database trigger
 * bumps the version on every write that can change a search (products, producers, accounts,
 * subscriptions), so writes from any instance show at once. Standing that lapses by the clock alone
 * (a trial or a paid period ending) shows within MAX_AGE_MS.
 */
export const MAX_AGE_MS = 10_000;
/** Bounds memory (an answer is at most a page of listings): the whole cache is dropped when full. */
const MAX_ENTRIES = 5_000;

type Entry = { version: string; at: number; body: Promise<string> };
type State = { entries: Map<string, Entry>; version: Promise<string> | null };

/** The same zod serializer the route would apply, run once per cache fill instead of per request. */
const serialize = serializerCompiler({ schema: ProductSearchResponse, method: 'GET', url: '/api/search/products' }) as (
  data: unknown,
) => string;

const states = new WeakMap<AppContext, State>();

function stateOf(ctx: AppContext): State {
  let state = states.get(ctx);
  if (!state) {
    state = { entries: new Map(), version: null };
    states.set(ctx, state);
  }
  return state;
}

/**
 * The current catalogue version. The read is sent on the next turn of the event loop and shared by
 * every request that asks before then: all of them arrived before it was sent, so it sees every
 * write they could have seen, and a busy server reads the version once per turn, not per request.
 */
function currentVersion(ctx: AppContext, state: State): Promise<string> {
  if (state.version) return state.version;
  const version = new Promise<string>((resolve, reject) => {
    setImmediate(() => {
      state.version = null;
      catalogVersion(ctx.db).then(resolve, reject);
    });
  });
  state.version = version;
  return version;
}

/** The JSON answer for `key`, computed by `load` unless a current one is cached (or being computed). */
export async function cachedProductSearch(
  ctx: AppContext,
  key: string,
  load: () => Promise<ProductSearchResponse>,
): Promise<string> {
  const state = stateOf(ctx);
  const version = await currentVersion(ctx, state);
  const hit = state.entries.get(key);
  if (hit && hit.version === version && Date.now() - hit.at < MAX_AGE_MS) return hit.body;
  const body = load().then(serialize);
  if (state.entries.size >= MAX_ENTRIES) state.entries.clear();
  state.entries.set(key, { version, at: Date.now(), body });
  body.catch(() => {
    if (state.entries.get(key)?.body === body) state.entries.delete(key);
  });
  return body;
}
