import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { createBenchUsers, deleteBenchUsers } from '../lib/bench-users';
import { BENCH_PORT } from '../lib/config';
import { addTable, ms, verdict } from '../lib/report';
import { defineSection } from '../lib/section';
import { startBenchServer } from '../lib/server';

const CLIENTS = Number(process.env.BENCH_LIVE_CLIENTS ?? 1000);
const SENDERS = 20;
const MESSAGES_PER_RUN = Number(process.env.BENCH_LIVE_MESSAGES ?? 1000);
const CONCURRENCY_LEVELS = [1, 8];
const TARGET_P99_MS = 50;
/** Users of this section are e-mailed live-bench-…@bench.test. */
const USER_FAMILY = 'live-bench';

/** Resident memory of a process, from /proc (Linux). */
function residentBytes(pid: number | undefined): number {
  if (!pid) return 0;
  const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return match ? Number(match[1]) * 1024 : 0;
}

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

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const sleep = (msToWait: number) => new Promise((resolve) => setTimeout(resolve, msToWait));

/**
 * Live delivery (issue 5 "Speed"): 1,000 socket.io clients on loopback, each a signed-in user;
 * messages go through the HTTP API (POST /api/messages/conversations) and we time how long until
 * the recipient's `new_message` arrives. Also the server's resident memory per connection.
 * Starts its own server process with a known JWT secret so it can sign the clients' tokens.
 */
export default defineSection({
  name: 'live-delivery',
  needsServer: false,
  async run({ pool, databaseUrl }) {
    const secret = randomBytes(32).toString('hex');
    await deleteBenchUsers(pool, USER_FAMILY);
    const recipients = await createBenchUsers(pool, secret, USER_FAMILY, CLIENTS, 'r');
    const senders = await createBenchUsers(pool, secret, USER_FAMILY, SENDERS, 's');
    const server = await startBenchServer(databaseUrl, BENCH_PORT + 5, { JWT_SECRET: secret });
    const sockets: Socket[] = [];
    const pending = new Map<string, (arrivedAt: number) => void>();
    try {
      // Warm the process, then take the memory baseline before any socket connects.
      for (let i = 0; i < 20; i++) await fetch(`${server.url}/api/health`);
      await sleep(1000);
      const before = residentBytes(server.process.pid);
      const connectStarted = performance.now();
      for (let i = 0; i < recipients.length; i += 50) {
        sockets.push(...(await Promise.all(recipients.slice(i, i + 50).map((user) => connectClient(server.url, user.token)))));
      }
      const connectSeconds = (performance.now() - connectStarted) / 1000;
      for (const socket of sockets) {
        socket.on('new_message', ({ message }: { message: { content: string } }) =>
          pending.get(message.content)?.(performance.now()),
        );
      }
      await sleep(2000);
      const after = residentBytes(server.process.pid);

      const memory = addTable(`Live connections (${CLIENTS.toLocaleString('en-US')} socket.io clients, websocket, loopback)`, [
        'figure',
        'value',
      ]);
      memory.rows.push(
        { figure: 'connect all clients', value: `${connectSeconds.toFixed(1)} s` },
        { figure: 'server RSS before', value: `${(before / 1048576).toFixed(0)} MB` },
        { figure: 'server RSS with clients', value: `${(after / 1048576).toFixed(0)} MB` },
        { figure: 'memory per connection', value: `${((after - before) / CLIENTS / 1024).toFixed(1)} KB` },
      );

      let sequence = 0;
      async function sendOne(): Promise<{ delivery: number; http: number } | null> {
        const n = sequence++;
        const sender = senders[n % senders.length];
        const recipient = recipients[Math.floor(Math.random() * recipients.length)];
        const content = `bench ${n} ${randomBytes(4).toString('hex')}`;
        const started = performance.now();
        const arrived = new Promise<number>((resolve) => pending.set(content, resolve));
        const response = await fetch(`${server.url}/api/messages/conversations`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${sender.token}` },
          body: JSON.stringify({ recipientId: recipient.id, content }),
        });
        const http = performance.now() - started;
        if (response.status !== 201) {
          pending.delete(content);
          return null;
        }
        const arrivedAt = await Promise.race([arrived, sleep(5000).then(() => null)]);
        pending.delete(content);
        return arrivedAt === null ? null : { delivery: arrivedAt - started, http };
      }

      async function runAt(concurrency: number, total: number) {
        const deliveries: number[] = [];
        const https: number[] = [];
        let lost = 0;
        let started = 0;
        const began = performance.now();
        await Promise.all(
          Array.from({ length: concurrency }, async () => {
            while (started < total) {
              started++;
              const result = await sendOne();
              if (!result) lost++;
              else {
                deliveries.push(result.delivery);
                https.push(result.http);
              }
            }
          }),
        );
        const seconds = (performance.now() - began) / 1000;
        deliveries.sort((a, b) => a - b);
        https.sort((a, b) => a - b);
        return { deliveries, https, lost, rate: total / seconds };
      }

      await runAt(4, 100); // warm-up: first conversations, JIT, connection pool
      const table = addTable('Live delivery: POST a message → recipient’s new_message', [
        'in flight',
        'messages',
        'msg/s',
        'http p50',
        'delivery p50',
        'p95',
        'p99',
        'max',
        'lost',
        'target',
        'verdict',
      ]);
      for (const concurrency of CONCURRENCY_LEVELS) {
        const { deliveries, https, lost, rate } = await runAt(concurrency, MESSAGES_PER_RUN);
        const p99 = percentile(deliveries, 99);
        table.rows.push({
          'in flight': String(concurrency),
          messages: String(MESSAGES_PER_RUN),
          'msg/s': rate.toFixed(0),
          'http p50': ms(percentile(https, 50)),
          'delivery p50': ms(percentile(deliveries, 50)),
          p95: ms(percentile(deliveries, 95)),
          p99: ms(p99),
          max: ms(deliveries.at(-1) ?? 0),
          lost: String(lost),
          target: `p99 ≤ ${TARGET_P99_MS} ms`,
          verdict: verdict(p99 <= TARGET_P99_MS && lost === 0),
        });
        console.log(
          `  ${concurrency} in flight: p50 ${ms(percentile(deliveries, 50))}, p99 ${ms(p99)}, ${rate.toFixed(0)} msg/s`,
        );
      }
      table.notes.push(
        'Timed from the start of the HTTP request to the recipient’s event: auth, the message transaction, the unread count and the fan-out.',
        'Clients, server and PostgreSQL share the 2 cores.',
      );
    } finally {
      for (const socket of sockets) socket.disconnect();
      await server.stop();
      await deleteBenchUsers(pool, USER_FAMILY);
    }
  },
});
