import type { TokenClaims } from '@farmstand/shared';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import type { DatabaseHandle, Db } from '../db/client';
import type { Clock } from '../jobs/clock';
import type { MessageSends } from '../modules/messages/messages.service';
import type { productsForOrderReader } from '../modules/orders/orders.repository';
import type { pickupPointReader } from '../modules/pickup/pickup.repository';
import type { PublicProductCache } from '../modules/products/products.public-cache';
import type { productPageReader } from '../modules/products/products.repository';
import type { SearchState } from '../modules/search/search-state';
import type { SettingsStore } from '../modules/settings/settings.service';
import type { authUserReader } from '../plugins/auth-users';
import type { BoundedCache } from './bounded-cache';
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
  // "What an instance holds in memory"). Each app has its own, and what runs SQL is built on its own `db`:
  // tests run several apps on several databases in one process, and a transaction (its own
  // connection) never runs a statement prepared for another.
  /** Search: the listing index, the map's producers and the change feed that keeps both fresh. */
  search: SearchState;
  /**
   * Guests' product pages for 2 s. With the lean prepared read below: 830 → 6,900 req/s, p95 27 →
   * 4.4 ms on the product page (decision 060).
   */
  publicProducts: PublicProductCache;
  /**
   * Message sends of the same moment written by one statement on `db` (group commit): 2.9–3.5 → 0.11
   * database transactions per message sent under the messaging load (decision 119).
   */
  messageSends: MessageSends;
  /**
   * Token signatures already checked, with their claims (plugins/auth.ts): checking one costs 29–37 µs,
   * finding it here under 2 µs (`verifyAccessToken` in a loop on the 2-core machine, 28 Nov 2026),
   * against 0.35–0.47 ms of server CPU for a whole message send (decision 119).
   */
  verifiedTokens: BoundedCache<string, TokenClaims>;
  /**
   * Hot reads, each built once on `db` as a named prepared statement. The signed-in account, an
   * order's products and its pickup point are also shared by the requests of one turn of the event
   * loop (lib/turn-loader.ts). Before, every order had its products read (0.9 ms) and its point read
   * (0.8 ms) planned again (decision 175), and drizzle built the account query on every request (its
   * `is()` alone was 5.5 % of the server's samples, decision 119). The product page: decision 060.
   */
  reads: {
    authUser: ReturnType<typeof authUserReader>;
    productsForOrder: ReturnType<typeof productsForOrderReader>;
    pickupPoint: ReturnType<typeof pickupPointReader>;
    productPage: ReturnType<typeof productPageReader>;
  };
};
