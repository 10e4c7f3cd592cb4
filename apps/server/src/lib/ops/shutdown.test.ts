import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../test/compiled-server';

/**
 * SIGTERM lets in-flight requests finish and the process exit, whether the server
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

/**
 * Requests that reached the server while its event loop was busy, and that need the database, are
 * answered after SIGTERM instead of being reset. Raw sockets, so that every request has been
 * handed to the server's kernel (connected and written) before the signal is sent.
 */
async function expectQueuedRequestsAnswered(server: Awaited<ReturnType<typeof startServer>>) {
  const { port } = new URL(server.base);
  const busy = fetch(`${server.base}/api/test/slow?ms=0&busyMs=2000`).then((r) => r.status);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const queued = await Promise.all(
    Array.from({ length: 20 }, async (_, i) => {
      const socket = connect(Number(port), '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk;
      });
      const ended = new Promise<string>((resolve) => {
        socket.on('close', () => resolve(answer.split('\r\n')[0] || 'reset'));
        socket.on('error', () => undefined);
      });
      await new Promise((resolve) => socket.once('connect', resolve));
      await new Promise((resolve) =>
        socket.write(`GET /api/search/suggestions?q=egg${i} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`, resolve),
      );
      return ended;
    }),
  ).then((sent) => sent);
  server.child.kill('SIGTERM');
  expect(await busy).toBe(200);
  expect(await Promise.all(queued)).toEqual(Array(20).fill('HTTP/1.1 200 OK'));
  expect(await server.exited, server.stderr()).toBe(0);
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

  // After the tests above: `npm start` has built dist/main.js.
  it('requests that arrived while the server was busy are answered, not reset, after SIGTERM', async () => {
    const server = await startServer('node', ['apps/server/dist/main.js']);
    await expectQueuedRequestsAnswered(server);
  }, 240_000);
});
