import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { runNamed } from '../../db/named';
import { boundingBox, cellsTsquery, distanceToSql } from './geo';
import { SORT_KEY_ORDER, sortKeySql } from './product-order';
import type { Area, ProductListingRow, ProductSearchFilters } from './search.repository';
import { searchTsquery } from './search-text';

/**
 * Product search over the denormalised `search_listings` table (decision 120). Every query is
 * bounded: it reads at most `offset + limit` rows per relevance tier in index order, or the
 * listings of a circle that grows only until the page is full, and counts the total apart.
 *
 * Order: relevance tier (3: the words are in the product's name, typos corrected; 2: in its farm's
 * name; 1: elsewhere — category, description, ingredients), then distance from the centre, then
 * newest. Visible means listed (active, not removed) and the producer in good standing at this
 * moment (`visible_until > now()`, so a trial or period that runs out needs no write). Another
 * order (price, distance, newest: product-order.ts) takes its page from `sortedPage` and its total
 * from the relevance answer: the order never changes what is counted.
 */
export async function searchProductListings(
  db: Db,
  filters: ProductSearchFilters,
  listedTotal: ListedTotal = (f) => countAllListed(db, f),
): Promise<Result> {
  const text = filters.text ? await resolveTsquery(db, filters.text) : null;
  const relevance = { ...filters, sort: undefined };
  const ranked = filters.area
    ? searchNearby(db, relevance, filters.area, text, listedTotal)
    : text
      ? searchByText(db, relevance, text, listedTotal)
      : browse(db, relevance);
  if (!filters.sort || filters.sort === 'relevance') return ranked;
  const { total } = await ranked;
  return { rows: await sortedPage(db, filters, filters.sort, text), total };
}

/**
 * One page in another order than relevance: every match (in the radius) keyed by product-order.ts
 * and cut to the page in the database. Unbounded by rings or windows: the listing index answers
 * from 20,000 listings up (decision 125), and a slow statement is cancelled (search.service.ts).
 */
async function sortedPage(
  db: Db,
  filters: ProductSearchFilters,
  sort: NonNullable<ProductSearchFilters['sort']>,
  text: SQL | null,
): Promise<ProductListingRow[]> {
  const area = filters.area;
  const place = area ? circle(area.center, area.radiusMiles) : { tokens: [], exact: sql`true` };
  const tokens = [...filterTokens(filters), ...place.tokens];
  const distance = area ? distanceToSql(area.center, 'l') : sql`null::float8`;
  const key = sortKeySql(sort, { tier: tierSql(text), distance, price: sql`p.price` });
  const matches = sql`select l.product_id, ${tierSql(text)} as tier, ${distance} as distance,
      ${key.tier} as sort_tier, ${key.distance} as sort_distance
    from search_listings l join products p on p.id = l.product_id
    where ${docMatch(docQuery(text, tokens))} l.visible_until > now() and ${place.exact}
      ${!text && !tokens.length ? browseFilters(filters) : sql``}`;
  const ranked = sql`select * from (
      select m.*, row_number() over (order by ${SORT_KEY_ORDER}) as position
      from (select * from (${matches}) s order by ${SORT_KEY_ORDER} limit ${filters.offset + filters.limit}) m
    ) numbered where position > ${filters.offset}`;
  const result = await db.execute<RankedRow>(withDetails(ranked, sql`select 0 as total`));
  return toResult(result.rows).rows;
}

/**
 * Every visible listing matching the filters (category, availability): the one count that reads
 * every producer, so the service passes a briefly kept copy (search.service.ts#browseTotal).
 */
export type ListedTotal = (filters: ProductSearchFilters) => Promise<number>;

const TOP_TIER = 3;

/**
 * The search's tsquery, resolved first (typo alternatives looked up) and then bound as a literal
 * parameter, so the planner sees the real words and picks by their frequency: an index-ordered scan
 * that stops after the page for common words, the GIN index for rare ones. Null when no words remain.
 */
export async function resolveTsquery(db: Db, text: string): Promise<SQL | null> {
  const tsquery = searchTsquery(text);
  if (!tsquery) return null;
  const result = await db.execute<{ q: string }>(sql`select (${tsquery})::text as q`);
  const q = result.rows[0]?.q ?? '';
  return q ? sql`${q}::tsquery` : null;
}

/** The category and availability filters as tokens of `doc` ('zzc…', 'zza…'; values are enum-checked). */
function filterTokens(filters: ProductSearchFilters): string[] {
  const tokens: string[] = [];
  if (filters.category) tokens.push(`'zzc${filters.category}'`);
  if (filters.availability) tokens.push(`'zza${filters.availability}'`);
  return tokens;
}

/** Text, filters and place as one tsquery over `doc` (one GIN scan intersects them); null when none. */
function docQuery(text: SQL | null, tokens: string[]): SQL | null {
  const tokenQuery = tokens.length ? sql`${tokens.join(' & ')}::tsquery` : null;
  return text && tokenQuery ? sql`(${text} && ${tokenQuery})` : (text ?? tokenQuery);
}

const docMatch = (query: SQL | null) => (query ? sql`l.doc @@ ${query} and` : sql``);

const tierSql = (text: SQL | null, alias = 'l') => {
  if (!text) return sql`1`;
  const row = sql.raw(alias);
  return sql`(case when ${row}.name_doc @@ ${text} then 3 when ${row}.farm_doc @@ ${text} then 2 else 1 end)`;
};

/** Listing columns of the page rows (`page` has product_id, tier, distance, position). */
function withDetails(ranked: SQL, total: SQL): SQL {
  return sql`
    select p.id, p.producer_id, pr.user_id as producer_user_id, p.name, p.category, p.description,
      p.price::float8 as price, p.price_unit, p.availability, p.stock_quantity, p.primary_image_url,
      p.seasonal_start::text as seasonal_start, p.seasonal_end::text as seasonal_end,
      pr.farm_name, pr.city, pr.state, pr.delivery_available, pr.delivery_radius,
      pr.verification_status = 'approved' as verified, page.distance, page.tier, t.total
    from (${total}) t
    left join ((${ranked}) page join products p on p.id = page.product_id join producers pr on pr.id = p.producer_id) on true
    order by page.position`;
}

/** `total` is null when it is to be counted apart (browsing). */
export type Result = { rows: ProductListingRow[]; total: number | null };
type RankedRow = ProductListingRow & { total: number; tier: number | null };

function toResult(rows: RankedRow[]): { rows: RankedRow[]; total: number } {
  const total = Number(rows[0]?.total ?? 0);
  return { rows: rows.filter((row) => row.id !== null), total };
}

/** How many of the newest listings (of the category) the cheap first pass of a text search reads. */
export const TEXT_WINDOW = 4000;
/** The widest window (common words on deep pages); past it the GIN index answers whatever the cost. */
const MAX_TEXT_WINDOW = 64_000;
/** Up to this many expected matches reading them all off the GIN index is cheaper than a wider window. */
const GIN_MATCHES_LIMIT = 20_000;

/** The newest `size` listings of the filters, and those of them matching the words with their tier. */
async function textWindow(
  db: Db,
  filters: ProductSearchFilters,
  text: SQL,
  size: number,
): Promise<{ windowRows: number; matches: { id: number; tier: number }[] }> {
  // One scan of the window: only ids and tiers leave it (the first row always, for the window's size).
  const result = await db.execute<{ window_rows: number; product_id: number | null; tier: number | null }>(sql`
    select x.window_rows, x.product_id, x.tier from (
      select count(*) over ()::int as window_rows, row_number() over () as n, l.product_id,
        case when l.doc @@ ${text} then ${tierSql(text)} end as tier
      from (select l.product_id, l.name_doc, l.farm_doc, l.doc from search_listings l
        where l.visible_until > now() ${browseFilters(filters)}
        order by l.product_id desc limit ${size}) l
    ) x where x.tier is not null or x.n = 1`);
  const windowRows = Number(result.rows[0]?.window_rows ?? 0);
  const matches = result.rows
    .filter((row) => row.tier !== null)
    .map((row) => ({ id: Number(row.product_id), tier: Number(row.tier) }));
  return { windowRows, matches };
}

/**
 * Text without a centre, in two bounded passes (decision 120):
 * 1. the newest TEXT_WINDOW listings (of the category, off a B-tree in id order) are matched and
 *    ranked; when they hold `offset + limit` top-tier matches, those are the page — no older listing
 *    can come before them — and the total is the window's match rate times the visible listings;
 * 2. otherwise the words are rare enough for the GIN index: every match is read, ranked and counted.
 * The planner never has to guess how common the words are (both of its guesses have a trap at 1M).
 */
async function searchByText(db: Db, filters: ProductSearchFilters, text: SQL, listedTotal: ListedTotal): Promise<Result> {
  const need = filters.offset + filters.limit;
  let size = Math.min(MAX_TEXT_WINDOW, Math.max(TEXT_WINDOW, need * 20));
  let ranked: { id: number; tier: number }[] | null = null;
  let total = 0;
  for (;;) {
    const pass = await textWindow(db, filters, text, size);
    const topTier = pass.matches.filter((m) => m.tier === TOP_TIER).length;
    if (pass.windowRows < size) {
      // The window held every listing of the filters: exact.
      ranked = pass.matches;
      total = pass.matches.length;
      break;
    }
    const listed = await listedTotal(filters);
    if (topTier >= need) {
      ranked = pass.matches;
      total = Math.round((pass.matches.length / size) * listed);
      break;
    }
    // Common words (many expected matches) read a wider window; rarer ones go to the GIN index.
    const expected = (pass.matches.length / size) * listed;
    if (expected <= GIN_MATCHES_LIMIT || size >= MAX_TEXT_WINDOW) break;
    size = Math.min(MAX_TEXT_WINDOW, size * 4);
  }
  if (!ranked) {
    const all = await db.execute<{ product_id: number; tier: number }>(sql`
      select l.product_id, ${tierSql(text)} as tier from search_listings l
      where ${docMatch(docQuery(text, filterTokens(filters)))} l.visible_until > now()`);
    ranked = all.rows.map((row) => ({ id: Number(row.product_id), tier: Number(row.tier) }));
    total = ranked.length;
  }
  ranked.sort((a, b) => b.tier - a.tier || b.id - a.id);
  const page = ranked.slice(filters.offset, need);
  return {
    rows: await listingsByIds(
      db,
      page.map((row) => ({ id: row.id, distance: null })),
    ),
    total,
  };
}

/**
 * The listing columns of the page's products, in the page's order: one prepared statement (the same
 * text whatever the page), planned once per connection. The listing index keeps these columns
 * itself (listing-index/listing-display.ts, decision 260) and must stay in step with this list.
 */
const LISTINGS_BY_IDS = `
  select p.id, p.producer_id, pr.user_id as producer_user_id, p.name, p.category, p.description,
    p.price::float8 as price, p.price_unit, p.availability, p.stock_quantity, p.primary_image_url,
    p.seasonal_start::text as seasonal_start, p.seasonal_end::text as seasonal_end,
    pr.farm_name, pr.city, pr.state, pr.delivery_available, pr.delivery_radius,
    pr.verification_status = 'approved' as verified, page.distance, null::int as total
  from unnest($1::int[], $2::float8[]) with ordinality as page(product_id, distance, position)
  join products p on p.id = page.product_id
  join producers pr on pr.id = p.producer_id
  order by page.position`;

export async function listingsByIds(db: Db, page: { id: number; distance: number | null }[]): Promise<ProductListingRow[]> {
  if (page.length === 0) return [];
  return runNamed<ProductListingRow>(db, 'search_listings_by_ids', LISTINGS_BY_IDS, [
    page.map((row) => row.id),
    page.map((row) => row.distance),
  ]);
}

/** Rings of a centre search: small circles first, so a dense area fills the page from a few hundred rows. */
function ringsOf(radiusMiles: number | null, hasText: boolean): (number | null)[] {
  if (radiusMiles === null) return hasText ? [25, 100, 400, null] : [5, 25, 100, 400, null];
  if (hasText) return [radiusMiles];
  return [radiusMiles / 8, radiusMiles / 2, radiusMiles].filter((r, i, all) => r >= 3 || i === all.length - 1);
}

/** The place condition of a circle: its grid cells as doc tokens (for the index) and the exact distance. */
function circle(center: Area['center'], miles: number | null): { tokens: string[]; exact: SQL } {
  if (miles === null) return { tokens: [], exact: sql`true` };
  const box = boundingBox(center, miles);
  const cells = box ? cellsTsquery(box) : null;
  return {
    tokens: cells ? [`(${cells})`] : [],
    exact: sql`l.latitude is not null and ${distanceToSql(center, 'l')} <= ${miles}::float8`,
  };
}

/**
 * A centre: the page is taken from the smallest ring that holds `offset + limit` matches of the top
 * tier (then no row outside the ring can come before them: it is farther, in the same or a lower
 * tier), else from the whole radius. The total counts the whole radius apart.
 */
async function searchNearby(
  db: Db,
  filters: ProductSearchFilters,
  area: Area,
  text: SQL | null,
  listedTotal: ListedTotal,
): Promise<Result> {
  const need = filters.offset + filters.limit;
  const topTier = text ? TOP_TIER : 1;
  const totalPromise = countNearby(db, filters, area, text, listedTotal);
  const rings = ringsOf(area.radiusMiles, text !== null);
  let rows: RankedRow[] = [];
  for (const [index, miles] of rings.entries()) {
    const place = circle(area.center, miles);
    const tokens = [...filterTokens(filters), ...place.tokens];
    const top = sql`select l.product_id, ${tierSql(text)} as tier, ${distanceToSql(area.center, 'l')} as distance
      from search_listings l
      where ${docMatch(docQuery(text, tokens))} l.visible_until > now() and ${place.exact}
        ${!text && !tokens.length ? browseFilters(filters) : sql``}
      order by tier desc, distance asc, l.product_id desc limit ${need}`;
    const ranked = sql`select * from (
        select top.*, row_number() over (order by tier desc, distance asc, product_id desc) as position from (${top}) top
      ) numbered where position > ${filters.offset}`;
    const result = await db.execute<RankedRow>(withDetails(ranked, sql`select 0 as total`));
    rows = toResult(result.rows).rows;
    // The page is exact once the ring holds `need` top-tier rows (those before the page and the page).
    const full = rows.length === filters.limit && rows.every((row) => Number(row.tier) === topTier);
    if (full || index === rings.length - 1) break;
  }
  return { rows, total: await totalPromise };
}

function browseFilters(filters: ProductSearchFilters): SQL {
  const parts: SQL[] = [];
  if (filters.category) parts.push(sql`and l.category = ${filters.category}`);
  if (filters.availability) parts.push(sql`and l.availability = ${filters.availability}`);
  return sql.join(parts, sql` `);
}

/** The key of a producer's listed count for these filters (search_producers.counts, migration 0006). */
function countKey(filters: ProductSearchFilters): string | null {
  if (filters.category && filters.availability) return `c:${filters.category}|a:${filters.availability}`;
  if (filters.category) return `c:${filters.category}`;
  if (filters.availability) return `a:${filters.availability}`;
  return null;
}

const producerCount = (filters: ProductSearchFilters) => {
  const key = countKey(filters);
  return key ? sql`coalesce((sp.counts ->> ${key})::int, 0)` : sql`sp.listed_count`;
};

/**
 * The number of matches in the radius. With text: a count of the GIN matches in the circle's cells.
 * Without: the sum of the producers' listed counts in the circle (a few thousand producer rows
 * instead of tens of thousands of listings).
 */
async function countNearby(
  db: Db,
  filters: ProductSearchFilters,
  area: Area,
  text: SQL | null,
  listedTotal: ListedTotal,
): Promise<number> {
  if (!text) {
    if (area.radiusMiles === null) return listedTotal(filters);
    const box = boundingBox(area.center, area.radiusMiles);
    const boxFilter = box
      ? sql`and sp.latitude between ${box.minLat}::float8 and ${box.maxLat}::float8
          and sp.longitude between ${box.minLng}::float8 and ${box.maxLng}::float8`
      : sql``;
    const result = await db.execute<{ total: number }>(sql`
      select coalesce(sum(${producerCount(filters)}), 0)::int as total from search_producers sp
      where sp.visible_until > now() and sp.latitude is not null ${boxFilter}
        and ${distanceToSql(area.center, 'sp')} <= ${area.radiusMiles}::float8`);
    return Number(result.rows[0]?.total ?? 0);
  }
  if (area.radiusMiles === null) {
    // Any distance: the same total as the text without a place (the window estimate or an exact count).
    return (await searchByText(db, { ...filters, area: undefined, offset: 0, limit: 1 }, text, listedTotal)).total ?? 0;
  }
  const place = circle(area.center, area.radiusMiles);
  const match = docQuery(text, [...filterTokens(filters), ...place.tokens]);
  const result = await db.execute<{ total: number }>(sql`
    select count(*)::int as total from search_listings l where ${docMatch(match)} l.visible_until > now() and ${place.exact}`);
  return Number(result.rows[0]?.total ?? 0);
}

/** Every visible listing matching category/availability: the sum over producers in good standing. */
export async function countAllListed(db: Db, filters: ProductSearchFilters): Promise<number> {
  const result = await db.execute<{ total: number }>(sql`
    select coalesce(sum(${producerCount(filters)}), 0)::int as total from search_producers sp
    where sp.visible_until > now() and sp.listed_count > 0`);
  return Number(result.rows[0]?.total ?? 0);
}

/** No text, no centre: newest first straight off an index, stopping after the page. */
async function browse(db: Db, filters: ProductSearchFilters): Promise<Result> {
  const ranked = sql`select l.product_id, 1 as tier, null::float8 as distance,
      row_number() over (order by l.product_id desc) as position
    from search_listings l where l.visible_until > now() ${browseFilters(filters)}
    order by l.product_id desc limit ${filters.limit} offset ${filters.offset}`;
  const result = await db.execute<RankedRow>(withDetails(ranked, sql`select 0 as total`));
  return { rows: toResult(result.rows).rows, total: null };
}
