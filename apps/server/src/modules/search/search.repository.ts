import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { distanceSql, type Point, withinRadiusSql } from './geo';
import { effectiveStatusSql, producerInGoodStandingSql, producerOwnerJoinSql, productVisibleSql } from './listing-visibility.sql';

export type Area = { center: Point; radiusMiles: number | null };

export type ProductSearchFilters = {
  text?: string;
  category?: string;
  availability?: string;
  area?: Area;
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

/** Columns of a listing; `p` is the product, `pr` the producer (or the `nearby` row standing in for it). */
const listingColumns = (distance: SQL) => sql`p.id, p.producer_id, pr.user_id as producer_user_id, p.name, p.category,
  p.description, p.price::float8 as price, p.price_unit, p.availability, p.stock_quantity, p.primary_image_url,
  p.seasonal_start::text as seasonal_start, p.seasonal_end::text as seasonal_end,
  pr.farm_name, pr.city, pr.state, pr.delivery_available, pr.delivery_radius, pr.verified, ${distance} as distance`;

function productFilters(filters: ProductSearchFilters): SQL[] {
  const where: SQL[] = [productVisibleSql];
  if (filters.category) where.push(sql`p.category = ${filters.category}`);
  if (filters.availability) where.push(sql`p.availability = ${filters.availability}`);
  return where;
}

function productRelevance(text: string | undefined): SQL<number> {
  if (!text) return sql<number>`0::float8`;
  return sql<number>`(ts_rank(p.search_vector, websearch_to_tsquery('english', ${text}))
    + word_similarity(${text}, p.name) + 0.5 * word_similarity(${text}, pr.farm_name))::float8`;
}

function areaFilter(area: Area | undefined): SQL | null {
  if (!area || area.radiusMiles === null) return null;
  return withinRadiusSql(area.center, area.radiusMiles);
}

const page = (filters: ProductSearchFilters) => sql`limit ${filters.limit} offset ${filters.offset}`;

/**
 * Visible products of producers in good standing, filtered, ranked by relevance then distance.
 * Three query shapes, each led by the index that narrows the rows most (decision 044):
 * - a radius: the producers inside it first (bounding box on producers_lat_lng_idx + haversine),
 *   then their listed products, with the text matched row by row;
 * - text without a radius: the matching product ids first, from the full-text and trigram indexes;
 * - neither: newest first straight off the primary key, stopping after one page.
 */
export async function searchProducts(db: Db, filters: ProductSearchFilters): Promise<ProductListingRow[]> {
  if (filters.area && filters.area.radiusMiles !== null) return searchProductsNearby(db, filters, filters.area);
  if (filters.text) return searchProductsByText(db, filters, filters.text);
  return browseProducts(db, filters);
}

async function searchProductsNearby(db: Db, filters: ProductSearchFilters, area: Area): Promise<ProductListingRow[]> {
  const where = productFilters(filters);
  const text = filters.text;
  // What depends only on the producer (its farm name's similarity) is computed once per producer, not per product.
  const farmMatch = text ? sql`${text} <% pr.farm_name` : sql`false`;
  const farmSimilarity = text ? sql`word_similarity(${text}, pr.farm_name)::float8` : sql`0::float8`;
  if (text) {
    where.push(sql`(p.search_vector @@ websearch_to_tsquery('english', ${text}) or ${text} <% p.name or pr.farm_match)`);
  }
  const relevance = text
    ? sql`(ts_rank(p.search_vector, websearch_to_tsquery('english', ${text})) + word_similarity(${text}, p.name)
        + 0.5 * pr.farm_similarity)::float8`
    : sql`0::float8`;
  // The circle first (a few hundred rows off the lat/lng index), then each owner's standing by primary key.
  // OFFSET 0 keeps the standing a per-producer subplan: as a join, PostgreSQL hashes all subscriptions.
  const result = await db.execute<ProductListingRow>(sql`
    with pr as materialized (
      select pr.id, pr.user_id, pr.farm_name, pr.city, pr.state, pr.delivery_available, pr.delivery_radius,
        pr.verification_status = 'approved' as verified, ${distanceSql(area.center)} as distance,
        ${farmMatch} as farm_match, ${farmSimilarity} as farm_similarity
      from producers pr
      where ${areaFilter(area) ?? sql`true`}
        and exists (select 1 from users u left join subscriptions s on s.user_id = u.id
          where u.id = pr.user_id and ${producerInGoodStandingSql} offset 0)
    )
    select ${listingColumns(sql`pr.distance`)}, count(*) over ()::int as total
    from pr join products p on p.producer_id = pr.id
    where ${and(where)}
    order by ${relevance} desc, distance asc, p.id desc
    ${page(filters)}`);
  return result.rows;
}

/** Products whose text matches: full-text, a similar word in the name (typos), or a similar farm name. */
async function searchProductsByText(db: Db, filters: ProductSearchFilters, text: string): Promise<ProductListingRow[]> {
  const where = [...productFilters(filters), producerInGoodStandingSql];
  const distance = filters.area
    ? sql`(case when pr.latitude is null then null else ${distanceSql(filters.area.center)} end)`
    : sql`null::float8`;
  const result = await db.execute<ProductListingRow>(sql`
    with matched as (
      select id from products where search_vector @@ websearch_to_tsquery('english', ${text})
      union select id from products where ${text} <% name
      union select p.id from products p where p.producer_id in (select id from producers where ${text} <% farm_name)
    )
    select ${listingColumns(distance)}, count(*) over ()::int as total
    from matched m
    join products p on p.id = m.id
    join (select pr.*, pr.verification_status = 'approved' as verified from producers pr) pr on pr.id = p.producer_id
    ${producerOwnerJoinSql}
    where ${and(where)}
    order by ${productRelevance(text)} desc, distance asc nulls last, p.id desc
    ${page(filters)}`);
  return result.rows;
}

/** No text, no radius: newest first. The total is counted separately (countProducts) so paging stays cheap. */
async function browseProducts(db: Db, filters: ProductSearchFilters): Promise<ProductListingRow[]> {
  const where = [...productFilters(filters), producerInGoodStandingSql];
  const distance = filters.area
    ? sql`(case when pr.latitude is null then null else ${distanceSql(filters.area.center)} end)`
    : sql`null::float8`;
  const result = await db.execute<ProductListingRow>(sql`
    select ${listingColumns(distance)}, null::int as total
    from products p
    join (select pr.*, pr.verification_status = 'approved' as verified from producers pr) pr on pr.id = p.producer_id
    ${producerOwnerJoinSql}
    where ${and(where)}
    order by ${filters.area ? sql`distance asc nulls last,` : sql``} p.id desc
    ${page(filters)}`);
  return result.rows;
}

/** How many products match; used when the rows query carries no total (browsing, or a page past the end). */
export async function countProducts(db: Db, filters: ProductSearchFilters): Promise<number> {
  const where = [...productFilters(filters), producerInGoodStandingSql];
  if (filters.text) {
    where.push(sql`(p.search_vector @@ websearch_to_tsquery('english', ${filters.text}) or ${filters.text} <% p.name
      or p.producer_id in (select id from producers where ${filters.text} <% farm_name))`);
  }
  const radius = areaFilter(filters.area);
  if (radius) where.push(radius);
  const result = await db.execute<{ total: number }>(sql`
    select count(*)::int as total from products p join producers pr on pr.id = p.producer_id
    ${producerOwnerJoinSql} where ${and(where)}`);
  return result.rows[0]?.total ?? 0;
}

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

/** Producers in good standing, filtered, ranked by relevance, then distance, then name. */
export async function searchProducers(db: Db, filters: ProducerSearchFilters): Promise<ProducerRow[]> {
  const where: SQL[] = [producerInGoodStandingSql];
  const text = filters.text;
  if (text) {
    where.push(sql`(${text} <% pr.farm_name or pr.farm_name ilike ${`%${escapeLike(text)}%`}
      or exists (select 1 from products p where p.producer_id = pr.id and ${productVisibleSql}
        and (p.search_vector @@ websearch_to_tsquery('english', ${text}) or ${text} <% p.name)))`);
  }
  if (filters.category) {
    where.push(
      sql`exists (select 1 from products p where p.producer_id = pr.id and ${productVisibleSql} and p.category = ${filters.category})`,
    );
  }
  if (filters.verifiedOnly) where.push(sql`pr.verification_status = 'approved'`);
  if (filters.requireCoordinates) where.push(sql`pr.latitude is not null and pr.longitude is not null`);
  const radius = areaFilter(filters.area);
  if (radius) where.push(radius);
  const distance = filters.area
    ? sql`(case when pr.latitude is null then null else ${distanceSql(filters.area.center)} end)`
    : sql`null::float8`;
  const relevance = text ? sql`word_similarity(${text}, pr.farm_name) desc,` : sql``;
  const page = filters.limit === null ? sql`` : sql`limit ${filters.limit} offset ${filters.offset}`;
  // Products are counted only for the rows of the page (the window total needs no count per producer).
  const result = await db.execute<ProducerRow>(sql`
    select page.user_id, page.farm_name, page.city, page.state, page.latitude, page.longitude, page.description,
      page.profile_image_url, page.delivery_available, page.subscription_status, page.verified,
      (select count(*)::int from products p where p.producer_id = page.id and ${productVisibleSql}) as product_count,
      page.distance, page.total
    from (
      select pr.id, pr.user_id, pr.farm_name, pr.city, pr.state, pr.latitude, pr.longitude, pr.description,
        pr.profile_image_url, pr.delivery_available, ${effectiveStatusSql} as subscription_status,
        pr.verification_status = 'approved' as verified,
        ${distance} as distance,
        count(*) over ()::int as total,
        row_number() over (order by ${relevance} ${distance} asc nulls last, pr.farm_name asc, pr.id asc) as position
      from producers pr
      ${producerOwnerJoinSql}
      where ${and(where)}
      order by position
      ${page}
    ) page
    order by page.position`);
  return result.rows;
}

export type SuggestionRows = {
  products: { id: number; name: string; category: string; farm_name: string }[];
  producers: { user_id: number; farm_name: string; city: string; state: string }[];
};

/** Type-ahead: names that start with, contain or resemble what was typed. */
export async function suggest(db: Db, text: string, limit: number): Promise<SuggestionRows> {
  const like = `%${escapeLike(text)}%`;
  const products = await db.execute<SuggestionRows['products'][number]>(sql`
    select p.id, p.name, p.category, pr.farm_name
    from products p join producers pr on pr.id = p.producer_id ${producerOwnerJoinSql}
    where ${productVisibleSql} and ${producerInGoodStandingSql}
      and (p.name ilike ${like} or ${text} <% p.name)
    order by word_similarity(${text}, p.name) desc, p.name asc
    limit ${limit}`);
  const producers = await db.execute<SuggestionRows['producers'][number]>(sql`
    select pr.user_id, pr.farm_name, pr.city, pr.state
    from producers pr ${producerOwnerJoinSql}
    where ${producerInGoodStandingSql} and (pr.farm_name ilike ${like} or ${text} <% pr.farm_name)
    order by word_similarity(${text}, pr.farm_name) desc, pr.farm_name asc
    limit ${limit}`);
  return { products: products.rows, producers: producers.rows };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export type MapProducerRow = {
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
 * Every producer the map may show (in good standing, with coordinates), with its count of listed
 * products and their categories, alphabetical. One pass over the listed-products index instead of
 * a count per producer; the map answers are then filtered in memory (decision 070).
 */
export async function loadMapProducers(db: Db): Promise<MapProducerRow[]> {
  const result = await db.execute<MapProducerRow>(sql`
    select pr.user_id, pr.farm_name, pr.description, pr.city, pr.state, pr.latitude, pr.longitude,
      pr.verification_status = 'approved' as verified, pr.profile_image_url,
      coalesce(c.product_count, 0)::int as product_count, coalesce(c.categories, '{}'::text[]) as categories
    from producers pr
    ${producerOwnerJoinSql}
    left join (
      select p.producer_id, count(*)::int as product_count, array_agg(distinct p.category::text) as categories
      from products p where ${productVisibleSql} group by p.producer_id
    ) c on c.producer_id = pr.id
    where ${producerInGoodStandingSql} and pr.latitude is not null and pr.longitude is not null
    order by pr.farm_name asc, pr.id asc`);
  return result.rows;
}

/** Bumped by triggers on every write to products, producers, producer accounts and subscriptions (migration 0004). */
export async function catalogVersion(db: Db): Promise<string> {
  const result = await db.execute<{ version: string }>(sql`select version::text as version from search_catalog_version`);
  return result.rows[0]?.version ?? '0';
}
