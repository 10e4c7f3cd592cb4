import type { BenefitTable } from '@farmstand/shared/benefits/programmes';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { BenefitsRow, PlaceIncentive } from '../../benefits';
import { benefitTimeline } from '../benefit-filter';
import { benefitRowsOf } from '../search.repository';
import { type ProductDisplayRow, productDisplayOf } from './listing-display';
import { type ListingData, ListingIndex, type ProducerData } from './listing-index';
import { ListingIndexBuilder } from './listing-index.builder';
import type { NameRow } from './name-table';
import { Vocabulary } from './query-words';

/**
 * Reads the search tables into a ListingIndex (decision 125). Listings come in id-descending pages
 * so a million rows never sit in one result; lexemes travel as one string per tsvector.
 */

const PAGE = 50_000;
/** Separates lexemes in transit (a control character no lexeme holds). */
const SEPARATOR = '\u001f';
const lexemes = (joined: string | null) => (joined ? joined.split(SEPARATOR) : []);

/** Filter tokens of `doc` (category, availability, grid cell): the index keeps those as columns. */
const isFilterToken = (lexeme: string, listing: { category: string; availability: string }) =>
  lexeme === `zzc${listing.category}` || lexeme === `zza${listing.availability}` || /^zzg\d+$/.test(lexeme);

type ListingRow = ProductDisplayRow & {
  product_id: number;
  name: string;
  producer_id: number;
  category: string;
  availability: string;
  name_lexemes: string | null;
  doc_lexemes: string | null;
};

type ProducerRow = {
  producer_id: number;
  farm_name: string;
  farm_lower: string;
  verified: boolean;
  user_id: number;
  city: string | null;
  state: string | null;
  latitude: number | null;
  longitude: number | null;
  visible_until_ms: string | number;
  farm_lexemes: string | null;
  delivery_available: boolean | null;
  delivery_radius: number | null;
};

/**
 * Read from `search_listings l join products p`: what ranks, and what a result shows (the columns of
 * product-search.repository.ts#LISTINGS_BY_IDS), in one read so both are of the same moment.
 */
const listingColumns = sql`l.product_id, l.name, l.producer_id, l.category, l.availability,
  array_to_string(tsvector_to_array(l.name_doc), chr(31)) as name_lexemes,
  array_to_string(tsvector_to_array(l.doc), chr(31)) as doc_lexemes,
  p.description, p.price_cents, p.price_unit, p.stock_quantity, p.primary_image_url,
  p.seasonal_start::text as seasonal_start, p.seasonal_end::text as seasonal_end,
  p.price_from, p.weight_unit, p.pack_min::float8 as pack_min, p.pack_max::float8 as pack_max,
  p.inspection, p.origin_state`;
const listingTables = sql`search_listings l join products p on p.id = l.product_id`;

/** Read from `search_producers sp left join producers pr` (the type-ahead shows the farm's city and state). */
const producerColumns = sql`sp.producer_id, sp.latitude, sp.longitude, sp.farm_name, lower(sp.farm_name) as farm_lower,
  sp.verified, coalesce(pr.user_id, sp.user_id) as user_id, pr.city, pr.state, pr.delivery_available, pr.delivery_radius,
  (extract(epoch from sp.visible_until) * 1000)::text as visible_until_ms,
  (select array_to_string(tsvector_to_array(l.farm_doc), chr(31)) from search_listings l
    where l.producer_id = sp.producer_id limit 1) as farm_lexemes`;

function toListing(row: ListingRow): ListingData {
  const listing = {
    productId: Number(row.product_id),
    producerId: Number(row.producer_id),
    name: row.name,
    category: row.category,
    availability: row.availability,
    nameLexemes: lexemes(row.name_lexemes),
    docLexemes: [] as string[],
    display: productDisplayOf(row),
  };
  listing.docLexemes = lexemes(row.doc_lexemes).filter((lexeme) => !isFilterToken(lexeme, listing));
  return listing;
}

/**
 * A producer as the index holds it; `benefits` are the farms' `producer_benefits` rows and what their
 * pickup places offer, by user id.
 */
function toProducer(
  row: ProducerRow,
  benefits: { rows: Map<number, BenefitsRow>; table: BenefitTable; places: Map<number, PlaceIncentive[]> },
): ProducerData {
  const userId = Number(row.user_id);
  return {
    producerId: Number(row.producer_id),
    latitude: row.latitude === null ? null : Number(row.latitude),
    longitude: row.longitude === null ? null : Number(row.longitude),
    visibleUntil: Number(row.visible_until_ms),
    farmLexemes: lexemes(row.farm_lexemes),
    farmName: row.farm_name,
    farmLower: row.farm_lower,
    verified: row.verified === true,
    userId,
    city: row.city ?? '',
    state: row.state ?? '',
    deliveryAvailable: row.delivery_available === true,
    deliveryRadius: row.delivery_radius === null ? null : Number(row.delivery_radius),
    benefits: benefitTimeline(benefits.rows.get(userId), row.state ?? '', benefits.places.get(userId) ?? []),
  };
}

export async function loadVocabulary(db: Db): Promise<Vocabulary> {
  const result = await db.execute<{ word: string }>(sql`select word from search_words`);
  return new Vocabulary(result.rows.map((row) => row.word));
}

/** How many rows `search_names` holds: it only grows, so a new count means new names (decision 191). */
export async function countNames(db: Db): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`select count(*)::int as n from search_names`);
  return Number(result.rows[0]?.n ?? 0);
}

/** The type-ahead's product names with the database's lower case and `simple` lexemes (decision 191). */
export async function loadNames(db: Db): Promise<NameRow[]> {
  const result = await db.execute<{ name: string; lower_name: string; lexemes: string | null }>(sql`
    select name, lower_name,
      array_to_string(tsvector_to_array(to_tsvector('simple', lower_name)), chr(31)) as lexemes
    from search_names`);
  return result.rows.map((row) => ({ name: row.name, lower: row.lower_name, lexemes: lexemes(row.lexemes) }));
}

/** The whole index, built from the search tables as they are now. */
export async function loadListingIndex(db: Db): Promise<ListingIndex> {
  const vocabulary = await loadVocabulary(db);
  const names = await loadNames(db);
  const producers = await db.execute<ProducerRow>(
    sql`select ${producerColumns} from search_producers sp left join producers pr on pr.id = sp.producer_id`,
  );
  const benefits = await benefitRowsOf(db);
  const builder = new ListingIndexBuilder(producers.rows.map((row) => toProducer(row, benefits)));
  let below = 2_147_483_647;
  for (;;) {
    const page = await db.execute<ListingRow>(sql`
      select ${listingColumns} from ${listingTables}
      where l.product_id < ${below}::int order by l.product_id desc limit ${PAGE}`);
    builder.add(page.rows.map(toListing));
    if (page.rows.length < PAGE) break;
    below = Number(page.rows[page.rows.length - 1].product_id);
    // Let other requests through between pages (searches wait for the load, decision 461).
    await new Promise((resolve) => setImmediate(resolve));
  }
  const index = new ListingIndex(builder.build(), vocabulary);
  index.setNames(names);
  return index;
}

/** The current state of some producers (null when gone) and their listings, for the overlay. */
export async function loadProducers(
  db: Db,
  producerIds: number[],
): Promise<{ producerId: number; producer: ProducerData | null; listings: ListingData[] }[]> {
  const ids = sql`${`{${producerIds.join(',')}}`}::int[]`;
  const [producers, listings, benefits] = await Promise.all([
    db.execute<ProducerRow>(
      sql`select ${producerColumns} from search_producers sp left join producers pr on pr.id = sp.producer_id
        where sp.producer_id = any(${ids})`,
    ),
    db.execute<ListingRow>(sql`select ${listingColumns} from ${listingTables} where l.producer_id = any(${ids})`),
    benefitRowsOf(db, producerIds),
  ]);
  const byId = new Map(producers.rows.map((row) => [Number(row.producer_id), toProducer(row, benefits)]));
  return producerIds.map((producerId) => ({
    producerId,
    producer: byId.get(producerId) ?? null,
    listings: listings.rows.filter((row) => Number(row.producer_id) === producerId).map(toListing),
  }));
}
