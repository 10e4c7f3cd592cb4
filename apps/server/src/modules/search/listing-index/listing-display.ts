import { toDollars } from '@farmstand/shared/format/money';
import { takesOfBits } from '../benefit-filter';
import { roundMiles } from '../search.presenter';

/**
 * What a product search result shows of a listing (the `ProductListing` schema) beyond what the
 * index ranks by, kept beside the listings (decision 260) so the index answers a search without a
 * round trip to the database and writes the JSON itself. Loaded with the listings and reloaded with
 * them when the change feed reports their producer (decision 121): a price, a name or a picture is
 * never older than the index's own ranking.
 *
 * Kept as columns of plain values (text end to end in one string per column), not as ready JSON:
 * a million listings' JSON would double the index's memory; writing twenty rows costs microseconds.
 */

/** The `products` columns of a result row as the database returns them (LISTINGS_BY_IDS's casts). */
export type ProductDisplayRow = {
  description: string | null;
  price_cents: number | null;
  price_unit: string | null;
  stock_quantity: number | null;
  primary_image_url: string | null;
  seasonal_start: string | null;
  seasonal_end: string | null;
  /** "from $X" and selling by weight (decision 510): the product row's summary of its variants. */
  price_from: boolean;
  weight_unit: string | null;
  pack_min: number | string | null;
  pack_max: number | string | null;
  /** Meat and poultry: how it was inspected (the benefit rules read it, decision 516). */
  inspection: string | null;
  /** Where it was grown or raised (decision 516): a state code; null, the farm itself. */
  origin_state: string | null;
};

export type ProductDisplay = {
  description: string | null;
  price: number | null;
  priceUnit: string | null;
  stockQuantity: number | null;
  primaryImageUrl: string | null;
  seasonalStart: string | null;
  seasonalEnd: string | null;
  priceFrom: boolean;
  weightUnit: string | null;
  packMin: number | null;
  packMax: number | null;
  inspection: string | null;
  originState: string | null;
};

const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));

export function productDisplayOf(row: ProductDisplayRow): ProductDisplay {
  return {
    description: row.description,
    price: row.price_cents === null ? null : toDollars(Number(row.price_cents)),
    priceUnit: row.price_unit,
    stockQuantity: row.stock_quantity === null ? null : Number(row.stock_quantity),
    primaryImageUrl: row.primary_image_url,
    seasonalStart: row.seasonal_start,
    seasonalEnd: row.seasonal_end,
    priceFrom: row.price_from === true,
    weightUnit: row.weight_unit,
    packMin: numberOrNull(row.pack_min),
    packMax: numberOrNull(row.pack_max),
    inspection: row.inspection ?? null,
    originState: row.origin_state ?? null,
  };
}

/**
 * A text column of the base's listings without a JS string per listing: the distinct values end to
 * end in one string and each slot's range in typed arrays. A million strings (and arrays of a
 * million references) would be traced by every major garbage collection while the server answers;
 * this is two typed arrays and one string. Equal values share their range.
 *
 * Values are kept as JSON string literals (quoted and escaped once, at load): a page is written
 * from them as they are, where escaping every description per answer measured a twentieth of the
 * server's time under search load.
 */
class JsonTextColumn {
  private starts: Int32Array = new Int32Array(1024);
  private ends: Int32Array = new Int32Array(1024);
  private parts: string[] = [];
  private length = 0;
  private size = 0;
  private whole = '';
  private ranges: Map<string, number> | null = new Map();

  push(value: string | null): void {
    if (this.length === this.starts.length) {
      this.starts = growInts(this.starts);
      this.ends = growInts(this.ends);
    }
    if (value === null) {
      this.starts[this.length] = -1;
    } else {
      const literal = JSON.stringify(value);
      let start = this.ranges?.get(literal);
      if (start === undefined) {
        start = this.size;
        this.parts.push(literal);
        this.size += literal.length;
        this.ranges?.set(literal, start);
      }
      this.starts[this.length] = start;
      this.ends[this.length] = start + literal.length;
    }
    this.length++;
  }

  done(): void {
    this.whole = this.parts.join('');
    this.parts = [];
    this.ranges = null;
    this.starts = this.starts.slice(0, this.length);
    this.ends = this.ends.slice(0, this.length);
  }

  /** The slot's value as JSON: a string literal, or null. */
  json(slot: number): string {
    const start = this.starts[slot];
    return start < 0 ? 'null' : this.whole.slice(start, this.ends[slot]);
  }
}

/** The display columns of the base's listings, by slot. */
export class ProductDisplayColumns {
  private prices: Float64Array = new Float64Array(1024);
  private stock: Float64Array = new Float64Array(1024);
  private packMins: Float64Array = new Float64Array(1024);
  private packMaxes: Float64Array = new Float64Array(1024);
  private priceFrom: Uint8Array = new Uint8Array(1024);
  private readonly weightUnits = new JsonTextColumn();
  private readonly descriptions = new JsonTextColumn();
  private readonly units = new JsonTextColumn();
  private readonly images = new JsonTextColumn();
  private readonly starts = new JsonTextColumn();
  private readonly ends = new JsonTextColumn();
  private readonly inspections = new JsonTextColumn();
  private readonly origins = new JsonTextColumn();
  private length = 0;

  push(display: ProductDisplay): void {
    if (this.length === this.prices.length) {
      this.prices = growFloats(this.prices);
      this.stock = growFloats(this.stock);
      this.packMins = growFloats(this.packMins);
      this.packMaxes = growFloats(this.packMaxes);
      const flags = new Uint8Array(this.priceFrom.length * 2);
      flags.set(this.priceFrom);
      this.priceFrom = flags;
    }
    this.prices[this.length] = display.price ?? Number.NaN;
    this.stock[this.length] = display.stockQuantity ?? Number.NaN;
    this.packMins[this.length] = display.packMin ?? Number.NaN;
    this.packMaxes[this.length] = display.packMax ?? Number.NaN;
    this.priceFrom[this.length] = display.priceFrom ? 1 : 0;
    this.length++;
    this.weightUnits.push(display.weightUnit);
    this.descriptions.push(display.description);
    this.units.push(display.priceUnit);
    this.images.push(display.primaryImageUrl);
    this.starts.push(display.seasonalStart);
    this.ends.push(display.seasonalEnd);
    this.inspections.push(display.inspection);
    this.origins.push(display.originState);
  }

  /** Joins the text columns and trims the spare room (after the last push). */
  done(): this {
    const text = [
      this.descriptions,
      this.units,
      this.images,
      this.starts,
      this.ends,
      this.weightUnits,
      this.inspections,
      this.origins,
    ];
    for (const column of text) column.done();
    this.prices = this.prices.slice(0, this.length);
    this.stock = this.stock.slice(0, this.length);
    this.packMins = this.packMins.slice(0, this.length);
    this.packMaxes = this.packMaxes.slice(0, this.length);
    this.priceFrom = this.priceFrom.slice(0, this.length);
    return this;
  }

  /** A slot's price, or null (the price sort, product-order.ts). */
  priceOf(slot: number): number | null {
    const price = this.prices[slot];
    return Number.isNaN(price) ? null : price;
  }

  /** A slot's display fields as JSON values. */
  json(slot: number): DisplayJson {
    const price = this.prices[slot];
    const stock = this.stock[slot];
    const packMin = this.packMins[slot];
    const packMax = this.packMaxes[slot];
    return {
      description: this.descriptions.json(slot),
      price: Number.isNaN(price) ? 'null' : json(price),
      priceUnit: this.units.json(slot),
      stockQuantity: Number.isNaN(stock) ? 'null' : json(stock),
      primaryImageUrl: this.images.json(slot),
      seasonalStart: this.starts.json(slot),
      seasonalEnd: this.ends.json(slot),
      priceFrom: this.priceFrom[slot] === 1 ? 'true' : 'false',
      weightUnit: this.weightUnits.json(slot),
      packMin: Number.isNaN(packMin) ? 'null' : json(packMin),
      packMax: Number.isNaN(packMax) ? 'null' : json(packMax),
      inspection: this.inspections.json(slot),
      originState: this.origins.json(slot),
    };
  }
}

function growFloats(values: Float64Array): Float64Array {
  const grown = new Float64Array(values.length * 2);
  grown.set(values);
  return grown;
}

function growInts(values: Int32Array): Int32Array {
  const grown = new Int32Array(values.length * 2);
  grown.set(values);
  return grown;
}

const json = JSON.stringify;

/** Each display field as JSON text (a literal, or null). */
export type DisplayJson = { [field in keyof ProductDisplay]: string };

/** An overlay listing's display fields as JSON text (the base's come from the columns). */
export function displayJsonOf(display: ProductDisplay): DisplayJson {
  return {
    description: json(display.description),
    price: json(display.price),
    priceUnit: json(display.priceUnit),
    stockQuantity: json(display.stockQuantity),
    primaryImageUrl: json(display.primaryImageUrl),
    seasonalStart: json(display.seasonalStart),
    seasonalEnd: json(display.seasonalEnd),
    priceFrom: json(display.priceFrom),
    weightUnit: json(display.weightUnit),
    packMin: json(display.packMin),
    packMax: json(display.packMax),
    inspection: json(display.inspection),
    originState: json(display.originState),
  };
}

/** A result row's own fields: numbers, and the rest as JSON text. */
export type ListingRowFields = {
  id: number;
  producerId: number;
  userId: number;
  name: string;
  category: string;
  availability: string;
  display: DisplayJson;
};

/** A result row's farm fields. */
export type ProducerDisplay = {
  farmName: string;
  city: string;
  state: string;
  deliveryAvailable: boolean;
  deliveryRadius: number | null;
  verified: boolean;
};

/**
 * The farm's part of a result row (`"farm_name"` … `"verified"`), the same for all its listings.
 * Joined into one flat string: it is kept per farm, and a concatenation would stay a rope that every
 * page's join walks again (decision 310).
 */
export function farmFieldsJson(producer: ProducerDisplay): string {
  return [
    `"farm_name":${json(producer.farmName)},"city":${json(producer.city)},"state":${json(producer.state)},`,
    `"delivery_available":${producer.deliveryAvailable},"delivery_radius":${json(producer.deliveryRadius)},`,
    `"producer_email":null,"verified":${producer.verified}`,
  ].join('');
}

/** `benefit_takes` as JSON for each set of bits a farm's benefits can be (../benefit-filter.ts). */
const TAKES_JSON = Array.from({ length: 16 }, (_, bits) => json(takesOfBits(bits)));

/** What the farm takes today (`BenefitColumns#maskOf`, `maskOn`) as the row's `benefit_takes`. */
export const takesJson = (bits: number): string => TAKES_JSON[bits] ?? json(takesOfBits(bits));

/**
 * One result row, byte for byte as the route's schema serialiser would write a `ProductListing`
 * object (the schema's key order; listings are public: never an e-mail, decision 041). `takes` is
 * the farm's `benefit_takes` today as JSON (`takesJson`): it changes by the day, so it is not kept
 * with the farm's fields.
 */
export function listingJson(listing: ListingRowFields, farmFields: string, takes: string, distance: number | null): string {
  const d = listing.display;
  return (
    `{"id":${listing.id},"producer_id":${listing.producerId},"producer_user_id":${listing.userId},` +
    `"name":${listing.name},"category":${listing.category},"description":${d.description},` +
    `"price":${d.price},"price_unit":${d.priceUnit},"price_from":${d.priceFrom},"weight_unit":${d.weightUnit},` +
    `"pack_min":${d.packMin},"pack_max":${d.packMax},"availability":${listing.availability},` +
    `"stock_quantity":${d.stockQuantity},"primary_image_url":${d.primaryImageUrl},` +
    `"seasonal_start":${d.seasonalStart},"seasonal_end":${d.seasonalEnd},` +
    `"inspection":${d.inspection},"origin_state":${d.originState},` +
    `${farmFields},"benefit_takes":${takes},"distance":${json(roundMiles(distance))}}`
  );
}
