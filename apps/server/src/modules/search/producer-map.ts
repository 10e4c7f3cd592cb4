import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { haversineMiles } from '@farmstand/shared';
import type { AppContext } from '../../lib/context';
import { boundingBox, type Point } from './geo';
import { presentMapProducer, roundMiles } from './search.presenter';
import { loadMapProducers } from './search.repository';

const gzip = promisify(gzipCallback);

/**
 * The map's producers are kept in memory per server instance and every map answer without text
 * is filtered from them (decision 070): the whole set is 20,000 small rows, far cheaper to scan
 * in JavaScript than to query, count products per producer and serialise row by row per request.
 * A snapshot is at most SNAPSHOT_TTL_MS old; it is reloaded in the background once it is
 * REFRESH_AFTER_MS old, so busy servers never wait for it.
 */
export const SNAPSHOT_TTL_MS = 15_000;
const REFRESH_AFTER_MS = 10_000;

type MapEntry = {
  lat: number;
  lng: number;
  verified: boolean;
  categories: ReadonlySet<string>;
  /** The item's JSON without its closing brace, so the distance can be appended without re-serialising. */
  head: string;
};

/** A ready answer: JSON bytes, and once compressed, the same bytes gzipped. */
export type MapAnswer = { json: Buffer; gzipped?: Buffer; compressing?: Promise<void> };

/** `answers`: shared answers (no location); `nearby`: radius answers, repeated for the same places and filters. */
type Snapshot = {
  at: number;
  entries: MapEntry[];
  answers: Map<string, MapAnswer>;
  nearby: Map<string, MapAnswer>;
  nearbyBytes: number;
};
/** Radius answers are a few hundred kilobytes each; past this total the snapshot forgets them all. */
const MAX_NEARBY_BYTES = 32 * 1024 * 1024;
type State = { current: Snapshot | null; loading: Promise<Snapshot> | null };

const states = new WeakMap<AppContext, State>();

async function load(ctx: AppContext, state: State): Promise<Snapshot> {
  const at = Date.now();
  const loading = loadMapProducers(ctx.db)
    .then((rows): Snapshot => {
      const entries = rows.map((row) => {
        const json = JSON.stringify(presentMapProducer(row));
        return {
          lat: row.latitude,
          lng: row.longitude,
          verified: row.verified,
          categories: new Set(row.categories),
          head: json.slice(0, -1),
        };
      });
      return { at, entries, answers: new Map(), nearby: new Map(), nearbyBytes: 0 };
    })
    .then(async (snapshot) => {
      // The unfiltered map is what most visitors open: it goes live already gzipped.
      await compressed(sharedAnswer(snapshot, UNFILTERED));
      state.current = snapshot;
      return snapshot;
    })
    .finally(() => {
      state.loading = null;
    });
  state.loading = loading;
  return loading;
}

async function snapshot(ctx: AppContext): Promise<Snapshot> {
  let state = states.get(ctx);
  if (!state) {
    state = { current: null, loading: null };
    states.set(ctx, state);
  }
  const current = state.current;
  const age = current ? Date.now() - current.at : Number.POSITIVE_INFINITY;
  if (current && age < SNAPSHOT_TTL_MS) {
    if (age >= REFRESH_AFTER_MS && !state.loading) {
      // A failed refresh keeps the current snapshot; once it expires, the next request loads and reports the error.
      load(ctx, state).catch(() => undefined);
    }
    return current;
  }
  return state.loading ?? load(ctx, state);
}

export type MapFilters = {
  verifiedOnly: boolean;
  category?: string;
  /** A finite radius around a centre; "any distance" is no area (the answer is the same for everyone). */
  area?: { center: Point; radiusMiles: number };
  limit: number | null;
  offset: number;
};

function answerOf(items: string[], total: number): MapAnswer {
  return { json: Buffer.from(`{"producers":[${items.join(',')}],"total":${total}}`) };
}

const keeper = (filters: MapFilters) => (entry: MapEntry) =>
  (!filters.verifiedOnly || entry.verified) && (!filters.category || entry.categories.has(filters.category));
const pageOf = <T>(list: T[], filters: MapFilters) =>
  filters.limit === null ? list.slice(filters.offset) : list.slice(filters.offset, filters.offset + filters.limit);

const UNFILTERED: MapFilters = { verifiedOnly: false, limit: null, offset: 0 };

/** An answer without a location is the same for every visitor: built once per snapshot and filters. */
function sharedAnswer({ entries, answers }: Snapshot, filters: MapFilters): MapAnswer {
  const key = `${filters.verifiedOnly}|${filters.category ?? ''}|${filters.limit}|${filters.offset}`;
  const cached = answers.get(key);
  if (cached) return cached;
  const matching = entries.filter(keeper(filters));
  const answer = answerOf(
    pageOf(matching, filters).map((entry) => `${entry.head},"distance":null}`),
    matching.length,
  );
  answers.set(key, answer);
  compressed(answer).catch(() => undefined);
  return answer;
}

/** Gzips an answer once (off the main thread); until then clients get the plain bytes. */
function compressed(answer: MapAnswer): Promise<void> {
  answer.compressing ??= gzip(answer.json).then((bytes) => {
    answer.gzipped = bytes;
  });
  return answer.compressing;
}

/** The map answer: producers in good standing with coordinates, filtered, nearest first when a radius applies. */
export async function producerMapAnswer(ctx: AppContext, filters: MapFilters): Promise<MapAnswer> {
  const current = await snapshot(ctx);
  const { entries } = current;
  const keep = keeper(filters);
  const page = <T>(list: T[]) => pageOf(list, filters);

  if (!filters.area) return sharedAnswer(current, filters);

  const { center, radiusMiles } = filters.area;
  const key = `${center.latitude}|${center.longitude}|${radiusMiles}|${filters.verifiedOnly}|${filters.category ?? ''}|${filters.limit}|${filters.offset}`;
  const cached = current.nearby.get(key);
  if (cached) return cached;
  const box = boundingBox(center, radiusMiles);
  const near: { entry: MapEntry; miles: number }[] = [];
  for (const entry of entries) {
    if (box && (entry.lat < box.minLat || entry.lat > box.maxLat || entry.lng < box.minLng || entry.lng > box.maxLng)) continue;
    if (!keep(entry)) continue;
    const miles = haversineMiles(center.latitude, center.longitude, entry.lat, entry.lng);
    if (miles <= radiusMiles) near.push({ entry, miles });
  }
  // A stable sort: equal distances keep the alphabetical order of the snapshot.
  near.sort((a, b) => a.miles - b.miles);
  const answer = answerOf(
    page(near).map(({ entry, miles }) => `${entry.head},"distance":${roundMiles(miles)}}`),
    near.length,
  );
  if (current.nearbyBytes + answer.json.length > MAX_NEARBY_BYTES) {
    current.nearby.clear();
    current.nearbyBytes = 0;
  }
  current.nearby.set(key, answer);
  current.nearbyBytes += answer.json.length;
  return answer;
}
