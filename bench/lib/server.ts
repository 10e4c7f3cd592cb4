import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVER_DIR } from './config';

export type BenchServer = {
  url: string;
  port: number;
  process: ChildProcess;
  stop: () => Promise<void>;
  /** How product search ranks once settled ('index' or 'sql'), and how long the index took to load. */
  search: { path: string; waitedMs: number };
};

/**
 * Starts the real server (`tsx src/main.ts`, as `npm start -w @farmstand/server` does) in its own
 * process on the bench database: no demo data, a rate limit no load run reaches, warnings only.
 * `{ embedded: dir }` starts it on the embedded database instead (no DATABASE_URL, as `npm start`),
 * on a copy of that PGlite data directory (embedded-database.ts).
 */
export async function startBenchServer(
  database: string | { embedded: string },
  port: number,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'farmstand-bench-'));
  if (typeof database !== 'string') cpSync(database.embedded, path.join(dataDir, 'db'), { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: typeof database === 'string' ? database : undefined,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_DATA: '0',
    RATE_LIMIT_PER_MINUTE: '100000000',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // Nothing balances load in front of a bench server: its stop need not wait for one to notice.
    SHUTDOWN_DRAIN_MS: '0',
    ...extraEnv,
  };
  if (env.DATABASE_URL === undefined) delete env.DATABASE_URL;
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server under load.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // BENCH_SERVER_LOG=/tmp/server.log keeps the server's whole output (with `--trace-gc` in BENCH_SERVER_NODE_ARGS, every collection).
  const log = process.env.BENCH_SERVER_LOG ? createWriteStream(process.env.BENCH_SERVER_LOG, { flags: 'a' }) : null;
  child.stdout?.on('data', (chunk) => {
    if (log) log.write(chunk);
    else output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
    log?.write(chunk);
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  // A busy shared machine can take minutes to compile and start the server.
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return { url, port, process: child, stop, search: await waitForSearchIndex(url) };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the server did not answer /api/health within 240 s:\n${output}`);
}

/**
 * Search is ranked by the in-memory listing index (decisions 125, 460), which loads in the
 * background after start; `/api/health/ready` answers 503 until it has. Sections measure the
 * settled server: this waits (up to 5 minutes) for readiness. `path` is 'index' once it is ready.
 */
async function waitForSearchIndex(baseUrl: string): Promise<{ path: string; waitedMs: number }> {
  const started = Date.now();
  while (Date.now() - started < 300_000) {
    const response = await fetch(`${baseUrl}/api/health/ready`);
    await response.arrayBuffer();
    if (response.ok) return { path: 'index', waitedMs: Date.now() - started };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { path: 'loading', waitedMs: Date.now() - started };
}
