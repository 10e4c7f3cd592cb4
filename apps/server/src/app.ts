import path from 'node:path';
import { fileURLToPath } from 'node:url';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { systemClock } from './jobs/clock';
import { PgBossJobQueue } from './jobs/queue';
import type { AppContext } from './lib/context';
import { DomainEvents } from './lib/events';
import { LocalDiskStorage } from './lib/file-storage';
import { createMailer } from './lib/mailer';
import { Metrics } from './lib/ops/metrics';
import { requestIdFor } from './lib/ops/request-id';
import { PublicProductCache } from './lib/public-products';
import { registerModules } from './modules';
import { messageSendsOn } from './modules/messages';
import { productsForOrderReader } from './modules/orders';
import { pickupPointReader } from './modules/pickup';
import { productPageReader } from './modules/products';
import { newSearchState } from './modules/search';
import { SettingsStore } from './modules/settings';
import { storefrontPagesPlugin } from './modules/storefront';
import { authPlugin, newVerifiedTokens } from './plugins/auth';
import { authUserReader } from './plugins/auth-users';
import { compressionPlugin } from './plugins/compression';
import { errorsPlugin } from './plugins/errors';
import { maintenancePlugin } from './plugins/maintenance';
import { DEFAULT_TILE_UPSTREAMS, mapTilesPlugin } from './plugins/map-tiles';
import { registerMultipartBodies } from './plugins/multipart';
import { observabilityPlugin } from './plugins/observability';
import { describeRoute, tidyDocument } from './plugins/openapi-quality';
import { RequestLogController } from './plugins/request-logging';
import { routeAccessPlugin } from './plugins/route-access';
import { canonicalPathPlugin, routePathOf } from './plugins/route-path';
import { contentSecurityPolicy, SECURITY_HEADERS, securityHeadersPlugin } from './plugins/security-headers';
import { textSafeValidatorCompiler } from './plugins/text-input';
import { uploadsPlugin } from './plugins/uploads';
import { hasWebBuild, webAppPlugin } from './plugins/web-app';

export const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export type BuildAppOptions = {
  config: Config;
  database: DatabaseHandle;
  /** Shared rate-limit store across instances; in-memory when absent. */
  redis?: Redis;
  logger?: boolean;
  /** Requests per minute per IP for the whole API; sign-in and mail calls get a tenth. */
  rateLimitPerMinute?: number;
  /** Tests shorten these; see REQUEST_TIMEOUTS. */
  timeouts?: { requestMs: number; idleMs: number };
};

/**
 * A request must arrive whole within 2 minutes (a 5 MB photo at 0.35 Mbit/s, a rural uplink), and a
 * connection that sends and receives nothing for 1 minute is closed: a client trickling a body a
 * byte at a time no longer holds a connection for ever. socket.io's long polls answer every 25 s,
 * and an upgraded WebSocket is outside both.
 */
export const REQUEST_TIMEOUTS = { requestMs: 120_000, idleMs: 60_000 };

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/** Fastify's types take no hop count (its proxy-addr does): the same rule as a function of the hop. */
function trustProxyOption(trust: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust ?? false;
}

/** Builds the whole server without listening: tests use app.inject, main.ts calls listen. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const timeouts = options.timeouts ?? REQUEST_TIMEOUTS;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    // Slow and failed requests only, every request at debug (docs/decisions/061).
    logController: new RequestLogController(config.logLevel),
    // X-Forwarded-For is believed only from configured proxies (TRUST_PROXY), so nobody escapes per-IP limits by sending it.
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    // Node enforces the request time-out only when the headers' time-out is no longer (its default is
    // 60 s), and checks it this often (its default, 30 s, would let a 1 s test limit run 30 s).
    http: {
      headersTimeout: Math.min(60_000, timeouts.requestMs),
      connectionsCheckingInterval: Math.min(30_000, Math.ceil(timeouts.requestMs / 4)),
    },
    // A sane incoming x-request-id is kept (load balancer, client), else a UUID; in every log line as reqId.
    requestIdHeader: false,
    genReqId: requestIdFor,
    ajv: { customOptions: { coerceTypes: true } },
    // Modules are imported while they register; on a busy 2-core CI machine that can pass Fastify's
    // default 10 s, which then fails the start for no fault of the code.
    pluginTimeout: 120_000,
    // The router's own refusals (a malformed or over-long path part) leave as `{ message }` too, never echoing the path.
    frameworkErrors: (error, request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      // No route, so no onRequest hook: the hardening headers are set here, as that hook sets them.
      (reply as FastifyReply)
        .headers(SECURITY_HEADERS)
        .header('content-security-policy', contentSecurityPolicy(request.headers.host))
        .code(tooLong ? 414 : 400)
        .send({ message: tooLong ? 'That address is too long' : 'That address is not valid' });
    },
  }).withTypeProvider<ZodTypeProvider>();
  // The contract's zod validation, with the one rule for every string (no NUL, no lone surrogate) in front.
  app.setValidatorCompiler(textSafeValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const settings = new SettingsStore(database.db);
  const ctx = {
    config,
    db: database.db,
    database,
    events: new DomainEvents(),
    settings,
    storage: new LocalDiskStorage(path.join(config.dataDir, 'uploads')),
    startedAt: new Date(),
    redis: options.redis,
    clock: systemClock,
    metrics: new Metrics(),
    lifecycle: { draining: false },
    // What this instance keeps in memory (lib/context.ts says why each is kept).
    search: newSearchState(), // the listing index, the map's producers, the change feed
    publicProducts: new PublicProductCache(), // guests' product pages, for 2 s
    messageSends: messageSendsOn(database.db), // sends of the same moment, written together
    verifiedTokens: newVerifiedTokens(), // tokens whose signature was checked, with their claims
    reads: {
      authUser: authUserReader(database.db), // the account behind a signed-in request
      productsForOrder: productsForOrderReader(database.db), // an order's products
      pickupPoint: pickupPointReader(database.db), // an order's pickup point, its rules and farm
      productPage: productPageReader(database.db), // the product page
    },
  } as Omit<AppContext, 'mailer' | 'jobs'> as AppContext;
  // The mailer and the job queue need each other (mail is delivered by a queue worker, the queue is
  // told about mail by the mailer), and both need the context: built here once the context exists.
  ctx.jobs = new PgBossJobQueue(ctx);
  const mailer = createMailer({
    db: ctx.db,
    log: app.log,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    site: async (db) => ({ name: (await settings.get('general', db)).site_name, url: config.publicUrl }),
    queueRuns: () => ctx.jobs.isRunning,
    retryLater: (id) => ctx.jobs.sendEmail(id, { retry: true }),
  });
  ctx.mailer = mailer;
  ctx.jobs.useDelivery(mailer);
  ctx.metrics.probeQueue(() => ctx.jobs.depth());

  app.decorate('ctx', ctx);

  await app.register(errorsPlugin);
  // Request ids on every answer, request metrics, /api/metrics, browser error reports.
  await app.register(observabilityPlugin, { ctx });
  await app.register(securityHeadersPlugin);
  // Before every gate: a path is refused if it could look different to a gate than to the router.
  await app.register(canonicalPathPlugin);
  // Before every route: compression attaches itself to the routes registered after it.
  await app.register(compressionPlugin);
  const perMinute = options.rateLimitPerMinute ?? config.rateLimitPerMinute;
  await app.register(rateLimit, {
    max: perMinute,
    timeWindow: '1 minute',
    redis: options.redis,
    nameSpace: 'farmstand-rl-',
    // Only API calls count: a page load fetches many static files and must never be refused. Decided
    // on the matched route, never the raw URL (plugins/route-path.ts).
    allowList: (request) => !routePathOf(request).startsWith('/api/'),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
    }),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Farmstand API',
        version: '1.0.0',
        description: 'The local-food marketplace API.',
        license: { name: 'Proprietary', url: 'https://farmstand.example/terms' },
      },
      servers: [{ url: '/', description: 'This server' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    // operationId, summary, tags and security for every operation (docs/decisions/152).
    transform: describeRoute,
    transformObject: tidyDocument,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(authPlugin, { ctx });
  // After the rate limit (its per-route hook runs first), before every route: config.access is checked before validation.
  await app.register(routeAccessPlugin, { ctx });
  await app.register(maintenancePlugin, { ctx });

  await app.register(
    async (api) => {
      // Multipart bodies for every upload route, once (plugins/multipart.ts): no module registers its own.
      await registerMultipartBodies(api);
      await registerModules(api, { ctx, sensitiveRateLimit: Math.max(5, Math.floor(perMinute / 10)) });
    },
    { prefix: '/api' },
  );
  await app.register(uploadsPlugin, { root: path.join(config.dataDir, 'uploads') });
  // Map tiles from our own origin, cached.
  await app.register(mapTilesPlugin, {
    upstreams: {
      light: config.mapTiles?.light ?? DEFAULT_TILE_UPSTREAMS.light,
      dark: config.mapTiles?.dark ?? DEFAULT_TILE_UPSTREAMS.dark,
    },
    cacheDir: path.join(config.dataDir, 'tile-cache'),
    userAgent: `Farmstand/1.0 tile proxy (+${config.publicUrl})`,
  });
  const webRoot = config.webDist ?? DEFAULT_WEB_DIST;
  await app.register(webAppPlugin, { root: webRoot });
  await app.register(storefrontPagesPlugin, { root: hasWebBuild(webRoot) ? webRoot : null });
  return app;
}
