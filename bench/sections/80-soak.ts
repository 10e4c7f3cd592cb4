import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { createBenchUsers, deleteBenchUsers } from '../lib/bench-users';
import { BENCH_PORT, readOptions } from '../lib/config';
import { prepareBenchDatabase } from '../lib/database';
import { addTable, printReport } from '../lib/report';
import { buildSearchShapes } from '../lib/search-queries';
import { type BenchContext, defineSection } from '../lib/section';
import { startBenchServer } from '../lib/server';

/**
 * Issue 43 item 12, memory under sustained load: `--connections` clients (default 200) for
 * `--duration` seconds on PostgreSQL + Redis, each keeping one keep-alive connection busy with one
 * kind of traffic: searches of every shape (guests and signed-in shoppers), product pages (guests
 * and shoppers, 20,000 distinct products), a product's and a farm's reviews, and messages sent to
 * shoppers who hold live sockets (who join the thread, type, and reconnect now and then, as phones
 * do). The server's RSS is read from /proc every 5 s; the table gives it at the start of the load,
 * at each minute and at the end, and the growth over the last half of the run, which must stay
 * under 5 % once the instance has settled (a leak keeps growing; caches fill and stop).
 *
 *   npm run bench -- --only=soak --duration=600 --connections=200
 *
 * BENCH_SOAK_HEAP_SNAPSHOTS=/tmp/heaps also writes the server's heap (v8 heap snapshots, via
 * --heapsnapshot-signal) after the warm-up, at the middle and at the end, to compare in Chrome's
 * DevTools (Memory → Comparison). Snapshots pause the server for seconds: not for figures.
 */
const USER_FAMILY = 'soak';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Budget over the last half of the run (issue 43 item 12: under 5 % over the last 5 of 10 minutes). */
const MAX_LATE_GROWTH = 0.05;
const SAMPLE_EVERY_MS = 5000;
const WARM_UP_MS = 15_000;

/** The share of the connections each kind of traffic gets (the rest go to searches). */
const MIX = { productPages: 0.25, reviews: 0.15, messages: 0.2 };

type Kind = 'search' | 'product page' | 'reviews' | 'message';
type Tally = { requests: number; failed: number };

/** Resident set size of a process in bytes (Linux), or NaN. */
function rssOf(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return Number(line?.split(/\s+/)[1]) * 1024;
  } catch {
    return Number.NaN;
  }
}

const mb = (bytes: number) => (Number.isFinite(bytes) ? `${(bytes / 1024 / 1024).toFixed(0)} MB` : '—');
const sleep = (msToWait: number) => new Promise((resolve) => setTimeout(resolve, msToWait));

/** One request on a keep-alive agent, the body read and thrown away; resolves with the status. */
function send(agent: http.Agent, url: URL, pathAndQuery: string, token?: string, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { 'accept-encoding': 'gzip, br' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(body);
    }
    const request = http.request(
      { agent, host: url.hostname, port: url.port, path: pathAndQuery, method: body === undefined ? 'GET' : 'POST', headers },
      (response) => {
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
        response.resume();
      },
    );
    request.on('error', reject);
    request.setTimeout(30_000, () => request.destroy(new Error('timeout')));
    request.end(body);
  });
}

function connectSocket(url: string, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(url, {
      path: '/socket.io/',
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

type Memory = { heapTotal: number; heapUsed: number; external: number };

/** The server's V8 heap (reserved and in use) and external memory (ArrayBuffers), from its own Prometheus metrics (the bench calls from loopback). */
async function memoryOf(baseUrl: string): Promise<Memory> {
  const value = (text: string, name: string) =>
    Number(
      text
        .split('\n')
        .find((l) => l.startsWith(`${name} `))
        ?.split(' ')[1],
    );
  try {
    const text = await (await fetch(`${baseUrl}/api/metrics`)).text();
    return {
      heapTotal: value(text, 'nodejs_heap_size_total_bytes'),
      heapUsed: value(text, 'nodejs_heap_size_used_bytes'),
      external: value(text, 'nodejs_external_memory_bytes'),
    };
  } catch {
    return { heapTotal: Number.NaN, heapUsed: Number.NaN, external: Number.NaN };
  }
}

export async function runSoak({ pool, databaseUrl, options }: Pick<BenchContext, 'pool' | 'databaseUrl' | 'options'>) {
  const seconds = Math.max(20, options.durationSeconds);
  const connections = Math.max(10, options.connections);
  const counts = {
    productPages: Math.round(connections * MIX.productPages),
    reviews: Math.round(connections * MIX.reviews),
    messages: Math.round(connections * MIX.messages),
  };
  const searchers = connections - counts.productPages - counts.reviews - counts.messages;
  const secret = randomBytes(32).toString('hex');

  // What the clients ask for: every search shape's distinct paths, 20,000 visible products, their farms.
  const searchPaths = (await buildSearchShapes(pool)).flatMap((shape) => shape.paths);
  const { rows: products } = await pool.query<{ id: number; producer_id: number }>(`
    select p.id, p.producer_id from products p
    join producers pr on pr.id = p.producer_id
    join users u on u.id = pr.user_id
    join subscriptions s on s.user_id = u.id
    where p.active and u.status = 'active' and s.status in ('active', 'trialing')
    order by md5(p.id::text) limit 20000`);
  if (products.length === 0) throw new Error('no visible products: run the bench data generation first');

  await deleteBenchUsers(pool, USER_FAMILY);
  const shoppers = await createBenchUsers(pool, secret, USER_FAMILY, Math.max(100, connections), 'shopper');
  const senders = await createBenchUsers(pool, secret, USER_FAMILY, counts.messages, 's');
  const recipients = await createBenchUsers(pool, secret, USER_FAMILY, counts.messages, 'r');
  const { rows: pairs } = await pool.query<{ id: number }>(
    `insert into conversations (user_low_id, user_high_id)
     select least(s, r), greatest(s, r) from unnest($1::int[], $2::int[]) as t(s, r) returning id`,
    [senders.map((u) => u.id), recipients.map((u) => u.id)],
  );
  const conversationIds = pairs.map((row) => row.id);

  const redisUp = await import('ioredis')
    .then(async ({ Redis }) => {
      const client = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
      await client.connect();
      await client.quit();
      return true;
    })
    .catch(() => false);
  const snapshotDir = process.env.BENCH_SOAK_HEAP_SNAPSHOTS;
  if (snapshotDir) mkdirSync(snapshotDir, { recursive: true });
  const savedNodeArgs = process.env.BENCH_SERVER_NODE_ARGS;
  if (snapshotDir) {
    process.env.BENCH_SERVER_NODE_ARGS = [savedNodeArgs ?? '', '--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${snapshotDir}`]
      .join(' ')
      .trim();
  }
  const server = await startBenchServer(databaseUrl, BENCH_PORT + 9, {
    JWT_SECRET: secret,
    ...(redisUp ? { REDIS_URL } : {}),
  }).finally(() => {
    if (snapshotDir) process.env.BENCH_SERVER_NODE_ARGS = savedNodeArgs;
  });
  const pid = server.process.pid;
  const base = new URL(server.url);
  const tallies: Record<Kind, Tally> = {
    search: { requests: 0, failed: 0 },
    'product page': { requests: 0, failed: 0 },
    reviews: { requests: 0, failed: 0 },
    message: { requests: 0, failed: 0 },
  };
  const sockets: (Socket | null)[] = [];
  let delivered = 0;
  let reconnects = 0;
  let stopping = false;
  const agents: http.Agent[] = [];

  const snapshot = async (label: string) => {
    if (!snapshotDir || !pid) return;
    const before = new Set(readdirSync(snapshotDir));
    process.kill(pid, 'SIGUSR2');
    // The file appears at once and fills as it is written (seconds for a large heap on a busy
    // machine): wait until its size has stayed the same for two seconds.
    let last = -1;
    for (let i = 0; i < 600; i++) {
      await sleep(1000);
      const fresh = readdirSync(snapshotDir).find((f) => !before.has(f) && f.endsWith('.heapsnapshot'));
      const size = fresh ? statSync(path.join(snapshotDir, fresh)).size : -1;
      if (fresh && size > 0 && size === last) {
        console.log(`  heap snapshot (${label}): ${path.join(snapshotDir, fresh)}`);
        return;
      }
      last = size;
    }
  };

  try {
    // Shoppers with live sockets, as the messages' recipients; each joins its thread.
    for (let i = 0; i < recipients.length; i++) sockets.push(await connectSocket(server.url, recipients[i].token));
    const watch = (socket: Socket, index: number) => {
      socket.on('new_message', () => {
        delivered++;
      });
      socket.emit('join_conversation', { conversationId: conversationIds[index] });
    };
    for (const [index, socket] of sockets.entries()) if (socket) watch(socket, index);

    const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];
    const loop = async (kind: Kind, until: () => boolean, next: () => { path: string; token?: string; body?: string }) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      agents.push(agent);
      while (!until()) {
        const request = next();
        try {
          const status = await send(agent, base, request.path, request.token, request.body);
          tallies[kind].requests++;
          if (status >= 400) tallies[kind].failed++;
        } catch {
          tallies[kind].requests++;
          tallies[kind].failed++;
        }
      }
    };
    // Half the searches and product pages by signed-in shoppers (their token checked, their account read).
    const maybeShopper = () => (Math.random() < 0.5 ? pick(shoppers).token : undefined);
    const traffic = (until: () => boolean) => [
      ...Array.from({ length: searchers }, () =>
        loop('search', until, () => ({ path: pick(searchPaths), token: maybeShopper() })),
      ),
      ...Array.from({ length: counts.productPages }, () =>
        loop('product page', until, () => ({ path: `/api/products/${pick(products).id}`, token: maybeShopper() })),
      ),
      ...Array.from({ length: counts.reviews }, () =>
        loop('reviews', until, () => {
          const product = pick(products);
          return {
            path: Math.random() < 0.7 ? `/api/reviews/product/${product.id}` : `/api/reviews/producer/${product.producer_id}`,
          };
        }),
      ),
      ...senders.map((sender, index) => {
        let sequence = 0;
        return loop('message', until, () => ({
          path: `/api/messages/conversations/${conversationIds[index]}/messages`,
          token: sender.token,
          body: JSON.stringify({ content: `soak ${index} ${sequence++}` }),
        }));
      }),
    ];
    // Phones come and go: every second one recipient's socket reconnects, and a few type.
    const churn = (async () => {
      while (!stopping) {
        await sleep(1000);
        if (stopping || sockets.length === 0) break;
        const index = Math.floor(Math.random() * sockets.length);
        sockets[index]?.disconnect();
        sockets[index] = null;
        try {
          const socket = await connectSocket(server.url, recipients[index].token);
          if (stopping) socket.disconnect();
          else {
            sockets[index] = socket;
            watch(socket, index);
            reconnects++;
          }
        } catch {
          // counted nowhere: the next round tries another
        }
        for (let t = 0; t < 3; t++) pick(sockets)?.emit('typing_start', { conversationId: pick(conversationIds) });
      }
    })();

    // Warm-up (JIT, pools, caches filling) before the first reading.
    const warmUntil = performance.now() + WARM_UP_MS;
    await Promise.all(traffic(() => performance.now() >= warmUntil));
    for (const tally of Object.values(tallies)) Object.assign(tally, { requests: 0, failed: 0 });
    await snapshot('after the warm-up');

    const samples: ({ at: number; rss: number; requests: number } & Memory)[] = [];
    const began = performance.now();
    const endAt = began + seconds * 1000;
    const startRss = rssOf(pid);
    samples.push({ at: 0, rss: startRss, requests: 0, ...(await memoryOf(server.url)) });
    let snappedMiddle = false;
    const sampler = (async () => {
      while (performance.now() < endAt) {
        await sleep(Math.min(SAMPLE_EVERY_MS, Math.max(0, endAt - performance.now())));
        const at = (performance.now() - began) / 1000;
        const rss = rssOf(pid);
        const done = Object.values(tallies).reduce((sum, t) => sum + t.requests, 0);
        samples.push({ at, rss, requests: done, ...(await memoryOf(server.url)) });
        process.stdout.write(`\r  ${at.toFixed(0)} s: RSS ${mb(rss)}, ${done.toLocaleString('en-US')} requests   `);
        if (!snappedMiddle && at >= seconds / 2) {
          snappedMiddle = true;
          await snapshot('at the middle');
        }
      }
      process.stdout.write('\n');
    })();
    const loadCpuBefore = process.cpuUsage();
    await Promise.all([...traffic(() => performance.now() >= endAt), sampler]);
    stopping = true;
    await churn;
    const elapsed = (performance.now() - began) / 1000;
    const endRss = rssOf(pid);
    await snapshot('at the end');
    const loadAverage = os.loadavg()[0];
    const clientCpu = process.cpuUsage(loadCpuBefore);

    // The RSS at a moment: the last sample at or before it.
    const sampleAt = (second: number) => [...samples].reverse().find((s) => s.at <= second + 0.5);
    const rssAt = (second: number) => sampleAt(second)?.rss ?? Number.NaN;
    const half = elapsed / 2;
    // RSS swings with the garbage collector's cycle (V8 lets garbage build up to a few times the live
    // heap, then collects it; under load a cycle is 30 to 90 s), so one sample says little about the
    // level: the level at a moment is the mean RSS over the window before it (a minute; 15 s in runs
    // under 3 minutes), and the peaks of the two halves are shown beside it.
    const window = seconds >= 180 ? 60 : 15;
    const levelAt = (second: number) => {
      const inWindow = samples.filter((s) => s.at > second - window && s.at <= second + 0.5).map((s) => s.rss);
      return inWindow.length ? inWindow.reduce((sum, rss) => sum + rss, 0) / inWindow.length : rssAt(second);
    };
    const middleRss = levelAt(half);
    const endLevel = levelAt(elapsed);
    const lateGrowth = (endLevel - middleRss) / middleRss;
    const peak = Math.max(...samples.map((s) => s.rss));
    const peakOf = (from: number, to: number) =>
      Math.max(...samples.filter((s) => s.at > from && s.at <= to + 0.5).map((s) => s.rss));
    const total = Object.values(tallies).reduce((sum, t) => sum + t.requests, 0);
    const failed = Object.values(tallies).reduce((sum, t) => sum + t.failed, 0);

    const table = addTable(
      `Soak: ${connections} connections for ${(seconds / 60).toFixed(seconds % 60 ? 1 : 0)} min, PostgreSQL${redisUp ? ' + Redis' : ' (Redis not reachable)'}: the server's memory`,
      ['when', 'RSS', 'V8 heap used / reserved', 'external (ArrayBuffers)', 'requests so far'],
    );
    const row = (when: string, sample: (typeof samples)[number] | undefined) => ({
      when,
      RSS: mb(sample?.rss ?? Number.NaN),
      'V8 heap used / reserved': `${mb(sample?.heapUsed ?? Number.NaN)} / ${mb(sample?.heapTotal ?? Number.NaN)}`,
      'external (ArrayBuffers)': mb(sample?.external ?? Number.NaN),
      'requests so far': (sample?.requests ?? 0).toLocaleString('en-US'),
    });
    table.rows.push(row(`start of the load (after a ${WARM_UP_MS / 1000} s warm-up)`, samples[0]));
    // Each minute; a run shorter than 3 minutes every 15 s.
    const step = seconds >= 180 ? 60 : 15;
    for (let at = step; at < elapsed - 1; at += step)
      table.rows.push(row(step === 60 ? `${at / 60} min` : `${at} s`, sampleAt(at)));
    table.rows.push(row(`end (${elapsed.toFixed(0)} s)`, { ...samples[samples.length - 1], rss: endRss, requests: total }));
    table.rows.push({ when: 'peak, first half · last half', RSS: `${mb(peakOf(0, half))} · ${mb(peakOf(half, elapsed))}` });
    table.rows.push({
      when: `growth over the last half (mean RSS of the ${window} s before ${half.toFixed(0)} s → before the end)`,
      RSS: `${mb(middleRss)} → ${mb(endLevel)}: ${(lateGrowth * 100).toFixed(1)} %`,
      'V8 heap used / reserved':
        lateGrowth < MAX_LATE_GROWTH ? `ok (< ${MAX_LATE_GROWTH * 100} %)` : `MISSED (< ${MAX_LATE_GROWTH * 100} %)`,
    });
    table.notes.push(
      `Requests: ${(Object.entries(tallies) as [Kind, Tally][])
        .map(([kind, t]) => `${kind} ${t.requests.toLocaleString('en-US')}${t.failed ? ` (${t.failed} failed)` : ''}`)
        .join(', ')}; ${(total / elapsed).toFixed(0)} req/s; ${failed} failed in all.`,
      `Connections: ${searchers} searching, ${counts.productPages} on product pages, ${counts.reviews} on reviews, ${counts.messages} sending messages to ${counts.messages} live sockets (${delivered.toLocaleString('en-US')} deliveries, ${reconnects} reconnects).`,
      `Load average (1 min) at the end ${loadAverage.toFixed(1)} on ${os.cpus().length} cores; load generator CPU ${((clientCpu.user + clientCpu.system) / 1e6).toFixed(0)} s.`,
    );
    console.log(
      `  RSS ${mb(startRss)} → ${mb(endRss)} (peak ${mb(peak)}); last half ${mb(middleRss)} → ${mb(endLevel)} (${(lateGrowth * 100).toFixed(1)} %, ${window} s means); ${total} requests, ${failed} failed`,
    );
  } finally {
    stopping = true;
    for (const socket of sockets) socket?.disconnect();
    for (const agent of agents) agent.destroy();
    await server.stop();
    await deleteBenchUsers(pool, USER_FAMILY);
  }
}

export default defineSection({ name: 'soak', needsServer: false, run: runSoak });

// Alone, on the bench database (it needs the catalogue): npx tsx bench/sections/80-soak.ts --duration=600
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/farmstand_bench';
  await prepareBenchDatabase(databaseUrl, false);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  try {
    await runSoak({ pool, databaseUrl, options: readOptions() });
  } finally {
    await pool.end();
  }
  printReport();
}
