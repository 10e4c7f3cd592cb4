import type { Redis } from 'ioredis';
import type { Config } from '../config';
import type { DatabaseHandle, Db } from '../db/client';
import type { Clock } from '../jobs/clock';
import type { MessageSends } from '../modules/messages/messages.service';
import type { PublicProductCache } from '../modules/products/products.public-cache';
import type { productPageReader } from '../modules/products/products.repository';
import type { SearchState } from '../modules/search/search-state';
import type { SettingsStore } from '../modules/settings/settings.service';
import type { DomainEvents } from './events';
import type { FileStorage } from './file-storage';
import type { MailDelivery, Mailer } from './mailer';
import type { Metrics } from './ops/metrics';

/**
 * The background job queue as the rest of the app uses it; `jobs/queue.ts` implements it on
 * pg-boss. Declared here so this file names nothing on a floor above it.
 */
export type JobQueue = {
  readonly isRunning: boolean;
  /** The mailer's delivery step, which the e-mail worker runs. */
  useDelivery(delivery: MailDelivery): void;
  start(options?: { schedule?: boolean; pollingIntervalSeconds?: number; mailRetryDelaySeconds?: number }): Promise<void>;
  sendEmail(outboxId: number, options?: { retry?: boolean }): Promise<boolean>;
  sendSweep(): Promise<string | null>;
  waitFor(queue: string, id: string, timeoutMs?: number): Promise<string>;
  depth(): Promise<Record<string, number>>;
  check(): Promise<boolean | null>;
  stop(timeoutMs?: number): Promise<void>;
};

/** What every module needs, built once per app and passed down explicitly. */
export type AppContext = {
  config: Config;
  db: Db;
  database: DatabaseHandle;
  mailer: Mailer;
  events: DomainEvents;
  settings: SettingsStore;
  storage: FileStorage;
  startedAt: Date;
  /** Shared store for rate limits (and readiness checks) when REDIS_URL is set. */
  redis?: Redis;
  /** The time the scheduled jobs read: the system clock, or a manual one in tests. */
  clock: Clock;
  /** Background jobs (pg-boss); started by main.ts, by tests that need it. */
  jobs: JobQueue;
  metrics: Metrics;
  /** Set when shutdown begins: readiness answers 503 so the load balancer stops sending traffic. */
  lifecycle: { draining: boolean };

  // What this instance keeps in memory, each made once by app.ts#buildApp (docs/ARCHITECTURE.md,
  // "What an app instance holds").
  /** Search: the listing index, the map's producers and the change feed that keeps both fresh. */
  search: SearchState;
  /**
   * Guests' product pages for 2 s. With the lean prepared read below: 830 → 6,900 req/s, p95 27 →
   * 4.4 ms on the product page (decision 060).
   */
  publicProducts: PublicProductCache;
  /**
   * Message sends of the same moment written by one statement on `db` (group commit): 2.9–3.5 → 0.11
   * database transactions per message, server CPU 1.8–3.4 → 0.35–0.47 ms per message (decision 119).
   */
  messageSends: MessageSends;
  /**
   * Hot reads built once on `db` (never a transaction's: a prepared statement is bound to the
   * connection it was made on). The product page's read is a named prepared statement (decision 060).
   */
  reads: {
    productPage: ReturnType<typeof productPageReader>;
  };
};
