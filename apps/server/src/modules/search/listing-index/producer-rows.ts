import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  type ProducerListRowParts,
  producerListPageJson,
  producerListRowJson,
  producerListRowParts,
  roundMiles,
} from '../search.presenter';
import type { ProducerRow } from '../search.repository';

/**
 * What a row of the producer list shows (decision 271), kept in memory beside the listing index so
 * a page is written without a database read (on PGlite one connection serialised every request's
 * read). The same columns as `search.repository.ts#PRODUCERS_BY_IDS`, from the same tables, loaded
 * with the index and reloaded for every producer the change feed reports (decision 121): every write
 * to `producers` and `products` stamps the producer (migration 0006: the farm's columns, `verified`,
 * `listed_count`), and migration 0014 makes a subscription write that changes its effective status
 * stamp it too. The status itself depends on the clock, so what it is computed from is kept and it is
 * computed per answer, as the SQL does with `now()`.
 */
/** A list row's own columns (as `producersByIds` reads them), with what its status is computed from. */
type StoredRow = Omit<ProducerRow, 'subscription_status' | 'distance' | 'total'> & {
  /** The subscription's columns (null status: no subscription row). Times in epoch milliseconds. */
  status: string | null;
  trialEndsAt: number | null;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: number | null;
};

type LoadedRow = Omit<StoredRow, 'trialEndsAt' | 'cancelAtPeriodEnd' | 'currentPeriodEnd'> & {
  producer_id: number;
  trial_ends_ms: number | string | null;
  cancel_at_period_end: boolean | null;
  current_period_end_ms: number | string | null;
};

const rowColumns = sql`sp.producer_id, pr.user_id, pr.farm_name, pr.city, pr.state, pr.latitude, pr.longitude,
  pr.description, pr.profile_image_url, pr.delivery_available, sp.verified, sp.listed_count as product_count,
  s.status, (extract(epoch from s.trial_ends_at) * 1000)::float8 as trial_ends_ms, s.cancel_at_period_end,
  (extract(epoch from s.current_period_end) * 1000)::float8 as current_period_end_ms`;
const rowTables = sql`search_producers sp join producers pr on pr.id = sp.producer_id
  join users u on u.id = pr.user_id left join subscriptions s on s.user_id = u.id`;

const msOf = (value: number | string | null) => (value === null ? null : Number(value));

function toStored(row: LoadedRow): StoredRow {
  return {
    user_id: Number(row.user_id),
    farm_name: row.farm_name,
    city: row.city,
    state: row.state,
    latitude: row.latitude === null ? null : Number(row.latitude),
    longitude: row.longitude === null ? null : Number(row.longitude),
    description: row.description,
    profile_image_url: row.profile_image_url,
    delivery_available: row.delivery_available,
    verified: row.verified,
    product_count: Number(row.product_count),
    status: row.status,
    trialEndsAt: msOf(row.trial_ends_ms),
    cancelAtPeriodEnd: row.cancel_at_period_end === true,
    currentPeriodEnd: msOf(row.current_period_end_ms),
  };
}

/**
 * The twin of `effectiveSubscriptionStatusSql` (and of billing's `effectiveSubscriptionStatus`) on
 * the kept columns, at `now` (epoch milliseconds).
 */
export function effectiveStatusAt(
  row: Pick<StoredRow, 'status' | 'trialEndsAt' | 'cancelAtPeriodEnd' | 'currentPeriodEnd'>,
  now: number,
): string {
  if (row.status === null) return 'none';
  if (row.status === 'trialing' && row.trialEndsAt !== null && row.trialEndsAt <= now) return 'none';
  if (row.status === 'active' && row.cancelAtPeriodEnd && row.currentPeriodEnd !== null && row.currentPeriodEnd <= now) {
    return 'canceled';
  }
  return row.status;
}

export class ProducerRows {
  private readonly rows = new Map<number, StoredRow>();
  /**
   * Each row's list JSON but for status and distance, written when the row is loaded or replaced
   * (part of what the index keeps, as the listings' display JSON is: no first-answer cost), dropped
   * with the row.
   */
  private readonly listParts = new WeakMap<StoredRow, ProducerListRowParts>();

  get size(): number {
    return this.rows.size;
  }

  /** Replaces the rows of these producers with their current state (null: no row to show any more). */
  apply(updates: { producerId: number; row: StoredRow | null }[]): void {
    for (const { producerId, row } of updates) {
      if (row) {
        this.rows.set(producerId, row);
        this.listParts.set(row, producerListRowParts(row));
      } else this.rows.delete(producerId);
    }
  }

  /**
   * A ranked page as the list's JSON, byte for byte as `producerListJson` writes the presented rows,
   * from each row's kept parts: a page of fifty rows no longer serialises fifty descriptions per
   * answer (decision 310). `takesOf` answers what a farm takes today as JSON (the index knows it,
   * `ListingIndex#producerTakesJson`), `marketsOf` the markets it attends as JSON. Null when a row
   * is not held (the caller reads the page from the database).
   */
  listJson(
    page: { producerId: number; distance: number | null }[],
    total: number,
    now: number,
    takesOf: (producerId: number) => string,
    marketsOf: (producerId: number) => string,
  ): string | null {
    const out: string[] = new Array(page.length);
    for (let i = 0; i < page.length; i++) {
      const { producerId, distance } = page[i];
      const row = this.rows.get(producerId);
      if (!row) return null;
      const parts = this.listParts.get(row) ?? producerListRowParts(row);
      out[i] = producerListRowJson(
        parts,
        effectiveStatusAt(row, now),
        takesOf(producerId),
        roundMiles(distance),
        marketsOf(producerId),
      );
    }
    return producerListPageJson(out, total);
  }

  /**
   * A ranked page's rows as `producersByIds` reads them, or null when one is not held (the caller
   * then reads the page from the database).
   */
  page(page: { producerId: number; distance: number | null }[], now: number): ProducerRow[] | null {
    const out: ProducerRow[] = new Array(page.length);
    for (let i = 0; i < page.length; i++) {
      const { producerId, distance } = page[i];
      const row = this.rows.get(producerId);
      if (!row) return null;
      // Field by field: a rest-and-spread copy of fifty rows measured a tenth of the list's time.
      out[i] = {
        user_id: row.user_id,
        farm_name: row.farm_name,
        city: row.city,
        state: row.state,
        latitude: row.latitude,
        longitude: row.longitude,
        description: row.description,
        profile_image_url: row.profile_image_url,
        delivery_available: row.delivery_available,
        subscription_status: effectiveStatusAt(row, now),
        verified: row.verified,
        product_count: row.product_count,
        distance,
        total: 0,
      };
    }
    return out;
  }
}

/** Every producer's row, for a new index. */
export async function loadProducerRows(db: Db): Promise<ProducerRows> {
  const result = await db.execute<LoadedRow>(sql`select ${rowColumns} from ${rowTables}`);
  const rows = new ProducerRows();
  rows.apply(result.rows.map((row) => ({ producerId: Number(row.producer_id), row: toStored(row) })));
  return rows;
}

/** The current rows of some producers (null when gone), for `ProducerRows.apply`. */
export async function reloadProducerRows(
  db: Db,
  producerIds: number[],
): Promise<{ producerId: number; row: StoredRow | null }[]> {
  const ids = sql`${`{${producerIds.join(',')}}`}::int[]`;
  const result = await db.execute<LoadedRow>(sql`select ${rowColumns} from ${rowTables} where sp.producer_id = any(${ids})`);
  const byId = new Map(result.rows.map((row) => [Number(row.producer_id), toStored(row)]));
  return producerIds.map((producerId) => ({ producerId, row: byId.get(producerId) ?? null }));
}
