import type { ProductSort } from '@farmstand/shared/schemas/search';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { runNamed } from '../../db/named';
import { boundingBox, cellsTsquery, distanceToSql, type Point } from './geo';
import { effectiveStatusSql } from './listing-visibility.sql';
import { resolveTsquery } from './product-search.repository';

export type Area = { center: Point; radiusMiles: number | null };

export type ProductSearchFilters = {
  text?: string;
  category?: string;
  availability?: string;
  area?: Area;
  /** Relevance when absent (product-order.ts). */
  sort?: ProductSort;
  limit: number;
  offset: number;
};

export type ProductListingRow = {
  id: number;
  producer_id: number;
  producer_user_id: number;
  name: string;
  category: string;
  description: string | null;
  price: number | null;
  price_unit: string | null;
  availability: string;
  stock_quantity: number | null;
  primary_image_url: string | null;
  seasonal_start: string | null;
  seasonal_end: string | null;
  farm_name: string;
  city: string;
  state: string;
  delivery_available: boolean;
  delivery_radius: number | null;
  verified: boolean;
  distance: number | null;
  /** The number of matching rows (window count); null from the browse shape, which counts separately. */
  total: number | null;
};

const and = (parts: SQL[]) => sql.join(parts, sql` and `);

export type ProducerSearchFilters = {
  text?: string;
  category?: string;
  verifiedOnly?: boolean;
  area?: Area;
  /** The map leaves off producers without coordinates. */
  requireCoordinates?: boolean;
  limit: number | null;
  offset: number;
};

export type ProducerRow = {
  user_id: number;
  farm_name: string;
  city: string;
  state: string;
  latitude: number | null;
  longitude: number | null;
  description: string | null;
  profile_image_url: string | null;
  delivery_available: boolean;
  subscription_status: string;
  verified: boolean;
  product_count: number;
  distance: number | null;
  total: number;
};

/**
 * Producers in good standing, filtered, ranked by relevance, then distance, then name; read from
 * `search_producers` (decision 120), whose listed counts make the product count free.
 */
export async function searchProducers(db: Db, filters: ProducerSearchFilters): Promise<ProducerRow[]> {
  const where: SQL[] = [sql`sp.visible_until > now()`];
  const text = filters.text;
  const tsq = text ? await resolveTsquery(db, text) : null;
  if (text) {
    // A similar farm name (trigram index) or a farm with a listing matching the words (typos corrected).
    // Within a radius, the listings are narrowed by the circle's grid cells in the same GIN scan.
    const box =
      filters.area && filters.area.radiusMiles !== null ? boundingBox(filters.area.center, filters.area.radiusMiles) : null;
    const cells = box ? cellsTsquery(box) : null;
    const match = cells ? sql`(${tsq} && ${`(${cells})`}::tsquery)` : tsq;
    const sells = tsq
      ? sql`or sp.producer_id in (select l.producer_id from search_listings l where l.doc @@ ${match} and l.visible_until > now())`
      : sql``;
    where.push(sql`(${text} <% sp.farm_name or sp.farm_name ilike ${`%${escapeLike(text)}%`} ${sells})`);
  }
  if (filters.category) where.push(sql`sp.counts ? ${`c:${filters.category}`}`);
  if (filters.verifiedOnly) where.push(sql`sp.verified`);
  if (filters.requireCoordinates) where.push(sql`sp.latitude is not null and sp.longitude is not null`);
  const area = filters.area;
  if (area && area.radiusMiles !== null) {
    const box = boundingBox(area.center, area.radiusMiles);
    if (box) {
      where.push(sql`sp.latitude between ${box.minLat}::float8 and ${box.maxLat}::float8
        and sp.longitude between ${box.minLng}::float8 and ${box.maxLng}::float8`);
    }
    where.push(sql`sp.latitude is not null and ${distanceToSql(area.center, 'sp')} <= ${area.radiusMiles}::float8`);
  }
  const distance = area
    ? sql`(case when sp.latitude is null then null else ${distanceToSql(area.center, 'sp')} end)`
    : sql`null::float8`;
  const relevance = text ? sql`word_similarity(${text}, sp.farm_name) desc,` : sql``;
  const page = filters.limit === null ? sql`` : sql`limit ${filters.limit} offset ${filters.offset}`;
  // The owner's account and subscription are read only for the rows of the page.
  const result = await db.execute<ProducerRow>(sql`
    select pr.user_id, pr.farm_name, pr.city, pr.state, pr.latitude, pr.longitude, pr.description,
      pr.profile_image_url, pr.delivery_available, ${effectiveStatusSql} as subscription_status,
      page.verified, page.product_count, page.distance, page.total
    from (
      select sp.producer_id, sp.verified, sp.listed_count as product_count, ${distance} as distance,
        count(*) over ()::int as total,
        row_number() over (order by ${relevance} ${distance} asc nulls last, sp.farm_name asc, sp.producer_id asc) as position
      from search_producers sp
      where ${and(where)}
      order by position
      ${page}
    ) page
    join producers pr on pr.id = page.producer_id
    join users u on u.id = pr.user_id left join subscriptions s on s.user_id = u.id
    order by page.position`);
  return result.rows;
}

/**
 * The rows of a producer page ranked by the listing index (decision 191), read fresh by id in the
 * index's order with the same columns as `searchProducers`.
 */
export async function producersByIds(db: Db, page: { producerId: number; distance: number | null }[]): Promise<ProducerRow[]> {
  if (page.length === 0) return [];
  return runNamed<ProducerRow>(db, 'search_producers_by_ids', PRODUCERS_BY_IDS, [
    page.map((row) => row.producerId),
    page.map((row) => row.distance),
  ]);
}

/** A prepared statement (decision 119): the status expression has no parameters, so it is rendered once. */
const PRODUCERS_BY_IDS = `
  select pr.user_id, pr.farm_name, pr.city, pr.state, pr.latitude, pr.longitude, pr.description,
    pr.profile_image_url, pr.delivery_available, ${new PgDialect().sqlToQuery(effectiveStatusSql).sql} as subscription_status,
    sp.verified, sp.listed_count as product_count, page.distance, 0 as total
  from unnest($1::int[], $2::float8[]) with ordinality as page(producer_id, distance, position)
  join search_producers sp on sp.producer_id = page.producer_id
  join producers pr on pr.id = page.producer_id
  join users u on u.id = pr.user_id left join subscriptions s on s.user_id = u.id
  order by page.position`;

export type SuggestionRows = {
  products: { id: number; name: string; category: string; farm_name: string }[];
  producers: { user_id: number; farm_name: string; city: string; state: string }[];
};

/**
 * Type-ahead (decision 120): product names with a word starting with what was typed (a prefix
 * query on the distinct names' words), farm names starting with it (a B-tree prefix range), each
 * topped up with trigram matches (typos) only when fewer than `limit` were found. Every query reads
 * an index in order or a small set, never all listings. Products are shown with their newest
 * visible listing.
 */
export async function suggest(db: Db, text: string, limit: number): Promise<SuggestionRows> {
  const lower = text.toLowerCase();
  const words = lower.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const prefixQuery = words.length ? words.map((word) => `${word}:*`).join(' & ') : null;
  const productRows = (names: SQL) => sql`
    select l.product_id as id, n.name, l.category, sp.farm_name
    from (${names}) n
    cross join lateral (
      select l.product_id, l.category, l.producer_id from search_listings l
      where l.name = n.name and l.visible_until > now() order by l.product_id desc limit 1
    ) l
    join search_producers sp on sp.producer_id = l.producer_id`;
  const [products, producers] = await Promise.all([
    suggestProducts(db, lower, prefixQuery, limit, productRows),
    suggestProducers(db, lower, limit),
  ]);
  return { products, producers };
}

async function suggestProducts(
  db: Db,
  lower: string,
  prefixQuery: string | null,
  limit: number,
  productRows: (names: SQL) => SQL,
): Promise<SuggestionRows['products']> {
  const products = prefixQuery
    ? (
        await db.execute<SuggestionRows['products'][number]>(sql`${productRows(sql`
          select sn.name from search_names sn
          where to_tsvector('simple', sn.lower_name) @@ to_tsquery('simple', ${prefixQuery})
          order by length(sn.name), sn.name limit ${limit * 3}`)}
        order by length(n.name), n.name limit ${limit}`)
      ).rows
    : [];
  if (products.length < limit && lower.length >= 3) {
    const typos = await db.execute<SuggestionRows['products'][number]>(sql`${productRows(sql`
        select sn.name, word_similarity(${lower}, sn.lower_name) as similarity from search_names sn
        where ${lower} <% sn.lower_name order by similarity desc, sn.name limit ${limit * 3}`)}
      order by n.similarity desc, n.name limit ${limit}`);
    for (const row of typos.rows) {
      if (products.length < limit && !products.some((p) => p.name === row.name)) products.push(row);
    }
  }
  return products;
}

/**
 * Farms whose name starts with the text, in byte order of the lower-cased name (`~<~`, the order of
 * the `text_pattern_ops` index, so the scan stops after `limit` rows and both engines agree).
 */
async function suggestProducers(db: Db, lower: string, limit: number): Promise<SuggestionRows['producers']> {
  const producers = (
    await db.execute<SuggestionRows['producers'][number]>(sql`
      select pr.user_id, pr.farm_name, pr.city, pr.state
      from (select sp.producer_id from search_producers sp
        where lower(sp.farm_name) like ${`${escapeLike(lower)}%`} and sp.visible_until > now()
        order by lower(sp.farm_name) using ~<~, sp.producer_id limit ${limit}) c
      join producers pr on pr.id = c.producer_id
      order by lower(pr.farm_name) using ~<~, pr.id`)
  ).rows;
  return producers.length >= limit ? producers : topUpProducers(db, lower, limit, producers);
}

/** Typo candidates read per suggestion at most: at 100k farms a common word matches thousands. */
const TYPO_CANDIDATES = 1000;

/** Farms whose name resembles what was typed (a typo, a word inside the name), after the prefix matches. */
async function topUpProducers(
  db: Db,
  lower: string,
  limit: number,
  found: SuggestionRows['producers'],
): Promise<SuggestionRows['producers']> {
  if (lower.length < 3) return found;
  const result = await db.execute<SuggestionRows['producers'][number]>(sql`
    select pr.user_id, pr.farm_name, pr.city, pr.state
    from (select t.producer_id, word_similarity(${lower}, t.farm_name) as similarity
      from (select sp.producer_id, sp.farm_name from search_producers sp
        where sp.visible_until > now() and ${lower} <% sp.farm_name limit ${TYPO_CANDIDATES}) t
      order by similarity desc, t.farm_name limit ${limit * 2}) c
    join producers pr on pr.id = c.producer_id
    order by c.similarity desc, pr.farm_name`);
  const rows = [...found];
  for (const row of result.rows) {
    if (rows.length < limit && !rows.some((p) => p.user_id === row.user_id)) rows.push(row);
  }
  return rows;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export type MapProducerRow = {
  producer_id: number;
  /** False when the producer may no longer be shown (only asked for by id, after a change). */
  visible: boolean;
  /** Epoch milliseconds until which the producer is in good standing (Infinity for good). */
  visible_until: number;
  user_id: number;
  farm_name: string;
  description: string | null;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  verified: boolean;
  profile_image_url: string | null;
  product_count: number;
  categories: string[];
};

/**
 * Producers the map may show (in good standing, with coordinates), with their listed-product count
 * and categories from `search_producers`; all of them, or only `ids` (the ones that changed).
 * Rows of `ids` that may no longer be shown come back with `visible` false, so the map drops them.
 */
export async function loadMapProducers(db: Db, ids?: number[]): Promise<MapProducerRow[]> {
  const only = ids
    ? sql`sp.producer_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql`sp.visible_until > now() and sp.latitude is not null`;
  const result = await db.execute<MapProducerRow>(sql`
    select sp.producer_id, pr.user_id, pr.farm_name, pr.description, pr.city, pr.state, pr.latitude, pr.longitude,
      sp.verified, pr.profile_image_url, sp.listed_count as product_count, sp.categories,
      (sp.visible_until > now() and pr.latitude is not null and pr.longitude is not null) as visible,
      (extract(epoch from sp.visible_until) * 1000)::float8 as visible_until
    from search_producers sp join producers pr on pr.id = sp.producer_id
    where ${only}
    order by pr.farm_name asc, pr.id asc`);
  return result.rows;
}

/** Producers whose search rows changed after `since` (the feed each instance polls, decision 121). */
export async function changedProducers(db: Db, since: string): Promise<{ producer_id: number; changed_at: string }[]> {
  const result = await db.execute<{ producer_id: number; changed_at: string }>(sql`
    select producer_id, changed_at::text as changed_at from search_producers
    where changed_at > ${since}::timestamptz order by changed_at limit 5000`);
  return result.rows;
}

/** The database's clock, so instances compare change times with the clock that wrote them. */
export async function databaseNow(db: Db): Promise<string> {
  const result = await db.execute<{ now: string }>(sql`select clock_timestamp()::text as now`);
  return result.rows[0].now;
}
