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
  price: number | string | null;
  price_unit: string | null;
  stock_quantity: number | null;
  primary_image_url: string | null;
  seasonal_start: string | null;
  seasonal_end: string | null;
};

export type ProductDisplay = {
  description: string | null;
  price: number | null;
  priceUnit: string | null;
  stockQuantity: number | null;
  primaryImageUrl: string | null;
  seasonalStart: string | null;
  seasonalEnd: string | null;
};

export function productDisplayOf(row: ProductDisplayRow): ProductDisplay {
  return {
    description: row.description,
    price: row.price === null ? null : Number(row.price),
    priceUnit: row.price_unit,
    stockQuantity: row.stock_quantity === null ? null : Number(row.stock_quantity),
    primaryImageUrl: row.primary_image_url,
    seasonalStart: row.seasonal_start,
    seasonalEnd: row.seasonal_end,
  };
}

/**
 * A text column of the base's listings without a JS string per listing: the distinct values end to
 * end in one string and each slot's range in typed arrays. A million strings (and arrays of a
 * million references) would be traced by every major garbage collection while the server answers;
 * this is two typed arrays and one string. Equal values share their range.
 */
class TextColumn {
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
      let start = this.ranges?.get(value);
      if (start === undefined) {
        start = this.size;
        this.parts.push(value);
        this.size += value.length;
        this.ranges?.set(value, start);
      }
      this.starts[this.length] = start;
      this.ends[this.length] = start + value.length;
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

  get(slot: number): string | null {
    const start = this.starts[slot];
    return start < 0 ? null : this.whole.slice(start, this.ends[slot]);
  }
}

/** The display columns of the base's listings, by slot. */
export class ProductDisplayColumns {
  private prices: Float64Array = new Float64Array(1024);
  private stock: Float64Array = new Float64Array(1024);
  private readonly descriptions = new TextColumn();
  private readonly units = new TextColumn();
  private readonly images = new TextColumn();
  private readonly starts = new TextColumn();
  private readonly ends = new TextColumn();
  private length = 0;

  push(display: ProductDisplay): void {
    if (this.length === this.prices.length) {
      this.prices = growFloats(this.prices);
      this.stock = growFloats(this.stock);
    }
    this.prices[this.length] = display.price ?? Number.NaN;
    this.stock[this.length] = display.stockQuantity ?? Number.NaN;
    this.length++;
    this.descriptions.push(display.description);
    this.units.push(display.priceUnit);
    this.images.push(display.primaryImageUrl);
    this.starts.push(display.seasonalStart);
    this.ends.push(display.seasonalEnd);
  }

  /** Joins the text columns and trims the spare room (after the last push). */
  done(): this {
    for (const column of [this.descriptions, this.units, this.images, this.starts, this.ends]) column.done();
    this.prices = this.prices.slice(0, this.length);
    this.stock = this.stock.slice(0, this.length);
    return this;
  }

  get(slot: number): ProductDisplay {
    const price = this.prices[slot];
    const stock = this.stock[slot];
    return {
      description: this.descriptions.get(slot),
      price: Number.isNaN(price) ? null : price,
      priceUnit: this.units.get(slot),
      stockQuantity: Number.isNaN(stock) ? null : stock,
      primaryImageUrl: this.images.get(slot),
      seasonalStart: this.starts.get(slot),
      seasonalEnd: this.ends.get(slot),
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

/** A result row's own fields. */
export type ListingRowFields = {
  id: number;
  producerId: number;
  userId: number;
  name: string;
  category: string;
  availability: string;
  display: ProductDisplay;
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

const text = (value: string | null) => (value === null ? 'null' : JSON.stringify(value));
const number = (value: number | null) => (value === null ? 'null' : JSON.stringify(value));

/**
 * One result row, byte for byte as the route's schema serialiser writes `presentProductListing`'s
 * object (the schema's key order; listings are public: never an e-mail, decision 041).
 */
export function listingJson(listing: ListingRowFields, producer: ProducerDisplay, distance: number | null): string {
  const d = listing.display;
  return (
    `{"id":${listing.id},"producer_id":${listing.producerId},"producer_user_id":${listing.userId},` +
    `"name":${text(listing.name)},"category":${text(listing.category)},"description":${text(d.description)},` +
    `"price":${number(d.price)},"price_unit":${text(d.priceUnit)},"availability":${text(listing.availability)},` +
    `"stock_quantity":${number(d.stockQuantity)},"primary_image_url":${text(d.primaryImageUrl)},` +
    `"seasonal_start":${text(d.seasonalStart)},"seasonal_end":${text(d.seasonalEnd)},` +
    `"farm_name":${text(producer.farmName)},"city":${text(producer.city)},"state":${text(producer.state)},` +
    `"delivery_available":${producer.deliveryAvailable},"delivery_radius":${number(producer.deliveryRadius)},` +
    `"producer_email":null,"verified":${producer.verified},"distance":${number(roundMiles(distance))}}`
  );
}
