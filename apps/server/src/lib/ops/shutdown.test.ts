import { describe, expect, it } from 'vitest';
import { startServer } from '../../test/compiled-server';

/**
 * Issue 8 item 10: SIGTERM lets in-flight requests finish and the process exit, whether the server
 * was started by `npm start` (npm → exec node) or by `node dist/main.js` directly. Runs the real
 * compiled server on the embedded database (once, in the PGlite project).
 */
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
