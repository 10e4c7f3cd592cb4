import type { BenefitTable } from '@farmstand/shared/benefits/programmes';
import type { ProductSort } from '@farmstand/shared/schemas/search';
import { inArray, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { runNamed } from '../../db/named';
import { producerBenefits, producers } from '../../db/schema';
import type { Point } from '../../lib/geo';
import { type BenefitsRow, loadBenefitTable, type PlaceIncentive } from '../benefits';
import { effectiveStatusSql } from '../producers';
import { type BenefitsWanted, placeIncentivesOf } from './benefit-filter';
import { visibleNowSql } from './visible-until';

export type Area = { center: Point; radiusMiles: number | null };

export type ProductSearchFilters = {
  text?: string;
  category?: string;
  availability?: string;
  area?: Area;
  /** Relevance when absent (product-order.ts). */
  sort?: ProductSort;
  /** Only farms taking this benefit today (benefit-filter.ts). */
  benefits?: BenefitsWanted;
  /** The farms' day today as a day number (benefit-filter.ts): each result says what its farm takes on it. */
  day: number;
  /** The instant asked about (`ctx.clock.now()`): a farm whose trial or subscription has run out is not shown. */
  now: Date;
  limit: number;
  offset: number;
};

export type ProducerSearchFilters = {
  text?: string;
  category?: string;
  verifiedOnly?: boolean;
  /** Only farms taking this benefit today (benefit-filter.ts). */
  benefits?: BenefitsWanted;
  /** The farms' day today as a day number (benefit-filter.ts): each list row says what its farm takes on it. */
  day: number;
  /** The instant asked about (`ctx.clock.now()`): a farm whose trial or subscription has run out is not shown. */
  now: Date;
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
  /** The farm's `producer_benefits` row, if it saved one: what it takes (benefit-filter.ts). */
  benefits?: BenefitsRow;
  /** What the farm's pickup places offer (benefit-filter.ts#placeIncentivesOf). */
  offered?: PlaceIncentive[];
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
    : sql`${visibleNowSql} and sp.latitude is not null`;
  const result = await db.execute<MapProducerRow>(sql`
    select sp.producer_id, pr.user_id, pr.farm_name, pr.description, pr.city, pr.state, pr.latitude, pr.longitude,
      sp.verified, pr.profile_image_url, sp.listed_count as product_count, sp.categories,
      (${visibleNowSql} and pr.latitude is not null and pr.longitude is not null) as visible,
      (extract(epoch from sp.visible_until) * 1000)::float8 as visible_until
    from search_producers sp join producers pr on pr.id = sp.producer_id
    where ${only}
    order by pr.farm_name asc, pr.id asc`);
  const benefits = await benefitRowsOf(db, ids);
  for (const row of result.rows) {
    row.benefits = benefits.rows.get(Number(row.user_id));
    row.offered = benefits.places.get(Number(row.user_id)) ?? [];
  }
  return result.rows;
}

/**
 * The `producer_benefits` rows (decision 516) of every farm, or of these producers' farms, by the
 * farm's user id: whole rows, as the benefits policy reads them, with the benefit table in force
 * and what each farm's pickup places offer (the incentive of a place that is a participating market).
 */
export async function benefitRowsOf(
  db: Db,
  producerIds?: number[],
): Promise<{ rows: Map<number, BenefitsRow>; table: BenefitTable; places: Map<number, PlaceIncentive[]> }> {
  const table = await loadBenefitTable(db);
  if (producerIds?.length === 0) return { rows: new Map(), table, places: new Map() };
  const rows = await db
    .select()
    .from(producerBenefits)
    .where(
      producerIds
        ? inArray(
            producerBenefits.producerUserId,
            db.select({ userId: producers.userId }).from(producers).where(inArray(producers.id, producerIds)),
          )
        : undefined,
    );
  const places = await placeIncentivesOf(db, table, producerIds);
  return { rows: new Map(rows.map((row) => [row.producerUserId, row])), table, places };
}
