import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { securePrivateDataDir } from './lib/data-dir';

const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : ['1', 'true', 'yes'].includes(v)));

/** A tile server's URL template, such as https://tile.openstreetmap.org/{z}/{x}/{y}.png. */
function tileTemplate(name: string) {
  return z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, `${name} must be an http(s) URL`)
    .refine((url) => ['{z}', '{x}', '{y}'].every((part) => url.includes(part)), `${name} must contain {z}, {x} and {y}`)
    .optional();
}

/** The drain before the listener closes on a stop, when a PostgreSQL server is used (several instances). */
const DEFAULT_SHUTDOWN_DRAIN_MS = 5_000;

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url('DATABASE_URL must be a postgres:// URL').optional(),
  REDIS_URL: z.url('REDIS_URL must be a redis:// URL').optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  PUBLIC_URL: z.url('PUBLIC_URL must be a URL such as https://farmstand.example').optional(),
  SMTP_URL: z.url('SMTP_URL must be a URL such as smtp://user:pass@host:587').optional(),
  MAIL_FROM: z.string().default('Farmstand <no-reply@farmstand.local>'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PRICE_MONTHLY: z.string().optional(),
  STRIPE_PRICE_ANNUAL: z.string().optional(),
  GEOCODER_URL: z.url('GEOCODER_URL must be a Nominatim-compatible URL').optional(),
  MAP_TILES_URL: tileTemplate('MAP_TILES_URL'),
  MAP_TILES_DARK_URL: tileTemplate('MAP_TILES_DARK_URL'),
  ADMIN_EMAIL: z.email('ADMIN_EMAIL must be an e-mail address').optional(),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional(),
  DEMO_DATA: flag,
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  METRICS_TOKEN: z.string().min(1).optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1, 'RATE_LIMIT_PER_MINUTE must be a whole number of 1 or more').default(600),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(1000, 'SHUTDOWN_GRACE_MS must be at least 1000').default(10_000),
  SHUTDOWN_DRAIN_MS: z.coerce
    .number()
    .int()
    .min(0, 'SHUTDOWN_DRAIN_MS must be a whole number of milliseconds, 0 or more')
    .max(300_000, 'SHUTDOWN_DRAIN_MS must be at most 300000 (5 minutes)')
    .optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1, 'BACKUP_KEEP must be a whole number of 1 or more').default(14),
  JOBS: flag,
  E2E_TEST_HOOKS: z.string().optional(),
  NODE_ENV: z.string().optional(),
});

/**
 * Which peers may tell us the client's address in X-Forwarded-For: nobody (the default), the
 * nearest N hops, or proxies at these addresses/CIDRs. Per-IP limits count the address it yields.
 */
export type TrustProxy = false | number | string[];

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  jwtSecret: string;
  publicUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  stripe: { secretKey?: string; publishableKey?: string; webhookSecret?: string; priceMonthly?: string; priceAnnual?: string };
  geocoderUrl?: string;
  /** Upstream tile servers of the map tile proxy (plugins/map-tiles.ts); OpenStreetMap and CARTO when absent. */
  mapTiles?: { light?: string; dark?: string };
  admin?: { email: string; password: string };
  demoData: boolean;
  logLevel: string;
  /** Absent means false: X-Forwarded-For is ignored. */
  trustProxy?: TrustProxy;
  /** Directory of the built web app; served when it exists. */
  webDist?: string;
  /** Bearer token a Prometheus scraper sends to /api/metrics; absent: only this machine, unproxied. */
  metricsToken?: string;
  /** API requests per minute per IP; sign-in and e-mail calls get a tenth. */
  rateLimitPerMinute: number;
  /**
   * After SIGTERM/SIGINT, how long the server still accepts and answers while readiness says 503, so a
   * load balancer stops sending before the listener closes (docs/decisions/522).
   */
  shutdownDrainMs: number;
  /** After the drain, how long in-flight requests may take before the process exits anyway. */
  shutdownGraceMs: number;
  /** Scheduled and admin backups kept in DATA_DIR/backups. */
  backupKeep: number;
  /** False (JOBS=0): this instance runs no background jobs. */
  runJobs: boolean;
  /** E2E_TEST_HOOKS=1: mounts the browser tests' hooks under /api/test (modules/testing); never in production. */
  testHooks: boolean;
  /** Things an operator should know at start (printed by main.ts), e.g. a production start without PUBLIC_URL. */
  warnings: string[];
};

/** Reads the environment into a typed config; a bad value stops the start with a readable message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.ADMIN_EMAIL && !e.ADMIN_PASSWORD)
    throw new Error('Invalid configuration:\n  ADMIN_PASSWORD is required with ADMIN_EMAIL');
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  const dataDir = path.resolve(e.DATA_DIR);
  // Owner-only (0700/0600), a loose existing directory refused, before the secret is written in it.
  securePrivateDataDir(dataDir);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    jwtSecret: e.JWT_SECRET ?? readOrCreateSecret(dataDir),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      priceMonthly: e.STRIPE_PRICE_MONTHLY,
      priceAnnual: e.STRIPE_PRICE_ANNUAL,
    },
    geocoderUrl: e.GEOCODER_URL,
    mapTiles: { light: e.MAP_TILES_URL, dark: e.MAP_TILES_DARK_URL },
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    // Demo data is on by default for the embedded database only.
    demoData: e.DEMO_DATA ?? !e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    metricsToken: e.METRICS_TOKEN,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    // Behind a load balancer (several instances share a PostgreSQL server) 5 s outlasts a readiness
    // check or two; the embedded database runs one instance, with nobody to hand traffic to.
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS ?? (e.DATABASE_URL ? DEFAULT_SHUTDOWN_DRAIN_MS : 0),
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    backupKeep: e.BACKUP_KEEP,
    runJobs: e.JOBS ?? true,
    testHooks: e.E2E_TEST_HOOKS === '1',
    warnings: startWarnings(e),
  };
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '::1'];

/**
 * Without PUBLIC_URL, canonical links, Open Graph tags, the sitemap and QR codes are built from the
 * request's Host header, and e-mail links point at localhost: right for the local demo, wrong (and
 * spoofable) for a real install. A start that looks like one — NODE_ENV=production, a PostgreSQL
 * server, or HOST set to a non-loopback address — is warned loudly (docs/decisions/340).
 */
function startWarnings(e: z.infer<typeof EnvSchema>): string[] {
  if (e.PUBLIC_URL) return [];
  const isProductionLike =
    e.NODE_ENV === 'production' || Boolean(e.DATABASE_URL) || (e.HOST !== '0.0.0.0' && !LOOPBACK_HOSTS.includes(e.HOST));
  if (!isProductionLike) return [];
  return [
    'PUBLIC_URL is not set: links in e-mails point at localhost, and page links, the sitemap and QR codes take the host from each request. Set PUBLIC_URL to the address people use (https://…).',
  ];
}

/** '' / 'false' / 'off' → false; '2' → two hops; '10.0.0.1, 192.168.0.0/16' → those proxies. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (['', 'false', 'off', 'no', '0'].includes(text.toLowerCase())) return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, bits, ...rest] = entry.split('/');
    const family = isIP(address);
    const maxBits = family === 6 ? 128 : 32;
    const isValid = family !== 0 && rest.length === 0 && (bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits));
    if (!isValid) {
      throw new Error(
        `Invalid configuration:\n  TRUST_PROXY: '${entry}' is not an IP address or CIDR (use a comma-separated list such as 10.0.0.1,192.168.0.0/16, a hop count such as 1, or leave it unset)`,
      );
    }
  }
  return entries;
}

/** A generated secret kept in DATA_DIR so tokens survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
