import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { DAY_MS } from '@farmstand/shared/format/date-only';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Map tiles from our own origin (docs/decisions/167): `GET /tiles/{style}/{z}/{x}/{y}.png`, fetched
 * from the upstream tile server with an identifying User-Agent (OpenStreetMap's tile usage policy),
 * kept in memory and on disk, and served with ordinary HTTP caching. When the upstream cannot be
 * reached the answer is a plain neutral tile (200, cached for a minute), so the browser shows an
 * empty map background instead of logging a failed request per tile.
 *
 * One visitor must not be able to fill the disk, download in bulk through us (which OpenStreetMap's
 * policy forbids) or make everyone else's map wait: each client address gets a number of upstream
 * downloads a minute (tiles already kept are always served), downloads wait their turn address by
 * address in a bounded queue for a short time, and the disk cache has a size cap with least recently
 * used eviction. Past a limit the answer is the plain tile, not kept by the browser.
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
  /** Upstream downloads one client address (request.ip) may cause per minute. */
  fetchesPerMinute?: number;
  /** Downloads that may wait for a free upstream slot, all addresses together. */
  queueLength?: number;
  /** A download that waited this long for a slot gives up (placeholder). */
  queueWaitMs?: number;
  /** Disk cache cap; each file counts as whole 4 KiB blocks. */
  cacheBytes?: number;
};

const TILE_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';
const PLACEHOLDER_CACHE_CONTROL = 'public, max-age=60';
/** A tile refused for a limit may be there a moment later: the browser asks again next time. */
const REFUSED_CACHE_CONTROL = 'no-store';
/** OpenStreetMap's policy asks for few parallel downloads; more wait their turn. */
const MAX_PARALLEL_FETCHES = 4;
/** Counted per file on disk, so a flood of tiny tiles cannot use up inodes under a byte cap. */
const DISK_BLOCK = 4096;
const MB = 1024 * 1024;
const MAX_TILE_BYTES = 512 * 1024;
const NUMBER = /^(0|[1-9]\d{0,6})$/;
/** Land colours of the two styles, so an unreachable upstream looks like an empty map, not an error. */
const PLACEHOLDER_RGB: Record<TileStyle, [number, number, number]> = { light: [242, 239, 233], dark: [38, 38, 38] };

type Tile = { style: TileStyle; z: number; x: number; y: number };
type Kept = { bytes: Buffer; fetchedAt: number };
/** `limited`: the address used its downloads for this minute; `busy`: no upstream slot in time. */
type Fetched = ({ kind: 'tile' } & Kept) | { kind: 'missing' } | { kind: 'unreachable' } | { kind: 'limited' } | { kind: 'busy' };

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
  const { cacheDir } = opts;
  // All of this instance's state lives here, per registration: the caches, the downloads under way
  // and the per-address counts belong to this server's tile cache and go with it on close.
  const memory = new Lru<Kept>(opts.memoryBytes ?? 32 * MB, (kept) => kept.bytes.length);
  /** What is in cacheDir, by tile key, in bytes on disk; least recently used first. */
  const disk = new Lru<number>(opts.cacheBytes ?? 200 * MB, (size) => size);
  const inFlight = new Map<string, Promise<Fetched>>();
  const allowance = new Allowance(opts.fetchesPerMinute ?? 120);
  const slots = new FairSlots(MAX_PARALLEL_FETCHES, opts.queueLength ?? 100, opts.queueWaitMs ?? 1000);
  const placeholders = Object.fromEntries(TILE_STYLES.map((style) => [style, plainPng(256, PLACEHOLDER_RGB[style])])) as Record<
    TileStyle,
    Buffer
  >;
  /** Per style: until when the upstream is taken as down. */
  const downUntil: Record<TileStyle, number> = { light: 0, dark: 0 };

  const keyOf = (t: Tile) => `${t.style}/${t.z}/${t.x}/${t.y}`;
  const fileOfKey = (key: string) => (cacheDir ? path.join(cacheDir, `${key}.png`) : null);

  const onDisk = (bytes: number) => Math.max(1, Math.ceil(bytes / DISK_BLOCK)) * DISK_BLOCK;
  /** Records a file in the disk index and deletes what that pushes past the cap. */
  async function keepOnDisk(key: string, bytes: number): Promise<void> {
    const evicted = disk.set(key, onDisk(bytes));
    await Promise.all(evicted.map((old) => rm(fileOfKey(old) as string, { force: true }).catch(() => {})));
  }

  /** The files already in the folder, oldest first (by when they were fetched), trimmed to the cap. */
  async function indexDisk(): Promise<void> {
    if (!cacheDir) return;
    const names = await readdir(cacheDir, { recursive: true }).catch(() => [] as string[]);
    const tiles = names.map((name) => name.split(path.sep).join('/')).filter((name) => TILE_FILE.test(name));
    const found = await Promise.all(
      tiles.map((name) =>
        stat(path.join(cacheDir, name)).then(
          (info) => ({ key: name.slice(0, -'.png'.length), size: info.size, mtime: info.mtimeMs }),
          () => null,
        ),
      ),
    );
    const files = found.filter((file) => file !== null).sort((a, b) => a.mtime - b.mtime);
    for (const file of files) await keepOnDisk(file.key, file.size);
  }
  await indexDisk();

  async function readDisk(key: string): Promise<Kept | null> {
    const file = fileOfKey(key);
    if (!file) return null;
    try {
      // One after the other: a tile not on disk (every tile of a flood of new ones) costs one call.
      const bytes = await readFile(file);
      const info = await stat(file);
      // Also picks up a file another instance on the same folder wrote.
      if (disk.get(key) === undefined) await keepOnDisk(key, bytes.length);
      return { bytes, fetchedAt: info.mtimeMs };
    } catch {
      return null;
    }
  }

  async function writeDisk(key: string, bytes: Buffer): Promise<void> {
    const file = fileOfKey(key);
    if (!file) return;
    try {
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, file);
      await keepOnDisk(key, bytes.length);
    } catch (error) {
      app.log.warn({ err: error, file }, 'could not keep a map tile on disk');
    }
  }

  async function fetchUpstream(tile: Tile, address: string): Promise<Fetched> {
    if (Date.now() < downUntil[tile.style]) return { kind: 'unreachable' };
    if (!allowance.take(address)) return { kind: 'limited' };
    const url = opts.upstreams[tile.style]
      .replace('{z}', String(tile.z))
      .replace('{x}', String(tile.x))
      .replace('{y}', String(tile.y));
    if (!(await slots.acquire(address))) {
      // Nothing was downloaded, so it does not count against the address.
      allowance.giveBack(address);
      return { kind: 'busy' };
    }
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
      slots.release();
    }
  }

  /**
   * Memory, then disk, then the upstream (one download per tile however many ask at once; the
   * address that starts it is the one it counts against).
   */
  async function tileFor(tile: Tile, address: string): Promise<Fetched> {
    const key = keyOf(tile);
    const now = Date.now();
    const inMemory = memory.get(key);
    if (inMemory && now - inMemory.fetchedAt < maxAgeMs) {
      disk.get(key); // the file was used too, for the disk's eviction order
      return { kind: 'tile', ...inMemory };
    }
    let job = inFlight.get(key);
    if (!job) {
      job = (async (): Promise<Fetched> => {
        const kept = inMemory ?? (await readDisk(key));
        if (kept && now - kept.fetchedAt < maxAgeMs) {
          memory.set(key, kept);
          return { kind: 'tile', ...kept };
        }
        const fetched = await fetchUpstream(tile, address);
        if (fetched.kind === 'tile') {
          memory.set(key, fetched);
          await writeDisk(key, fetched.bytes);
          return fetched;
        }
        // An old copy beats a placeholder.
        if (fetched.kind !== 'missing' && kept) return { kind: 'tile', ...kept };
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
      const result = await tileFor(tile, request.ip);
      if (result.kind === 'tile') return send(reply, result.bytes, TILE_CACHE_CONTROL);
      if (result.kind === 'missing') return reply.status(404).send({ message: 'No such tile' });
      if (result.kind === 'unreachable') return send(reply, placeholders[tile.style], PLACEHOLDER_CACHE_CONTROL);
      return send(reply, placeholders[tile.style], REFUSED_CACHE_CONTROL);
    },
  );
});

/** A path inside the cache folder that is a tile (not a temporary file of a write under way). */
const TILE_FILE = /^(light|dark)\/\d+\/\d+\/\d+\.png$/;

/**
 * Least recently used entries go first once the total size passes the limit; `set` returns the
 * keys it pushed out (the memory cache drops them, the disk cache deletes their files).
 */
class Lru<T> {
  private entries = new Map<string, T>();
  private total = 0;
  constructor(
    private readonly maxSize: number,
    private readonly sizeOf: (value: T) => number,
  ) {}
  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (entry !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }
  set(key: string, value: T): string[] {
    const old = this.entries.get(key);
    if (old !== undefined) this.total -= this.sizeOf(old);
    this.entries.delete(key);
    this.entries.set(key, value);
    this.total += this.sizeOf(value);
    const evicted: string[] = [];
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.maxSize) break;
      this.entries.delete(oldest);
      this.total -= this.sizeOf(entry);
      evicted.push(oldest);
    }
    return evicted;
  }
}

/**
 * Upstream downloads per client address in fixed one-minute windows. Memory stays bounded: the
 * counts are dropped every minute, and past MAX_ADDRESSES in one minute the further addresses share
 * one count (a flood from very many addresses then limits itself, and only itself, to one budget).
 */
class Allowance {
  private static readonly MAX_ADDRESSES = 10_000;
  private static readonly OTHERS = '';
  private counts = new Map<string, number>();
  private windowStart = 0;
  constructor(private readonly perMinute: number) {}
  private keyOf(address: string): string {
    const now = Date.now();
    if (now - this.windowStart >= 60_000) {
      this.counts.clear();
      this.windowStart = now;
    }
    return this.counts.has(address) || this.counts.size < Allowance.MAX_ADDRESSES ? address : Allowance.OTHERS;
  }
  take(address: string): boolean {
    const key = this.keyOf(address);
    const used = this.counts.get(key) ?? 0;
    if (used >= this.perMinute) return false;
    this.counts.set(key, used + 1);
    return true;
  }
  giveBack(address: string): void {
    const key = this.keyOf(address);
    const used = this.counts.get(key);
    if (used) this.counts.set(key, used - 1);
  }
}

type Waiter = { grant: (granted: boolean) => void; timer: NodeJS.Timeout };

/**
 * At most `size` downloads at a time. The others wait in one queue per address, and a free slot goes
 * to the addresses in turn, so one address's backlog never stands in front of another's tile. At most
 * `maxWaiting` wait in all: when that is full, the longest backlog gives up its newest waiter to a
 * newcomer with a shorter one. Nobody waits longer than `waitMs`. `acquire` answers false when no
 * slot came; `release` is called once for every true.
 */
class FairSlots {
  private active = 0;
  private waiting = 0;
  /** Insertion order is the turn order: an address that was served goes to the back. */
  private queues = new Map<string, Waiter[]>();
  constructor(
    private readonly size: number,
    private readonly maxWaiting: number,
    private readonly waitMs: number,
  ) {}

  acquire(address: string): Promise<boolean> {
    if (this.active < this.size) {
      this.active++;
      return Promise.resolve(true);
    }
    return new Promise((grant) => {
      if (this.waiting >= this.maxWaiting && !this.dropFromLongest(address)) return grant(false);
      const waiter: Waiter = {
        grant,
        timer: setTimeout(() => {
          this.remove(address, waiter);
          grant(false);
        }, this.waitMs),
      };
      const queue = this.queues.get(address);
      if (queue) queue.push(waiter);
      else this.queues.set(address, [waiter]);
      this.waiting++;
    });
  }

  release(): void {
    const first = this.queues.entries().next();
    if (first.done) {
      this.active--;
      return;
    }
    const [address, queue] = first.value;
    const waiter = queue.shift() as Waiter;
    this.queues.delete(address);
    if (queue.length > 0) this.queues.set(address, queue);
    this.waiting--;
    clearTimeout(waiter.timer);
    waiter.grant(true); // the slot passes straight on, so `active` stays
  }

  private dropFromLongest(address: string): boolean {
    const own = this.queues.get(address)?.length ?? 0;
    let longest: string | undefined;
    let longestLength = own + 1;
    for (const [other, queue] of this.queues) {
      if (queue.length > longestLength) {
        longest = other;
        longestLength = queue.length;
      }
    }
    if (longest === undefined) return false;
    const dropped = this.queues.get(longest)?.at(-1) as Waiter;
    this.remove(longest, dropped);
    clearTimeout(dropped.timer);
    dropped.grant(false);
    return true;
  }

  private remove(address: string, waiter: Waiter): void {
    const queue = this.queues.get(address);
    const at = queue?.indexOf(waiter) ?? -1;
    if (!queue || at < 0) return;
    queue.splice(at, 1);
    this.waiting--;
    if (queue.length === 0) this.queues.delete(address);
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
