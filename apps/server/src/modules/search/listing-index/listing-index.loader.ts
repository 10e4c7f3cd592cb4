import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { type ListingData, ListingIndex, type ProducerData } from './listing-index';
import { ListingIndexBuilder } from './listing-index.builder';
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

type ListingRow = {
  product_id: number;
  producer_id: number;
  category: string;
  availability: string;
  name_lexemes: string | null;
  doc_lexemes: string | null;
};

type ProducerRow = {
  producer_id: number;
  latitude: number | null;
  longitude: number | null;
  visible_until_ms: string | number;
  farm_lexemes: string | null;
};

const listingColumns = sql`l.product_id, l.producer_id, l.category, l.availability,
  array_to_string(tsvector_to_array(l.name_doc), chr(31)) as name_lexemes,
  array_to_string(tsvector_to_array(l.doc), chr(31)) as doc_lexemes`;

const producerColumns = sql`sp.producer_id, sp.latitude, sp.longitude,
  (extract(epoch from sp.visible_until) * 1000)::text as visible_until_ms,
  (select array_to_string(tsvector_to_array(l.farm_doc), chr(31)) from search_listings l
    where l.producer_id = sp.producer_id limit 1) as farm_lexemes`;

function toListing(row: ListingRow): ListingData {
  const listing = {
    productId: Number(row.product_id),
    producerId: Number(row.producer_id),
    category: row.category,
    availability: row.availability,
    nameLexemes: lexemes(row.name_lexemes),
    docLexemes: [] as string[],
  };
  listing.docLexemes = lexemes(row.doc_lexemes).filter((lexeme) => !isFilterToken(lexeme, listing));
  return listing;
}

function toProducer(row: ProducerRow): ProducerData {
  return {
    producerId: Number(row.producer_id),
    latitude: row.latitude === null ? null : Number(row.latitude),
    longitude: row.longitude === null ? null : Number(row.longitude),
    visibleUntil: Number(row.visible_until_ms),
    farmLexemes: lexemes(row.farm_lexemes),
  };
}

export async function loadVocabulary(db: Db): Promise<Vocabulary> {
  const result = await db.execute<{ word: string }>(sql`select word from search_words`);
  return new Vocabulary(result.rows.map((row) => row.word));
}

/** The whole index, built from the search tables as they are now. */
export async function loadListingIndex(db: Db): Promise<ListingIndex> {
  const vocabulary = await loadVocabulary(db);
  const producers = await db.execute<ProducerRow>(sql`select ${producerColumns} from search_producers sp`);
  const builder = new ListingIndexBuilder(producers.rows.map(toProducer));
  let below = 2_147_483_647;
  for (;;) {
    const page = await db.execute<ListingRow>(sql`
      select ${listingColumns} from search_listings l
      where l.product_id < ${below}::int order by l.product_id desc limit ${PAGE}`);
    builder.add(page.rows.map(toListing));
    if (page.rows.length < PAGE) break;
    below = Number(page.rows[page.rows.length - 1].product_id);
    // Let requests through between pages: the SQL path answers them meanwhile.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return new ListingIndex(builder.build(), vocabulary);
}

/** The current state of some producers (null when gone) and their listings, for the overlay. */
export async function loadProducers(
  db: Db,
  producerIds: number[],
): Promise<{ producerId: number; producer: ProducerData | null; listings: ListingData[] }[]> {
  const ids = sql`${`{${producerIds.join(',')}}`}::int[]`;
  const [producers, listings] = await Promise.all([
    db.execute<ProducerRow>(sql`select ${producerColumns} from search_producers sp where sp.producer_id = any(${ids})`),
    db.execute<ListingRow>(sql`select ${listingColumns} from search_listings l where l.producer_id = any(${ids})`),
  ]);
  const byId = new Map(producers.rows.map((row) => [Number(row.producer_id), toProducer(row)]));
  return producerIds.map((producerId) => ({
    producerId,
    producer: byId.get(producerId) ?? null,
    listings: listings.rows.filter((row) => Number(row.producer_id) === producerId).map(toListing),
  }));
}
