import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { createBenchUsers, deleteBenchUsers } from '../lib/bench-users';
import { BENCH_PORT, REPO_DIR, readOptions } from '../lib/config';
import { prepareBenchDatabase } from '../lib/database';
import { addTable, ms, printReport, verdict } from '../lib/report';
import { type BenchContext, defineSection } from '../lib/section';
import { startBenchServer } from '../lib/server';

/**
 * Issue 8 item 7, messaging under load: 100 HTTP clients each sending messages into their own
 * conversation as fast as answers come back, while the 100 recipients hold live socket.io
 * connections, on PostgreSQL + Redis (the socket.io adapter). Prints send p50/p99, live delivery
 * p50/p99 and, measured in the same run, the bare Fastify hello-world ceiling and the server's
 * own /api/ping, since machines differ several-fold.
 *
 * Runs in `npm run bench` (section "messaging-load") or alone, on any PostgreSQL database:
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/farmstand_msgload npx tsx bench/sections/45-messaging-load.ts
 */
const PAIRS = Number(process.env.BENCH_MSG_CLIENTS ?? 100);
/** Issue 29's budget for a send under this load; live delivery keeps the same bound. */
const TARGET_SEND_P99_MS = 150;
const TARGET_DELIVERY_P99_MS = 150;
/** Users of this section are e-mailed msg-load-…@bench.test. */
const USER_FAMILY = 'msg-load';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

function connectClient(url: string, token: string): Promise<Socket> {
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

/** CPU seconds (user + system) a process has used so far, from /proc (Linux): a cost per message no busy machine skews. */
function cpuSeconds(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
const sleep = (msToWait: number) => new Promise((resolve) => setTimeout(resolve, msToWait));

/**
 * POST a JSON body and read the whole answer, on a keep-alive connection of `agent`. node:http, not
 * fetch: on this 2-core machine fetch's streams cost the load generator about as much CPU per request
 * as the server's whole send path, and the clients then measured their own queue. Same wire traffic:
 * one keep-alive connection per sending client.
 */
function postJson(agent: http.Agent, url: URL, token: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${token}`,
        },
      },
      (response) => {
        response.on('data', () => undefined);
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Transactions committed or rolled back in the bench database so far (pg_stat_database, updated as they end). */
async function databaseTransactions(pool: pg.Pool): Promise<number> {
  await pool.query('select pg_stat_clear_snapshot()');
  const { rows } = await pool.query<{ n: string }>(
    'select (xact_commit + xact_rollback)::text as n from pg_stat_database where datname = current_database()',
  );
  return Number(rows[0]?.n ?? Number.NaN);
}

/** Requests per second of one URL at 50 connections (autocannon), the way section 10 measures its ceiling. */
async function requestsPerSecond(url: string, seconds: number): Promise<number> {
  const result = await autocannon({ url, connections: 50, duration: seconds });
  return result.requests.average;
}

/** The bare Fastify hello-world in its own process: the machine's ceiling for any HTTP figure. */
async function helloWorldCeiling(port: number, seconds: number): Promise<number> {
  const script = `const app = require('fastify')(); app.get('/', async () => ({ hello: 'world' }));
    app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child: ChildProcess = spawn(process.execPath, ['-e', script], { cwd: REPO_DIR, stdio: 'ignore' });
  try {
    const url = `http://127.0.0.1:${port}/`;
    for (let tries = 0; tries < 100; tries++) {
      if (
        await fetch(url).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await sleep(100);
    }
    return await requestsPerSecond(url, seconds);
  } finally {
    child.kill('SIGTERM');
  }
}

export async function runMessagingLoad({ pool, databaseUrl, options }: Pick<BenchContext, 'pool' | 'databaseUrl' | 'options'>) {
  const seconds = Math.max(5, options.durationSeconds);
  const secret = randomBytes(32).toString('hex');
  await deleteBenchUsers(pool, USER_FAMILY);
  const senders = await createBenchUsers(pool, secret, USER_FAMILY, PAIRS, 's');
  const recipients = await createBenchUsers(pool, secret, USER_FAMILY, PAIRS, 'r');
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
  const server = await startBenchServer(databaseUrl, BENCH_PORT + 7, {
    JWT_SECRET: secret,
    ...(redisUp ? { REDIS_URL } : {}),
  });
  const sockets: Socket[] = [];
  const pending = new Map<string, number>();
  const deliveries: number[] = [];
  let delivered = 0;
  try {
    for (let i = 0; i < recipients.length; i += 50) {
      sockets.push(...(await Promise.all(recipients.slice(i, i + 50).map((user) => connectClient(server.url, user.token)))));
    }
    for (const socket of sockets) {
      socket.on('new_message', ({ message }: { message: { content: string } }) => {
        const started = pending.get(message.content);
        if (started === undefined) return;
        pending.delete(message.content);
        deliveries.push(performance.now() - started);
        delivered++;
      });
    }

    let sequence = 0;
    const sends: number[] = [];
    let failed = 0;
    // Each sending client keeps its own connection, as 100 browsers would.
    const agents = senders.map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));
    async function sendLoop(index: number, until: number, record: boolean) {
      const sender = senders[index];
      const url = new URL(`${server.url}/api/messages/conversations/${conversationIds[index]}/messages`);
      while (performance.now() < until) {
        const content = `load ${sequence++} ${index}`;
        const started = performance.now();
        if (record) pending.set(content, started);
        const status = await postJson(agents[index], url, sender.token, JSON.stringify({ content }));
        if (!record) continue;
        if (status === 201) sends.push(performance.now() - started);
        else {
          failed++;
          pending.delete(content);
        }
      }
    }
    // Warm-up: JIT, connection pools, every conversation touched once.
    await Promise.all(senders.map((_, index) => sendLoop(index, performance.now() + 3000, false)));
    await sleep(500);
    const began = performance.now();
    const cpuBefore = cpuSeconds(server.process.pid);
    const transactionsBefore = await databaseTransactions(pool);
    const clientCpuBefore = process.cpuUsage();
    await Promise.all(senders.map((_, index) => sendLoop(index, began + seconds * 1000, true)));
    const elapsed = (performance.now() - began) / 1000;
    const cpuPerMessage = ((cpuSeconds(server.process.pid) - cpuBefore) * 1000) / Math.max(1, sends.length);
    // Every statement outside an explicit transaction is one: what the send path costs the database.
    const transactionsPerMessage = ((await databaseTransactions(pool)) - transactionsBefore) / Math.max(1, sends.length);
    const clientCpu = process.cpuUsage(clientCpuBefore);
    const clientCpuPerMessage = (clientCpu.user + clientCpu.system) / 1000 / Math.max(1, sends.length);
    const loadAverage = os.loadavg()[0];
    for (const agent of agents) agent.destroy();
    await sleep(2000); // the last deliveries
    const lost = pending.size;

    const ping = await requestsPerSecond(`${server.url}/api/ping`, 5);
    const hello = await helloWorldCeiling(BENCH_PORT + 8, 5);

    sends.sort((a, b) => a - b);
    deliveries.sort((a, b) => a - b);
    const sendP99 = percentile(sends, 99);
    const deliveryP99 = percentile(deliveries, 99);
    const table = addTable(
      `Messaging under load: ${PAIRS} HTTP clients sending, ${PAIRS} live sockets, PostgreSQL${redisUp ? ' + Redis' : ' (Redis not reachable)'}`,
      ['figure', 'value', 'target', 'verdict'],
    );
    table.rows.push(
      { figure: 'messages sent', value: `${sends.length} in ${elapsed.toFixed(0)} s (${(sends.length / elapsed).toFixed(0)}/s)` },
      { figure: 'server CPU per message sent', value: ms(cpuPerMessage) },
      { figure: 'load generator CPU per message (this process)', value: ms(clientCpuPerMessage) },
      { figure: 'database transactions per message sent', value: transactionsPerMessage.toFixed(2) },
      { figure: 'send p50', value: ms(percentile(sends, 50)) },
      {
        figure: 'send p99',
        value: ms(sendP99),
        target: `≤ ${TARGET_SEND_P99_MS} ms`,
        verdict: verdict(sendP99 <= TARGET_SEND_P99_MS),
      },
      { figure: 'live delivery p50', value: ms(percentile(deliveries, 50)) },
      {
        figure: 'live delivery p99',
        value: ms(deliveryP99),
        target: `≤ ${TARGET_DELIVERY_P99_MS} ms`,
        verdict: verdict(deliveryP99 <= TARGET_DELIVERY_P99_MS),
      },
      { figure: 'failed sends / undelivered', value: `${failed} / ${lost}`, target: '0 / 0', verdict: verdict(!failed && !lost) },
      { figure: 'server /api/ping (50 conn.)', value: `${ping.toFixed(0)} req/s` },
      { figure: 'bare Fastify hello-world (50 conn.)', value: `${hello.toFixed(0)} req/s` },
      { figure: 'load average (1 min) at the end of the load', value: loadAverage.toFixed(1) },
    );
    table.notes.push(
      'Send: POST /api/messages/conversations/:id/messages until its 201. Delivery: from the start of that POST to the recipient’s new_message.',
      'Clients, server, PostgreSQL and Redis share the machine; the two ceilings were measured in the same run, after the load.',
    );
    console.log(
      `  send p50 ${ms(percentile(sends, 50))} p99 ${ms(sendP99)}; delivery p50 ${ms(percentile(deliveries, 50))} p99 ${ms(deliveryP99)}; ` +
        `${(sends.length / elapsed).toFixed(0)} msg/s; server CPU ${ms(cpuPerMessage)}/msg; load generator CPU ${ms(clientCpuPerMessage)}/msg; ${transactionsPerMessage.toFixed(2)} db transactions/msg; load ${loadAverage.toFixed(1)}; ping ${ping.toFixed(0)} req/s; hello-world ${hello.toFixed(0)} req/s; delivered ${delivered}`,
    );
  } finally {
    for (const socket of sockets) socket.disconnect();
    await server.stop();
    await deleteBenchUsers(pool, USER_FAMILY);
  }
}

export default defineSection({ name: 'messaging-load', needsServer: false, run: runMessagingLoad });

// Alone: prepares (creates and migrates) the database it is given, no catalogue needed.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/farmstand_msgload';
  await prepareBenchDatabase(databaseUrl, false);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  try {
    await runMessagingLoad({ pool, databaseUrl, options: readOptions() });
  } finally {
    await pool.end();
  }
  printReport();
}
