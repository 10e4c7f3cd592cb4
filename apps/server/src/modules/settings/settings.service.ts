import { DEFAULT_SETTINGS, type Settings, type SettingsKey } from '@farmstand/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';

declare module '../../lib/context' {
  interface AppContext {
    settings: SettingsStore;
  }
}

/**
 * Cached briefly: maintenance mode is read on every request. Other instances see a change within this.
 * The cache's age is a duration (`performance.now()`), not the app's time.
 */
const CACHE_MS = 2000;

export class SettingsStore {
  private cache: { at: number; value: Settings } | null = null;

  constructor(private readonly db: Db) {}

  /**
   * Inside a transaction, pass it as `db`: on the embedded engine (one connection) a read through
   * the app's own handle waits for that transaction to end, so an expired cache would hang it.
   */
  async all(db: Db = this.db): Promise<Settings> {
    if (this.cache && performance.now() - this.cache.at < CACHE_MS) return this.cache.value;
    const rows = await db.select().from(settings);
    const value = structuredClone(DEFAULT_SETTINGS);
    for (const row of rows) {
      if (row.key in value) Object.assign(value[row.key as SettingsKey], row.value);
    }
    this.cache = { at: performance.now(), value };
    return value;
  }

  /** The settings when the cache is fresh, without waiting: null means call all() (hot per-request paths). */
  cached(): Settings | null {
    return this.cache && performance.now() - this.cache.at < CACHE_MS ? this.cache.value : null;
  }

  async get<K extends SettingsKey>(key: K, db: Db = this.db): Promise<Settings[K]> {
    return (await this.all(db))[key];
  }

  async set<K extends SettingsKey>(key: K, value: Settings[K], db: Db = this.db): Promise<void> {
    await db
      .insert(settings)
      .values({ key, value, updatedAt: sql`now()` })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
    this.cache = null;
  }

  invalidate(): void {
    this.cache = null;
  }
}
