import type { SubscriptionStatus } from '@farmstand/shared';
import { roundHundredths } from '@farmstand/shared/format/money';
import type { ProducerMapItem, ProducerSearchItem } from '@farmstand/shared/schemas/search';
import type { MapProducerRow, ProducerRow } from './search.repository';

/** Distances leave the server rounded to a hundredth of a mile: enough for 'ft' and '0.1 mi' display. */
const roundMiles = (miles: number | null) => (miles === null ? null : roundHundredths(miles));

/**
 * `takes`: what the farm takes at pickup today (`benefit-filter.ts#takesOfBits` of the index's bits);
 * `markets`: the markets it is an approved vendor of.
 */
export function presentProducerListItem(
  row: ProducerRow,
  takes: ProducerSearchItem['benefit_takes'],
  markets: ProducerSearchItem['markets'],
): ProducerSearchItem {
  return {
    user_id: row.user_id,
    farm_name: row.farm_name,
    city: row.city,
    state: row.state,
    latitude: row.latitude,
    longitude: row.longitude,
    description: row.description,
    profile_image_url: row.profile_image_url,
    delivery_available: row.delivery_available,
    subscription_status: row.subscription_status as SubscriptionStatus,
    verified: row.verified,
    product_count: row.product_count,
    benefit_takes: takes,
    distance: roundMiles(row.distance === null ? null : Number(row.distance)),
    markets,
  };
}

const json = JSON.stringify;

/**
 * A list row's fields other than the three each answer sets (its status at the clock, what the farm
 * takes today, its distance).
 */
export type ProducerListRowFields = Omit<ProducerSearchItem, 'subscription_status' | 'benefit_takes' | 'distance' | 'markets'>;

/**
 * A list row's JSON around the three fields each answer sets, in the schema's order: the same for
 * every answer until the row changes, so the rows kept beside the index keep it (decision 310).
 * `middle` runs from `verified` to the key of `benefit_takes`.
 */
export type ProducerListRowParts = { head: string; middle: string };

export function producerListRowParts(row: ProducerListRowFields): ProducerListRowParts {
  // Joined, not concatenated: a template literal keeps its pieces as a rope, which every answer's
  // join would walk again; join gives one flat string, copied as it is.
  return {
    head: [
      `{"user_id":${json(row.user_id)},"farm_name":${json(row.farm_name)},"city":${json(row.city)},`,
      `"state":${json(row.state)},"latitude":${json(row.latitude)},"longitude":${json(row.longitude)},`,
      `"description":${json(row.description)},"profile_image_url":${json(row.profile_image_url)},`,
      `"delivery_available":${json(row.delivery_available)},"subscription_status":`,
    ].join(''),
    middle: [',"verified":', json(row.verified), ',"product_count":', json(row.product_count), ',"benefit_takes":'].join(''),
  };
}

/**
 * One list row, the only place a row's JSON is put together: its parts with the answer's status,
 * what the farm takes today as JSON (`listing-display.ts#takesJson`, written once per set of bits),
 * its distance (a presented distance, already rounded) and the markets it attends as JSON.
 */
export function producerListRowJson(
  parts: ProducerListRowParts,
  status: string,
  takes: string,
  distance: number | null,
  markets: string,
): string {
  return `${parts.head}${json(status)}${parts.middle}${takes},"distance":${json(distance)},"markets":${markets}}`;
}

/** The list's JSON from its rows' JSON. */
export function producerListPageJson(rows: string[], total: number): string {
  return `{"producers":[${rows.join(',')}],"total":${json(total)}}`;
}

/**
 * The producer list's JSON (`ProducerSearchListResponse`, fields in the schema's order) written
 * directly: the generic serialiser checked and copied fifty rows per answer, a fifth of the list's
 * time at national scale. The rows are the presenter's, so they hold exactly the schema's fields.
 */
export function producerListJson({ producers, total }: { producers: ProducerSearchItem[]; total: number }): string {
  const rows = producers.map((item) =>
    producerListRowJson(
      producerListRowParts(item),
      item.subscription_status,
      json(item.benefit_takes),
      item.distance,
      json(item.markets),
    ),
  );
  return producerListPageJson(rows, total);
}

/** The map popup shows two lines of description; a longer text only weighs down a 20,000-producer answer. */
export const MAP_DESCRIPTION_MAX = 160;

function shorten(text: string | null, max: number): string | null {
  if (text === null || text.length <= max) return text;
  return `${text.slice(0, max - 1).trimEnd()}…`;
}

export function presentProducerMapItem(row: ProducerRow): ProducerMapItem {
  return {
    id: row.user_id,
    farm_name: row.farm_name,
    description: shorten(row.description, MAP_DESCRIPTION_MAX),
    city: row.city,
    state: row.state,
    lat: row.latitude as number,
    lng: row.longitude as number,
    verified: row.verified,
    profile_image_url: row.profile_image_url,
    product_count: row.product_count,
    distance: roundMiles(row.distance === null ? null : Number(row.distance)),
  };
}

/** A map item without its distance, which depends on the visitor (the map index adds it per answer). */
export function presentMapProducer(row: MapProducerRow): Omit<ProducerMapItem, 'distance'> {
  return {
    id: row.user_id,
    farm_name: row.farm_name,
    description: shorten(row.description, MAP_DESCRIPTION_MAX),
    city: row.city,
    state: row.state,
    lat: row.latitude,
    lng: row.longitude,
    verified: row.verified,
    profile_image_url: row.profile_image_url,
    product_count: row.product_count,
  };
}

export { roundMiles };
