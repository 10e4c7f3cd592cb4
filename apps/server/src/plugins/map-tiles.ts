import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Map tiles from our own origin (docs/decisions/167): `GET /tiles/{style}/{z}/{x}/{y}.png`, fetched
 * from the upstream tile server with an identifying User-Agent (OpenStreetMap's tile usage policy),
 * kept in memory and on disk, and served with ordinary HTTP caching. When the upstream cannot be
 * reached the answer is a plain neutral tile (200, cached for a minute), so the browser shows an
 * empty map background instead of logging a failed request per tile.
 */

export type TileStyle = 'light' | 'dark';
export const TILE_STYLES: readonly TileStyle[] = ['light', 'dark'];
/** The web map's highest zoom (producers-map.tsx MAX_ZOOM). */
export const MAX_TILE_ZOOM = 19;

export const DEFAULT_TILE_UPSTREAMS: Record<TileStyle, string> = {
  light: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  dark: 'https://a.basemaps.cartocdn.com/dark_all/{z}/{x}/{y}.png',
};

export type MapTilesOptions = {
  /** URL templates with {z}, {x} and {y}. */
  upstreams: Record<TileStyle, string>;
  /** Disk cache folder; memory only when absent. */
  cacheDir?: string;
  userAgent: string;
  /** An upstream answer slower than this counts as unreachable. */
  timeoutMs?: number;
  /** After a failure, answer placeholders without asking the upstream for this long. */
  retryAfterMs?: number;
  /** A tile kept longer than this is fetched again (the stale copy is served if that fails). */
  maxAgeMs?: number;
  memoryBytes?: number;
};

const DAY_MS = 86_400_000;
const TILE_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';
const PLACEHOLDER_CACHE_CONTROL = 'public, max-age=60';
/** OpenStreetMap's policy asks for few parallel downloads; more wait their turn. */
const MAX_PARALLEL_FETCHES = 4;
const MAX_TILE_BYTES = 512 * 1024;
const NUMBER = /^(0|[1-9]\d{0,6})$/;
/** Land colours of the two styles, so an unreachable upstream looks like an empty map, not an error. */
const PLACEHOLDER_RGB: Record<TileStyle, [number, number, number]> = { light: [242, 239, 233], dark: [38, 38, 38] };

type Tile = { style: TileStyle; z: number; x: number; y: number };
type Fetched = { kind: 'tile'; bytes: Buffer; fetchedAt: number } | { kind: 'missing' } | { kind: 'unreachable' };

/** The tile a path names, or the reason it names none (every check before any I/O). */
export function parseTile(params: {
  style: string;
  z: string;
  x: string;
  y: string;
}): Tile | { error: string; status: 400 | 404 } {
  if (!TILE_STYLES.includes(params.style as TileStyle)) return { error: 'Unknown map style', status: 404 };
  const file = /^(.+)\.png$/.exec(params.y);
  const parts = [params.z, params.x, file?.[1] ?? ''];
  if (!parts.every((part) => NUMBER.test(part)))
    return { error: 'A tile is /tiles/{style}/{z}/{x}/{y}.png with whole numbers', status: 400 };
  const [z, x, y] = parts.map(Number) as [number, number, number];
  if (z > MAX_TILE_ZOOM) return { error: `Zoom must be between 0 and ${MAX_TILE_ZOOM}`, status: 400 };
  const size = 2 ** z;
  if (x >= size || y >= size) return { error: `At zoom ${z}, x and y must be below ${size}`, status: 400 };
  return { style: params.style as TileStyle, z, x, y };
}

export const mapTilesPlugin = fp(async (app: FastifyInstance, opts: MapTilesOptions) => {
  const timeoutMs = opts.timeoutMs ?? 1500;
  const retryAfterMs = opts.retryAfterMs ?? 30_000;
  const maxAgeMs = opts.maxAgeMs ?? 7 * DAY_MS;
  const memory = new LruBytes(opts.memoryBytes ?? 32 * 1024 * 1024);
  const inFlight = new Map<string, Promise<Fetched>>();
  const slots = new Semaphore(MAX_PARALLEL_FETCHES);
  const placeholders = Object.fromEntries(TILE_STYLES.map((style) => [style, plainPng(256, PLACEHOLDER_RGB[style])])) as Record<
    TileStyle,
    Buffer
  >;
  /** Per style: until when the upstream is taken as down. */
  const downUntil: Record<TileStyle, number> = { light: 0, dark: 0 };

  const keyOf = (t: Tile) => `${t.style}/${t.z}/${t.x}/${t.y}`;
  const fileOf = (t: Tile) => (opts.cacheDir ? path.join(opts.cacheDir, t.style, String(t.z), String(t.x), `${t.y}.png`) : null);

  async function readDisk(tile: Tile): Promise<{ bytes: Buffer; fetchedAt: number } | null> {
    const file = fileOf(tile);
    if (!file) return null;
    try {
      const [bytes, info] = await Promise.all([readFile(file), stat(file)]);
      return { bytes, fetchedAt: info.mtimeMs };
    } catch {
      return null;
    }
  }

  async function writeDisk(tile: Tile, bytes: Buffer): Promise<void> {
    const file = fileOf(tile);
    if (!file) return;
    try {
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, file);
    } catch (error) {
      app.log.warn({ err: error, file }, 'could not keep a map tile on disk');
    }
  }

  async function fetchUpstream(tile: Tile): Promise<Fetched> {
    if (Date.now() < downUntil[tile.style]) return { kind: 'unreachable' };
    const url = opts.upstreams[tile.style]
      .replace('{z}', String(tile.z))
      .replace('{x}', String(tile.x))
      .replace('{y}', String(tile.y));
    const release = await slots.acquire();
    try {
      // Another request may have found the upstream down while this one waited for its turn.
      if (Date.now() < downUntil[tile.style]) return { kind: 'unreachable' };
      const response = await fetch(url, {
        headers: { 'user-agent': opts.userAgent, accept: 'image/png,image/*;q=0.8' },
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'follow',
      });
      if (response.status === 404) return { kind: 'missing' };
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || !type.startsWith('image/')) throw new Error(`upstream answered ${response.status} ${type}`);
      const bytes = Buffer.from(await response.arrayBuffer());
      if (bytes.length === 0 || bytes.length > MAX_TILE_BYTES) throw new Error(`upstream tile of ${bytes.length} bytes`);
      downUntil[tile.style] = 0;
      return { kind: 'tile', bytes, fetchedAt: Date.now() };
    } catch (error) {
      downUntil[tile.style] = Date.now() + retryAfterMs;
      app.log.warn({ err: error, url }, 'map tile upstream unreachable; serving placeholder tiles for a while');
      return { kind: 'unreachable' };
    } finally {
      release();
    }
  }

  /** Memory, then disk, then the upstream (one download per tile however many ask at once). */
  async function tileFor(tile: Tile): Promise<Fetched> {
    const key = keyOf(tile);
    const now = Date.now();
    const inMemory = memory.get(key);
    if (inMemory && now - inMemory.fetchedAt < maxAgeMs) return { kind: 'tile', ...inMemory };
    let job = inFlight.get(key);
    if (!job) {
      job = (async (): Promise<Fetched> => {
        const onDisk = inMemory ?? (await readDisk(tile));
        if (onDisk && now - onDisk.fetchedAt < maxAgeMs) {
          memory.set(key, onDisk);
          return { kind: 'tile', ...onDisk };
        }
        const fetched = await fetchUpstream(tile);
        if (fetched.kind === 'tile') {
          memory.set(key, fetched);
          await writeDisk(tile, fetched.bytes);
          return fetched;
        }
        // An old copy beats a placeholder.
        if (fetched.kind === 'unreachable' && onDisk) return { kind: 'tile', ...onDisk };
        return fetched;
      })().finally(() => inFlight.delete(key));
      inFlight.set(key, job);
    }
    return job;
  }

  const send = (reply: FastifyReply, bytes: Buffer, cacheControl: string) =>
    reply.type('image/png').header('cache-control', cacheControl).send(bytes);

  app.get<{ Params: { style: string; z: string; x: string; y: string } }>(
    '/tiles/:style/:z/:x/:y',
    { schema: { hide: true }, config: { access: 'public' } },
    async (request, reply) => {
      const tile = parseTile(request.params);
      if ('error' in tile) return reply.status(tile.status).send({ message: tile.error });
      const result = await tileFor(tile);
      if (result.kind === 'tile') return send(reply, result.bytes, TILE_CACHE_CONTROL);
      if (result.kind === 'missing') return reply.status(404).send({ message: 'No such tile' });
      return send(reply, placeholders[tile.style], PLACEHOLDER_CACHE_CONTROL);
    },
  );
});

/** Least recently used entries go first once the total size passes the limit. */
class LruBytes {
  private entries = new Map<string, { bytes: Buffer; fetchedAt: number }>();
  private total = 0;
  constructor(private readonly maxBytes: number) {}
  get(key: string) {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }
  set(key: string, entry: { bytes: Buffer; fetchedAt: number }) {
    const old = this.entries.get(key);
    if (old) this.total -= old.bytes.length;
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.total += entry.bytes.length;
    for (const [oldest, value] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.total -= value.bytes.length;
    }
  }
}

class Semaphore {
  private waiting: (() => void)[] = [];
  private active = 0;
  constructor(private readonly size: number) {}
  async acquire(): Promise<() => void> {
    if (this.active >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    return () => {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    };
  }
}

/** A one-colour PNG (8-bit RGB), made once at start. */
export function plainPng(size: number, [r, g, b]: [number, number, number]): Buffer {
  const row = Buffer.alloc(1 + size * 3);
  for (let i = 0; i < size; i++) row.set([r, g, b], 1 + i * 3);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
