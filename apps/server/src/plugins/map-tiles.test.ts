import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app';
import { type MapTilesOptions, mapTilesPlugin, parseTile, plainPng } from './map-tiles';

const TILE = plainPng(4, [10, 20, 30]);

/** A local stand-in for the tile server: answers PNGs (or what `answer` says) and records what it was asked. */
async function fakeUpstream(
  answer?: (url: string) => { status: number; type?: string; body?: Buffer } | 'hang',
  { delayMs = 0 }: { delayMs?: number } = {},
) {
  const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
  const server: Server = createServer((request, response) => {
    const url = request.url ?? '';
    seen.push({ url, headers: request.headers });
    const reply = answer?.(url) ?? { status: 200, type: 'image/png', body: TILE };
    if (reply === 'hang') return;
    setTimeout(() => {
      response.writeHead(reply.status, { 'content-type': reply.type ?? 'image/png' });
      response.end(reply.body ?? '');
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    seen,
    template: `http://127.0.0.1:${port}/osm/{z}/{x}/{y}.png`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function tileApp(options: Partial<MapTilesOptions> & { light: string }): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(mapTilesPlugin, {
    upstreams: { light: options.light, dark: options.upstreams?.dark ?? options.light.replace('/osm/', '/dark/') },
    userAgent: 'Farmstand/1.0 tile proxy (+https://farmstand.example)',
    timeoutMs: 300,
    ...options,
  });
  await app.ready();
  return app;
}

/** The width, height and first pixel of a PNG made of one colour. */
function decodePlainPng(bytes: Buffer) {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  const idatLength = bytes.readUInt32BE(33);
  const raw = inflateSync(bytes.subarray(41, 41 + idatLength));
  return { width, height, pixel: [...raw.subarray(1, 4)] };
}

describe('map tile proxy', () => {
  it('reads the tile a path names, strictly', () => {
    expect(parseTile({ style: 'light', z: '3', x: '7', y: '0.png' })).toEqual({ style: 'light', z: 3, x: 7, y: 0 });
    expect(parseTile({ style: 'dark', z: '19', x: '524287', y: '1.png' })).toMatchObject({ style: 'dark', z: 19 });
    for (const [z, x, y] of [
      ['20', '0', '0.png'],
      ['3', '8', '0.png'],
      ['3', '0', '8.png'],
      ['03', '0', '0.png'],
      ['-1', '0', '0.png'],
      ['1', '0', '0.jpg'],
      ['1', '0', '0'],
      ['1', '0x1', '0.png'],
      ['1', '..', '0.png'],
      ['1', '0', '.png'],
      ['99999999999', '0', '0.png'],
    ] as const) {
      expect(parseTile({ style: 'light', z, x, y }), `${z}/${x}/${y}`).toMatchObject({ status: 400 });
    }
    expect(parseTile({ style: 'satellite', z: '1', x: '0', y: '0.png' })).toMatchObject({ status: 404 });
  });

  describe('with a reachable upstream', () => {
    let upstream: Awaited<ReturnType<typeof fakeUpstream>>;
    let app: FastifyInstance;
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'farmstand-tiles-'));
    beforeAll(async () => {
      upstream = await fakeUpstream();
      app = await tileApp({ light: upstream.template, cacheDir });
    });
    afterAll(async () => {
      await app.close();
      await upstream.close();
    });

    it('fetches a tile once with an identifying User-Agent, then serves it from its cache', async () => {
      const first = await app.inject({ method: 'GET', url: '/tiles/light/5/9/12.png' });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('image/png');
      expect(first.headers['cache-control']).toBe('public, max-age=86400, stale-while-revalidate=604800');
      expect(first.rawPayload).toEqual(TILE);
      expect(upstream.seen).toHaveLength(1);
      expect(upstream.seen[0]?.url).toBe('/osm/5/9/12.png');
      expect(upstream.seen[0]?.headers['user-agent']).toBe('Farmstand/1.0 tile proxy (+https://farmstand.example)');
      expect(readFileSync(path.join(cacheDir, 'light', '5', '9', '12.png'))).toEqual(TILE);

      const again = await app.inject({ method: 'GET', url: '/tiles/light/5/9/12.png' });
      expect(again.rawPayload).toEqual(TILE);
      expect(upstream.seen).toHaveLength(1);
    });

    it('asks the upstream once when many ask for the same tile at the same time', async () => {
      const before = upstream.seen.length;
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => app.inject({ method: 'GET', url: '/tiles/dark/6/10/11.png' })),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(upstream.seen.slice(before).map((s) => s.url)).toEqual(['/dark/6/10/11.png']);
    });

    it('a new instance on the same folder serves the kept tile without asking the upstream', async () => {
      const other = await tileApp({ light: 'http://127.0.0.1:9/{z}/{x}/{y}.png', cacheDir });
      try {
        const res = await other.inject({ method: 'GET', url: '/tiles/light/5/9/12.png' });
        expect(res.statusCode).toBe(200);
        expect(res.rawPayload).toEqual(TILE);
        expect(res.headers['cache-control']).toContain('max-age=86400');
      } finally {
        await other.close();
      }
    });

    it('answers bad paths with a 4xx and never asks the upstream', async () => {
      const before = upstream.seen.length;
      for (const url of [
        '/tiles/light/20/0/0.png',
        '/tiles/light/2/4/0.png',
        '/tiles/light/2/0/x.png',
        '/tiles/light/2/0/0.webp',
        '/tiles/light/2/%2e%2e/0.png',
        '/tiles/light/2/0/0.png.png',
        '/tiles/other/2/0/0.png',
      ]) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, url).toBeLessThan(500);
      }
      expect(upstream.seen.length).toBe(before);
    });
  });

  it('keeps errors of the upstream from the browser: a 500 or a non-image becomes the placeholder', async () => {
    const upstream = await fakeUpstream((url) =>
      url.includes('/1/') ? { status: 500, type: 'text/plain' } : { status: 200, type: 'text/html', body: Buffer.from('<html>') },
    );
    const app = await tileApp({ light: upstream.template, retryAfterMs: 0 });
    try {
      for (const url of ['/tiles/light/1/0/0.png', '/tiles/light/2/0/0.png']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toBe('image/png');
        expect(res.headers['cache-control']).toBe('public, max-age=60');
      }
    } finally {
      await app.close();
      await upstream.close();
    }
  });

  it('answers a plain tile at once when the upstream cannot be reached, and stops asking for a while', async () => {
    const app = await tileApp({ light: 'http://127.0.0.1:9/{z}/{x}/{y}.png' });
    try {
      const res = await app.inject({ method: 'GET', url: '/tiles/light/3/1/2.png' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('public, max-age=60');
      expect(decodePlainPng(res.rawPayload)).toEqual({ width: 256, height: 256, pixel: [242, 239, 233] });
      const dark = await app.inject({ method: 'GET', url: '/tiles/dark/3/1/2.png' });
      expect(decodePlainPng(dark.rawPayload).pixel).toEqual([38, 38, 38]);
    } finally {
      await app.close();
    }
  });

  it('gives up on an upstream that does not answer within the time limit, then answers without waiting', async () => {
    const upstream = await fakeUpstream(() => 'hang');
    const app = await tileApp({ light: upstream.template, timeoutMs: 300 });
    try {
      let started = Date.now();
      const first = await app.inject({ method: 'GET', url: '/tiles/light/4/3/2.png' });
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('public, max-age=60');
      expect(Date.now() - started).toBeLessThan(2000);
      expect(upstream.seen).toHaveLength(1);

      started = Date.now();
      const next = await app.inject({ method: 'GET', url: '/tiles/light/4/3/3.png' });
      expect(next.statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(200);
      expect(upstream.seen).toHaveLength(1);
    } finally {
      await app.close();
      await upstream.close();
    }
  });

  it('serves a kept tile past its age when the upstream is down, rather than a placeholder', async () => {
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'farmstand-tiles-'));
    const upstream = await fakeUpstream();
    const online = await tileApp({ light: upstream.template, cacheDir });
    await online.inject({ method: 'GET', url: '/tiles/light/2/1/1.png' });
    await online.close();
    await upstream.close();
    expect(existsSync(path.join(cacheDir, 'light', '2', '1', '1.png'))).toBe(true);
    const offline = await tileApp({ light: upstream.template, cacheDir, maxAgeMs: 0 });
    try {
      const res = await offline.inject({ method: 'GET', url: '/tiles/light/2/1/1.png' });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload).toEqual(TILE);
    } finally {
      await offline.close();
    }
  });
});

describe('map tile proxy limits: one visitor cannot queue everyone or fill the disk', () => {
  const isTile = (res: { rawPayload: Buffer }) => res.rawPayload.equals(TILE);
  /** The plain tile answered for a limit: not kept by the browser, so it asks again later. */
  const isRefused = (res: { rawPayload: Buffer; headers: Record<string, unknown> }) =>
    res.headers['cache-control'] === 'no-store' && decodePlainPng(res.rawPayload).width === 256;
  const timed = async (app: FastifyInstance, url: string, remoteAddress: string) => {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url, remoteAddress });
    return { res, ms: performance.now() - started };
  };
  /** Each file as the whole 4 KiB blocks it takes, like the cap counts it. */
  const filesIn = (dir: string) =>
    (readdirSync(dir, { recursive: true }) as string[])
      .filter((name) => name.endsWith('.png'))
      .map((name) => ({
        name: name.split(path.sep).join('/'),
        blocks: Math.max(1, Math.ceil(statSync(path.join(dir, name)).size / 4096)),
      }));

  it('past its downloads for the minute an address gets placeholders and the upstream sees no more; kept tiles and other addresses are still served', async () => {
    const upstream = await fakeUpstream();
    const app = await tileApp({ light: upstream.template, fetchesPerMinute: 5 });
    try {
      const answers = [];
      for (let x = 100; x < 112; x++)
        answers.push(await app.inject({ method: 'GET', url: `/tiles/light/19/${x}/7.png`, remoteAddress: '10.0.0.1' }));
      expect(answers.map((res) => res.statusCode)).toEqual(Array(12).fill(200));
      expect(answers.slice(0, 5).every(isTile)).toBe(true);
      expect(answers.slice(5).every(isRefused)).toBe(true);
      expect(upstream.seen).toHaveLength(5);

      const kept = await app.inject({ method: 'GET', url: '/tiles/light/19/100/7.png', remoteAddress: '10.0.0.1' });
      expect(isTile(kept)).toBe(true);
      const other = await app.inject({ method: 'GET', url: '/tiles/light/19/200/7.png', remoteAddress: '10.0.0.2' });
      expect(isTile(other)).toBe(true);
      expect(upstream.seen).toHaveLength(6);
    } finally {
      await app.close();
      await upstream.close();
    }
  });

  it("another address's tile is answered promptly while one address asks for 300 distinct uncached tiles", async () => {
    const upstream = await fakeUpstream(undefined, { delayMs: 40 });
    // No per-address limit in the way: this is about the queue's turn order and its bound.
    const app = await tileApp({
      light: upstream.template,
      timeoutMs: 5000,
      fetchesPerMinute: 1000,
      queueLength: 20,
      queueWaitMs: 5000,
    });
    try {
      await app.inject({ method: 'GET', url: '/tiles/light/19/1/1.png', remoteAddress: '10.0.0.9' }); // the first fetch loads undici
      const before = upstream.seen.length;
      const flood = Array.from({ length: 300 }, (_, i) =>
        app.inject({ method: 'GET', url: `/tiles/light/19/${1000 + i}/2000.png`, remoteAddress: '10.0.0.1' }),
      );
      await vi.waitFor(() => expect(upstream.seen.length - before).toBeGreaterThanOrEqual(4), { timeout: 10_000 });

      const other = await timed(app, '/tiles/light/19/5/5.png', '10.0.0.2');
      const downloadsBeforeIt = upstream.seen.length - before;
      expect(isTile(other.res)).toBe(true);
      // Its turn came after one of the flood's: 4 under way + 1 + its own + what the other 3 slots did
      // meanwhile. Waiting behind the flood's queue of 20 would be at least 25 downloads.
      expect(downloadsBeforeIt).toBeLessThan(16);
      expect(other.ms).toBeLessThan(2000); // the whole flood at 4 × 40 ms would be 3 s

      const answers = await Promise.all(flood);
      expect(answers.every((res) => res.statusCode === 200)).toBe(true);
      expect(answers.filter(isRefused).length).toBeGreaterThan(200);
      expect(upstream.seen.length - before).toBeLessThan(60);
    } finally {
      await app.close();
      await upstream.close();
    }
  }, 20_000);

  it('the queue for the upstream is bounded and nobody waits longer than the short wait', async () => {
    const upstream = await fakeUpstream(undefined, { delayMs: 1000 });
    const app = await tileApp({ light: upstream.template, timeoutMs: 5000, queueLength: 3, queueWaitMs: 200 });
    try {
      // 20 addresses, one tile each: only the upstream slots (4) and the queue (3) are in the way.
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => timed(app, `/tiles/light/19/${i}/9.png`, `10.0.1.${i}`)),
      );
      const tiles = answers.filter(({ res }) => isTile(res));
      const refused = answers.filter(({ res }) => isRefused(res));
      expect(tiles).toHaveLength(4);
      expect(refused).toHaveLength(16);
      expect(upstream.seen).toHaveLength(4);
      // Refused before the first download (1 s) came back: 13 at once, 3 after waiting 200 ms.
      expect(Math.max(...refused.map(({ ms }) => ms))).toBeLessThan(900);
    } finally {
      await app.close();
      await upstream.close();
    }
  }, 20_000);

  it('keeps the cache folder under its cap, deleting the least recently used tile first', async () => {
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'farmstand-tiles-'));
    const upstream = await fakeUpstream();
    const app = await tileApp({ light: upstream.template, cacheDir, cacheBytes: 3 * 4096 });
    try {
      const get = (url: string) => app.inject({ method: 'GET', url });
      for (const y of [1, 2, 3]) expect(isTile(await get(`/tiles/light/9/1/${y}.png`))).toBe(true);
      await get('/tiles/light/9/1/1.png'); // used again: 9/1/2 is now the least recently used
      await get('/tiles/light/9/1/4.png');
      expect(
        filesIn(cacheDir)
          .map((file) => file.name)
          .sort(),
      ).toEqual(['light/9/1/1.png', 'light/9/1/3.png', 'light/9/1/4.png']);

      for (let y = 0; y < 10; y++) await get(`/tiles/dark/9/2/${y}.png`);
      const files = filesIn(cacheDir);
      expect(files).toHaveLength(3);
      expect(files.reduce((sum, file) => sum + file.blocks * 4096, 0)).toBeLessThanOrEqual(3 * 4096);
    } finally {
      await app.close();
      await upstream.close();
    }
  });

  it('a new instance trims a folder left over its cap, oldest tiles first', async () => {
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'farmstand-tiles-'));
    const upstream = await fakeUpstream();
    const first = await tileApp({ light: upstream.template, cacheDir });
    for (let y = 0; y < 5; y++) await first.inject({ method: 'GET', url: `/tiles/light/8/0/${y}.png` });
    await first.close();
    await upstream.close();
    const now = Date.now() / 1000;
    for (let y = 0; y < 5; y++) {
      const file = path.join(cacheDir, 'light', '8', '0', `${y}.png`);
      utimesSync(file, now, now - (5 - y) * 60); // fetched a minute apart, 8/0/0 first
    }

    const second = await tileApp({ light: 'http://127.0.0.1:9/{z}/{x}/{y}.png', cacheDir, cacheBytes: 2 * 4096 });
    try {
      expect(
        filesIn(cacheDir)
          .map((file) => file.name)
          .sort(),
      ).toEqual(['light/8/0/3.png', 'light/8/0/4.png']);
      expect(isTile(await second.inject({ method: 'GET', url: '/tiles/light/8/0/4.png' }))).toBe(true);
    } finally {
      await second.close();
    }
  });
});

describe('map tiles in the whole app', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => app.closeAll());

  it('serves tiles from our origin under the usual security headers, outside the API description', async () => {
    const res = await app.inject({ method: 'GET', url: '/tiles/light/0/0/0.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(String(res.headers['content-security-policy'])).toMatch(/img-src 'self'/);
    expect((await app.inject({ method: 'GET', url: '/tiles/light/0/1/0.png' })).statusCode).toBe(400);
    const paths = Object.keys((app.swagger() as { paths: Record<string, unknown> }).paths);
    expect(paths.some((p) => p.startsWith('/tiles'))).toBe(false);
  });
});
