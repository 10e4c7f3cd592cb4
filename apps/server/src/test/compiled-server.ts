import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, vi } from 'vitest';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
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

/** Starts the compiled server (`npm start` or `node apps/server/dist/main.js`) on a fresh DATA_DIR and waits for /api/health. */
export async function startServer(
  command: string,
  args: string[],
  extraEnv: Record<string, string | undefined> = {},
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
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const started = await vi
    .waitFor(
      async () => {
        if (child.exitCode !== null) return 'exited';
        const up = await fetch(`${base}/api/health`).then((r) => r.ok);
        if (!up) throw new Error('not answering yet');
        return 'up';
      },
      { timeout: 150_000, interval: 250 },
    )
    .catch(() => 'late');
  if (started === 'exited') throw new Error(`server exited early: ${stderr}`);
  if (started === 'late') {
    child.kill('SIGKILL');
    throw new Error(`server did not start: ${stderr}`);
  }
  return { child, base, exited, stderr: () => stderr };
}
