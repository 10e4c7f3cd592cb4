import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO, startServer } from '../../test/compiled-server';

/**
 * A stop loses no request (docs/decisions/522). The real compiled server on the embedded database
 * (once, in the PGlite project), over raw sockets: a request counts as sent once its connection is
 * open and its bytes are written, whatever the server has read of it.
 */

type Server = Awaited<ReturnType<typeof startServer>>;
/** A whole HTTP answer, or how the connection failed before one came (ECONNRESET, ECONNREFUSED, closed). */
type Answer = { status: number; headers: Record<string, string>; body: string } | { failed: string };

/** One client connection: requests go one at a time, answers are read whole (Content-Length). */
class Connection {
  private buffer = '';
  private waiting?: () => void;
  private failure?: string;
  readonly closed: Promise<void>;

  private constructor(readonly socket: Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      this.waiting?.();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      this.failure ??= error.code ?? error.message;
    });
    this.closed = new Promise((resolve) =>
      socket.on('close', () => {
        this.failure ??= 'closed';
        this.waiting?.();
        resolve();
      }),
    );
  }

  static open(port: number): Promise<Connection> {
    const socket = connect(port, '127.0.0.1');
    const connection = new Connection(socket);
    return new Promise((resolve) => {
      socket.once('connect', () => resolve(connection));
      socket.once('error', () => resolve(connection));
    });
  }

  /** Writes the request; the answer is read later (the request counts as sent once written). */
  async send(path: string): Promise<() => Promise<Answer>> {
    if (!this.failure) {
      await new Promise<void>((resolve) => this.socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`, () => resolve()));
    }
    return () => this.answer();
  }

  private async answer(): Promise<Answer> {
    for (;;) {
      const parsed = this.parse();
      if (parsed) return parsed;
      if (this.failure) return { failed: this.failure };
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
      });
    }
  }

  private parse(): Answer | undefined {
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end < 0) return undefined;
    const [statusLine, ...lines] = this.buffer.slice(0, end).split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    const length = Number(headers['content-length'] ?? Number.NaN);
    const body = this.buffer.slice(end + 4);
    if (!(Buffer.byteLength(body) >= length)) return undefined;
    this.buffer = body.slice(length);
    return { status: Number(statusLine.split(' ')[1]), headers, body: body.slice(0, length) };
  }
}

const portOf = (server: Server) => Number(new URL(server.base).port);
const statusOf = (answer: Answer) => ('failed' in answer ? answer.failed : answer.status);
/** How many answers of each status, and of each failure: { 200: 20 }, or { 200: 6, ECONNRESET: 14 }. */
function tally(answers: Answer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) counts[statusOf(answer)] = (counts[statusOf(answer)] ?? 0) + 1;
  return counts;
}

async function get(server: Server, path: string): Promise<Answer> {
  const connection = await Connection.open(portOf(server));
  const answer = await (await connection.send(path))();
  connection.socket.destroy();
  return answer;
}

/** Connections the kernel has queued on the server's listener and the process has not accepted. */
function acceptQueueLength(port: number): number {
  const hexPort = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // A listening socket (state 0A) counts its accept queue in rx_queue.
      if (fields[1]?.endsWith(hexPort) && fields[3] === '0A') return Number.parseInt(fields[4].split(':')[1], 16);
    }
  }
  return 0;
}

const hasCommand = (command: string) => spawnSync(command, ['--version'], { stdio: 'ignore' }).status === 0;
const canStarve = process.platform === 'linux' && hasCommand('taskset') && hasCommand('renice');

/** The last processor this process may run on (a container may allow only some). */
function lastAllowedCpu(): string {
  const allowed = readFileSync('/proc/self/status', 'utf8').match(/^Cpus_allowed_list:\s*(.+)$/m)?.[1] ?? '0';
  return allowed.split(',').at(-1)?.split('-').at(-1) ?? '0';
}

/**
 * Starves the server of CPU the way a loaded machine does: every thread of it on one processor, at
 * niceness 15, with a busy loop at normal priority on that processor. The server then gets a few
 * per cent of it, and each turn of its event loop (which accepts one connection) takes tens of ms.
 */
function starve(server: Server): ChildProcess {
  const pid = String(server.child.pid);
  const cpu = lastAllowedCpu();
  expect(spawnSync('taskset', ['-a', '-p', '-c', cpu, pid], { stdio: 'ignore' }).status).toBe(0);
  // Niceness is per thread on Linux; a helper thread that has just ended cannot be reniced, the main one must be.
  for (const thread of readdirSync(`/proc/${pid}/task`)) {
    const status = spawnSync('renice', ['-n', '15', '-p', thread], { stdio: 'ignore' }).status;
    if (thread === pid) expect(status).toBe(0);
  }
  // Ends by itself after two minutes should the test be killed before it does.
  return spawn('taskset', ['-c', cpu, process.execPath, '-e', 'const end = Date.now() + 120000; while (Date.now() < end);'], {
    stdio: 'ignore',
  });
}

describe.skipIf(process.env.TEST_DB_ENGINE === 'postgres')('graceful shutdown', () => {
  // Both servers start at once (start-up is most of this file's time); the build comes first so that
  // `node dist/main.js` runs the current sources whether or not `npm start` rebuilds.
  let npmServer: Promise<Server>;
  let nodeServer: Promise<Server>;
  beforeAll(() => {
    const build = spawnSync('node', ['scripts/build-if-stale.mjs', '--server'], { cwd: REPO, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    // Limits are counted per address, in the shared Redis when there is one: no 429 from other tests.
    const env = { RATE_LIMIT_PER_MINUTE: '100000000' };
    npmServer = startServer('npm', ['start', '-w', '@farmstand/server'], { ...env, SHUTDOWN_DRAIN_MS: '5000' });
    // A grace far above what the stop needs, so a busy machine cannot turn a slow stop into a failure.
    nodeServer = startServer('node', ['apps/server/dist/main.js'], {
      ...env,
      SHUTDOWN_DRAIN_MS: '0',
      // Half of it is how long the stop takes what is still queued: a starved process on a loaded
      // machine (load 15 beside this test) took more than 60 s for 20 connections.
      SHUTDOWN_GRACE_MS: '240000',
    });
    // Neither rejection goes unhandled while the other test runs.
    npmServer.catch(() => undefined);
    nodeServer.catch(() => undefined);
  });
  afterAll(async () => {
    for (const server of await Promise.allSettled([npmServer, nodeServer])) {
      if (server.status === 'fulfilled' && server.value.child.exitCode === null) server.value.child.kill('SIGKILL');
    }
  });

  it('npm start: on SIGTERM readiness turns 503 and for SHUTDOWN_DRAIN_MS the server still accepts and answers (kept-alive connections too, with Connection: close); then idle connections close, in-flight requests finish and the process exits 0', async () => {
    const drainMs = 5000;
    const server = await npmServer;
    const port = portOf(server);
    // A kept-alive connection left idle, and one that will ask again during the drain.
    const idle = await Connection.open(port);
    const reused = await Connection.open(port);
    for (const connection of [idle, reused]) {
      const first = await (await connection.send('/api/health/live'))();
      expect(first).toMatchObject({ status: 200 });
      expect((first as { headers: Record<string, string> }).headers.connection).not.toBe('close');
    }
    const inFlight = await Promise.all(
      Array.from({ length: 12 }, async () => (await Connection.open(port)).send('/api/test/slow?ms=1000')),
    );

    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    const slow = await Promise.all(inFlight.map((answer) => answer()));
    expect(tally(slow)).toEqual({ 200: 12 });
    expect(slow.every((answer) => 'body' in answer && JSON.parse(answer.body).waited === 1000)).toBe(true);

    // 1 s after the signal, well inside the drain: new connections are still taken and answered.
    expect(Date.now() - signalledAt, 'the machine is too slow for this test').toBeLessThan(drainMs - 1000);
    const ready = await get(server, '/api/health/ready');
    expect(statusOf(ready)).toBe(503);
    expect('body' in ready && JSON.parse(ready.body)).toMatchObject({ status: 'not ready', draining: true });
    expect(statusOf(await get(server, '/api/search/products?q=late'))).toBe(200);
    // A kept-alive connection asking again is answered, and told to close.
    const again = await (await reused.send('/api/search/products?q=again'))();
    expect(statusOf(again)).toBe(200);
    expect('headers' in again && again.headers.connection).toBe('close');
    await reused.closed;

    // The idle kept-alive connection is closed at the end of the drain (else the server could not close).
    await idle.closed;
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(drainMs);
    expect(await server.exited, server.stderr()).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(drainMs + 15_000);
    // Gone: nothing answers on the port any more.
    expect(statusOf(await get(server, '/api/health'))).toBe('ECONNREFUSED');
  }, 240_000);

  it.skipIf(!canStarve)(
    'node dist/main.js starved of CPU: every search sent before SIGTERM is answered, none reset, and the process exits 0',
    // The scheduler decides whether the burst waits in the queue (checked before the signal, the
    // server still running): once in four CI runs the starved process still took it all first.
    // A second burst then sets the scene; a failure after the signal fails the retry too.
    { timeout: 360_000, retry: 1 },
    async () => {
      const server = await nodeServer;
      const port = portOf(server);
      // Warm: the first searches compile code, which a starved process would take long over.
      for (let i = 0; i < 5; i++) expect(statusOf(await get(server, `/api/search/products?q=warm${i}`))).toBe(200);
      const hog = starve(server);
      try {
        const sent = await Promise.all(
          Array.from({ length: 20 }, async (_, i) => (await Connection.open(port)).send(`/api/search/products?q=egg${i}`)),
        );
        // The scenario: most of the burst still waits in the kernel's queue, not yet accepted.
        expect(acceptQueueLength(port)).toBeGreaterThanOrEqual(10);
        const signalledAt = Date.now();
        server.child.kill('SIGTERM');
        // Sent after the signal, queued behind the burst: answered too, and not ready.
        const ready = await (await Connection.open(port)).send('/api/health/ready');
        const answers = await Promise.all(sent.map((answer) => answer()));
        expect(tally(answers)).toEqual({ 200: 20 });
        expect(answers.every((answer) => 'body' in answer && Array.isArray(JSON.parse(answer.body).products))).toBe(true);
        expect(statusOf(await ready())).toBe(503);
        hog.kill('SIGKILL');
        expect(await server.exited, server.stderr()).toBe(0);
        expect(Date.now() - signalledAt).toBeLessThan(240_000);
      } finally {
        hog.kill('SIGKILL');
      }
    },
  );
});
