import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { signAccessToken } from '../../apps/server/src/lib/tokens';
import { BENCH_PORT } from '../lib/config';
import { cpuPerUnit, cpuSnapshot } from '../lib/process-cpu';
import { addTable, ms, verdict } from '../lib/report';
import { defineSection } from '../lib/section';
import { startBenchServer } from '../lib/server';

/** Issue 29: placing an order, p95 ≤ 50 ms at 10 connections (PostgreSQL, 200k bench data). */
const TARGET_P95_MS = 50;
const CONNECTIONS = 10;
/** Enough shoppers that a run never sends one shopper past 3 open orders at the farm. */
const SHOPPERS = 20_000;

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : Number.NaN;

async function call<T>(baseUrl: string, method: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(baseUrl + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Issue 13 "Speed": placing an order (POST /api/orders, two products, a market window) at 10
 * connections on the 200k-product data. A bench producer sets a daily market with no cap, another
 * bench producer shops (producers may order from other farms, decision 170). The orders are deleted
 * afterwards so runs do not pile up. It starts its own server with a known JWT secret and signs the
 * two users' tokens (no password sign-in, whose hashing would only add noise).
 */
export default defineSection({
  name: 'orders',
  needsServer: false,
  async run({ pool, options, databaseUrl }) {
    // The server migrates the database at start, so the order tables exist before the query below.
    const secret = randomBytes(32).toString('hex');
    const server = await startBenchServer(databaseUrl, BENCH_PORT + 6, { JWT_SECRET: secret });
    try {
      const { rows: candidates } = await pool.query<{ user_id: number; email: string; token_version: number; ids: number[] }>(`
      select p.user_id, u.email, u.token_version, (array_agg(pr.id order by pr.id))[1:2] as ids
      from products pr join producers p on p.id = pr.producer_id join users u on u.id = p.user_id
      join subscriptions s on s.user_id = p.user_id
      where pr.active and pr.moderation_status = 'approved' and pr.price_cents is not null and pr.category <> 'herdshare'
        and pr.availability in ('available', 'pre_order') and pr.seasonal_start is null and pr.seasonal_end is null
        and (pr.stock_quantity is null or pr.stock_quantity >= 5) and u.email like 'bench-producer-%'
        and s.status in ('active', 'trialing')
        and u.status = 'active' and u.email_verified
      group by p.user_id, u.email, u.token_version having count(*) >= 2 order by p.user_id limit 1`);
      if (candidates.length < 1) throw new Error('not enough bench producers with orderable products');
      const [seller] = candidates;
      // A shopper may hold 3 open orders at a farm and 1 per window (decision 323): each order of the
      // run comes from the next of many shoppers (bench users, producers may shop, decision 170).
      const { rows: shoppers } = await pool.query<{ user_id: number; email: string; token_version: number; user_type: string }>(
        `select id as user_id, email, token_version, user_type from users
         where status = 'active' and email_verified and user_type <> 'admin' and id <> $1 order by id limit ${SHOPPERS}`,
        [seller.user_id],
      );
      const token = (u: { user_id: number; email: string; token_version: number }, userType = 'producer') =>
        signAccessToken(
          { id: u.user_id, email: u.email, userType: userType as 'producer', tokenVersion: u.token_version },
          secret,
        );
      const sellerToken = await token(seller);
      const shopperTokens = await Promise.all(shoppers.map((u) => token(u, u.user_type)));
      await measureOrders({ server, pool, options, seller, sellerToken, shopperTokens });
    } finally {
      await server.stop();
    }
  },
});

type MeasureInput = {
  server: { url: string; process: { pid?: number } };
  pool: import('pg').Pool;
  options: { durationSeconds: number };
  seller: { user_id: number; ids: number[] };
  sellerToken: string;
  shopperTokens: string[];
};

async function measureOrders({ server, pool, options, seller, sellerToken, shopperTokens }: MeasureInput) {
  {
    await call(server.url, 'PUT', '/api/pickup/mine/settings', sellerToken, { cutoff_hours: 0, cap_per_window: null });
    const schedule = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '17:00', end: '19:00' }));
    const { point } = await call<{ point: { id: number } }>(server.url, 'POST', '/api/pickup/mine/points', sellerToken, {
      kind: 'market',
      name: 'Bench Market',
      address: '1 Bench St',
      city: 'Lexington',
      state: 'KY',
      zip: '40507',
      schedule,
    });
    const pickup = await call<{ windows: { point_id: number; starts_at: string }[] }>(
      server.url,
      'GET',
      `/api/pickup/producers/${seller.user_id}`,
      sellerToken,
    );
    const windows = pickup.windows.filter((w) => w.point_id === point.id).slice(3, 6);
    const bodyFor = (window: { starts_at: string }) =>
      JSON.stringify({
        producerUserId: seller.user_id,
        items: [
          { productId: seller.ids[0], quantity: 1 },
          { productId: seller.ids[1], quantity: 2 },
        ],
        pointId: point.id,
        startsAt: window.starts_at,
        shopperName: 'Bench Shopper',
        note: 'Bench order',
      });
    const bodies = windows.map(bodyFor);

    const latencies: number[] = [];
    // Many shoppers all ordering from one popular farm, each for three of its windows: they meet on
    // the farm's products, point and windows, and no one goes past the per-shopper limits.
    let nextOrder = 0;
    const cpuBefore = await cpuSnapshot(server.process.pid, pool);
    const instance = autocannon({
      url: `${server.url}/api/orders`,
      connections: CONNECTIONS,
      duration: options.durationSeconds,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => {
            const n = nextOrder++;
            const shopperToken = shopperTokens[Math.floor(n / bodies.length) % shopperTokens.length];
            return {
              ...request,
              body: bodies[n % bodies.length],
              headers: { ...request.headers, authorization: `Bearer ${shopperToken}`, 'content-type': 'application/json' },
            };
          },
        },
      ],
    });
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      if (statusCode === 201) latencies.push(responseTime);
    });
    const result = await instance;
    const cpuAfter = await cpuSnapshot(server.process.pid, pool);
    const sorted = latencies.sort((a, b) => a - b);
    const p95 = percentile(sorted, 95);

    // Leave the bench data as it was: the orders, their thread messages and the market go.
    const { rows: placed } = await pool.query<{ n: string }>(
      `with gone as (delete from messages where id in (select m.message_id from order_messages m join orders o on o.id = m.order_id where o.producer_user_id = $1) returning 1)
       select (select count(*) from orders where producer_user_id = $1)::text as n, (select count(*) from gone) as m`,
      [seller.user_id],
    );
    await pool.query('delete from orders where producer_user_id = $1', [seller.user_id]);
    // Their notices too: runs that leave tens of thousands of outbox rows measure a different database.
    await pool.query('delete from email_outbox where to_address = (select email from users where id = $1)', [seller.user_id]);
    await pool.query('delete from pickup_points where producer_user_id = $1', [seller.user_id]);

    const table = addTable('Placing an order (POST /api/orders, 2 products, PostgreSQL, 200k products)', [
      'connections',
      'orders placed',
      'req/s',
      'p50',
      'p95',
      'p99',
      'non-2xx',
      'target p95',
      'verdict',
    ]);
    table.rows.push({
      connections: String(CONNECTIONS),
      'orders placed': placed[0]?.n ?? String(latencies.length),
      'req/s': result.requests.average.toFixed(0),
      p50: ms(percentile(sorted, 50)),
      p95: ms(p95),
      p99: ms(percentile(sorted, 99)),
      'non-2xx': String(result.non2xx + result.errors + result.timeouts),
      'target p95': ms(TARGET_P95_MS),
      verdict: verdict(p95 <= TARGET_P95_MS && result.non2xx === 0),
    });
    const cpu = cpuPerUnit(cpuBefore, cpuAfter, latencies.length);
    if (cpu) table.notes.push(`CPU per order placed (all threads, from /proc): ${cpu}.`);
    table.notes.push(
      "Each order: sign-in check, 2 products, schedule/cut-off check, one transaction (the shopper's row locked for the per-shopper limits, order, items, event, thread message and the producer's mail or its digest entry; the pickup point locked only when the window has a cap); the mail is sent (without SMTP_URL: logged) after the answer. Each order comes from the next of up to 20,000 shoppers, three windows each.",
    );
  }
}
