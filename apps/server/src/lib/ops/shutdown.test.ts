import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Issue 8 item 10: SIGTERM lets in-flight requests finish and the process exit, whether the server
 * was started by `npm start` (npm → exec node) or by `node dist/main.js` directly. Runs the real
 * compiled server on the embedded database (once, in the PGlite project).
 */
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startServer(
  command: string,
  args: string[],
): Promise<{ child: ChildProcess; base: string; exited: Promise<number | null>; stderr: () => string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'farmstand-shutdown-'));
  dirs.push(dataDir);
  const child = spawn(command, args, {
    cwd: REPO,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: '0',
      E2E_TEST_HOOKS: '1',
      LOG_LEVEL: 'warn',
      SHUTDOWN_GRACE_MS: '15000',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early: ${stderr}`);
    const up = await fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (up) return { child, base, exited, stderr: () => stderr };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${stderr}`);
}

async function expectGracefulStop(server: Awaited<ReturnType<typeof startServer>>) {
  const inFlight = Array.from({ length: 12 }, () =>
    fetch(`${server.base}/api/test/slow?ms=2500`).then(async (r) => ({ status: r.status, body: await r.json() })),
  );
  await new Promise((resolve) => setTimeout(resolve, 700));
  const signalledAt = Date.now();
  server.child.kill('SIGTERM');
  const answers = await Promise.all(inFlight);
  expect(answers.every((a) => a.status === 200 && a.body.waited === 2500)).toBe(true);
  const code = await server.exited;
  expect(code, server.stderr()).toBe(0);
  expect(Date.now() - signalledAt).toBeLessThan(15_000);
  // Gone: nothing answers on the port any more.
  await expect(fetch(`${server.base}/api/health`)).rejects.toThrow();
}

describe.skipIf(process.env.TEST_DB_ENGINE === 'postgres')('graceful shutdown', () => {
  it('npm start: SIGTERM to npm reaches the server, in-flight requests finish, the process exits 0', async () => {
    const server = await startServer('npm', ['start', '-w', '@farmstand/server']);
    await expectGracefulStop(server);
  }, 240_000);

  it('node dist/main.js: the same when started directly', async () => {
    const server = await startServer('node', ['apps/server/dist/main.js']);
    await expectGracefulStop(server);
  }, 240_000);
});
