import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { RequestLogController } from './request-logging';

async function appLoggingAt(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(JSON.parse(String(chunk)));
      callback();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: new RequestLogController(level) });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/broken', async (_request, reply) => reply.status(503).send({ message: 'down' }));
  return { app, lines };
}

describe('request logging', () => {
  it('logs failed requests at warn and stays silent for fast successful ones', async () => {
    const { app, lines } = await appLoggingAt('info');
    await app.inject('/ok');
    await app.inject('/broken');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'request failed', url: '/broken', statusCode: 503, method: 'GET' });
    await app.close();
  });

  it('logs every request at debug', async () => {
    const { app, lines } = await appLoggingAt('debug');
    await app.inject('/ok');
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    await app.close();
  });
});
