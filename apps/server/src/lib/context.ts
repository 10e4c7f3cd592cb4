import type { TokenClaims } from '@farmstand/shared';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import type { DatabaseHandle, Db } from '../db/client';
import type { BoundedCache } from './bounded-cache';
import type { DomainEvents } from './events';
import type { FileStorage } from './file-storage';
import type { MailDelivery, Mailer } from './mailer';
import type { Metrics } from './ops/metrics';

/** Where the app reads the time: the system clock in production, a settable one in tests (jobs/clock.ts). */
export type Clock = { now(): Date };

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

/**
 * What every module needs, built once per app (app.ts#buildApp) and passed down explicitly.
 *
 * What this instance keeps in memory is declared by the code that owns it, next to its type, by adding
 * to this interface (`declare module '…/lib/context' { interface AppContext { search: SearchState } }`):
 * `search` (modules/search/search-state.ts), `publicProducts` (lib/public-products.ts),
 * `messageSends` (modules/messages/messages.service.ts), `settings` (modules/settings/settings.service.ts)
 * and the prepared reads in `reads`. So this file names nothing on a floor above it (docs/CONVENTIONS.md),
 * and docs/ARCHITECTURE.md ("What an instance holds in memory") lists them all. Each app has its own, and
 * what runs SQL is built on its own `db`: tests run several apps on several databases in one process, and a
 * transaction (its own connection) never runs a statement prepared for another.
 */
export interface AppContext {
  config: Config;
  db: Db;
  database: DatabaseHandle;
  mailer: Mailer;
  events: DomainEvents;
  storage: FileStorage;
  startedAt: Date;
  /** Shared store for rate limits (and readiness checks) when REDIS_URL is set. */
  redis?: Redis;
  /** "Now" for every service and job (decision 560): the system clock, or a manual one in tests. */
  clock: Clock;
  /** Background jobs (pg-boss); started by main.ts, by tests that need it. */
  jobs: JobQueue;
  metrics: Metrics;
  /** Set when shutdown begins: readiness answers 503 so the load balancer stops sending traffic. */
  lifecycle: { draining: boolean };
  /**
   * Token signatures already checked, with their claims (plugins/auth.ts): checking one costs 29–37 µs,
   * finding it here under 2 µs (`verifyAccessToken` in a loop on the 2-core machine, 28 Nov 2026),
   * against 0.35–0.47 ms of server CPU for a whole message send (decision 119).
   */
  verifiedTokens: BoundedCache<string, TokenClaims>;
  reads: AppReads;
}

/**
 * Hot reads, each built once on `db` as a named prepared statement and declared here by the file that
 * builds it. The signed-in account, an order's products and its pickup point are also shared by the
 * requests of one turn of the event loop (lib/turn-loader.ts). Before, every order had its products read
 * (0.9 ms) and its point read (0.8 ms) planned again (decision 175), and drizzle built the account query on
 * every request (its `is()` alone was 5.5 % of the server's samples, decision 119). The product page:
 * decision 060.
 */
// biome-ignore lint/suspicious/noEmptyInterface: each reader adds itself (declare module)
export interface AppReads {}
