import { gunzipSync } from 'node:zlib';
import { haversineMiles, PRODUCT_CATEGORIES } from '@farmstand/shared';
import { ProducerSearchQuery } from '@farmstand/shared/schemas/search';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { producers } from '../../db/schema';
import { boundingBox, type Point } from '../../lib/geo';
import { setUserStatus } from '../../test/factories';
import { buildProducer, buildProduct, setSubscription, type TestProducer } from '../../test/listing-factories';
import { buildTestApp, type TestApp } from '../../test/test-app';
import {
  alphabetical,
  latitudeOrderOf,
  type MapEntry,
  mapEntryOf,
  mapGridTuning,
  nearestWithin,
  type Viewport,
  type ViewportParts,
  viewportParts,
} from './producer-map-grid';
import { roundMiles } from './search.presenter';
import { loadMapProducers } from './search.repository';
import { POLL_MS } from './search-changes';

const LEXINGTON = { latitude: 38.0406, longitude: -84.5037 };
const GEORGETOWN = { latitude: 38.2098, longitude: -84.5588 }; // ~12 mi
const LOUISVILLE = { latitude: 38.2527, longitude: -85.7585 }; // ~70 mi

let app: TestApp;
let georgetown: TestProducer;
let louisville: TestProducer;

const mapIds = async (url: string) => {
  const response = await app.inject({ method: 'GET', url });
  return (response.json().producers as { id: number }[]).map((p) => p.id);
};
/**
 * Waits until a write shows on the map: the change feed polls every POLL_MS, so on a quiet machine
 * that is within a second (decision 121); the limit is generous because a busy test machine is slower.
 */
const untilTheFeedHasIt = { timeout: 15_000, interval: POLL_MS / 5 };

beforeAll(async () => {
  app = await buildTestApp();
  georgetown = await buildProducer(app, { farmName: 'Georgetown Dairy', ...GEORGETOWN });
  louisville = await buildProducer(app, { farmName: 'Louisville Orchard', ...LOUISVILLE, verified: true });
  await buildProduct(app, georgetown, { name: 'Raw Milk', category: 'dairy' });
  await buildProduct(app, louisville, { name: 'Apples', category: 'produce' });
  await buildProduct(app, louisville, { name: 'Cider', category: 'produce' });
});
afterEach(() => vi.restoreAllMocks());
afterAll(async () => app.closeAll());

describe('map answers from the in-memory snapshot', () => {
  it('filters by radius nearest first with exact distances, and counts products per producer', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/search/producers?lat=${LEXINGTON.latitude}&lng=${LEXINGTON.longitude}&radius=100`,
    });
    const body = response.json();
    expect(body.total).toBe(2);
    expect(body.producers.map((p: { id: number }) => p.id)).toEqual([georgetown.id, louisville.id]);
    expect(body.producers[0].distance).toBeCloseTo(
      haversineMiles(LEXINGTON.latitude, LEXINGTON.longitude, GEORGETOWN.latitude, GEORGETOWN.longitude),
      2,
    );
    expect(body.producers[1]).toMatchObject({ farm_name: 'Louisville Orchard', product_count: 2, verified: true });
    expect(await mapIds(`/api/search/producers?lat=${LEXINGTON.latitude}&lng=${LEXINGTON.longitude}&radius=25`)).toEqual([
      georgetown.id,
    ]);
    expect(await mapIds('/api/search/producers?category=produce')).toEqual([louisville.id]);
    expect(await mapIds('/api/search/producers?verified=true&category=dairy')).toEqual([]);
  });

  it("answers 'any distance' like no location, and gzips the shared answer for clients that accept it", async () => {
    const plain = await app.inject({ method: 'GET', url: '/api/search/producers' });
    const anyDistance = await app.inject({
      method: 'GET',
      url: `/api/search/producers?lat=${LEXINGTON.latitude}&lng=${LEXINGTON.longitude}&radius=999`,
    });
    expect(anyDistance.body).toBe(plain.body);
    expect(plain.json().producers.every((p: { distance: null }) => p.distance === null)).toBe(true);
    await vi.waitFor(async () => {
      const gzipped = await app.inject({ method: 'GET', url: '/api/search/producers', headers: { 'accept-encoding': 'gzip' } });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
    });
  });

  it('shows a new listing and hides a suspended producer within a second', async () => {
    expect(await mapIds('/api/search/producers')).toEqual([georgetown.id, louisville.id]);
    const newcomer = await buildProducer(app, { farmName: 'Another Farm', ...GEORGETOWN });
    await buildProduct(app, georgetown, { name: 'Butter', category: 'dairy' });
    await setUserStatus(app, louisville.id, 'suspended');

    await vi.waitFor(async () => {
      const response = await app.inject({ method: 'GET', url: '/api/search/producers' });
      const producers = response.json().producers as { id: number; product_count: number }[];
      expect(producers.map((p) => p.id)).toEqual([newcomer.id, georgetown.id]);
      expect(producers[1].product_count).toBe(2);
    }, untilTheFeedHasIt);
    await setUserStatus(app, louisville.id, 'active');
    await vi.waitFor(async () => expect(await mapIds('/api/search/producers')).toContain(louisville.id), untilTheFeedHasIt);
  });
});

describe('map answers by viewport and zoom', () => {
  const KENTUCKY = 'bbox=-89.6,36.5,-81.9,39.2';
  it('clusters producers that share a grid cell at a low zoom and counts them', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/search/producers?${KENTUCKY}&zoom=6` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBeGreaterThanOrEqual(2);
    const counted = body.producers.length + body.clusters.reduce((sum: number, c: { count: number }) => sum + c.count, 0);
    expect(counted).toBe(body.total);
    // Georgetown's farms (a few hundred metres apart) share a cell: one cluster with their bounds.
    const cluster = body.clusters.find((c: { count: number }) => c.count >= 2);
    expect(cluster).toMatchObject({ count: expect.any(Number), lat: expect.any(Number), lng: expect.any(Number) });
    expect(cluster.bounds).toHaveLength(4);
    expect(cluster.bounds[0]).toBeLessThanOrEqual(cluster.lat);
    expect(cluster.bounds[2]).toBeGreaterThanOrEqual(cluster.lat);
  });

  it("answers the spec's markers (same fields) once zoomed in, and only inside the viewport", async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/search/producers?bbox=-84.6,38.15,-84.5,38.25&zoom=16',
    });
    const body = response.json();
    expect(body.clusters).toEqual([]);
    expect(body.producers.length).toBeGreaterThanOrEqual(1);
    expect(Object.keys(body.producers[0]).sort()).toEqual(
      [
        'city',
        'description',
        'distance',
        'farm_name',
        'id',
        'lat',
        'lng',
        'product_count',
        'profile_image_url',
        'state',
        'verified',
      ].sort(),
    );
    expect(body.producers.map((p: { id: number }) => p.id)).not.toContain(louisville.id);
    const none = await app.inject({ method: 'GET', url: '/api/search/producers?bbox=-120,40,-119,41&zoom=10' });
    expect(none.json()).toEqual({ producers: [], clusters: [], total: 0 });
  });

  it('rejects a malformed viewport with a 400 naming the field', async () => {
    const bad = await app.inject({ method: 'GET', url: '/api/search/producers?bbox=1,2,3&zoom=5' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/bbox/);
    const zoom = await app.inject({ method: 'GET', url: `/api/search/producers?${KENTUCKY}&zoom=99` });
    expect(zoom.statusCode).toBe(400);
  });
});

/**
 * Decision 270's reference: the map's answers as they were computed before the grid (every
 * producer of the viewport's latitude band, one by one; the radius call over every producer in
 * alphabetical order, then a stable sort by distance), kept verbatim so the fast paths are
 * compared with it byte for byte.
 */
type ReferenceFilters = { verifiedOnly: boolean; category?: string; center?: Point; radiusMiles?: number };

function referenceViewport(entries: MapEntry[], filters: ReferenceFilters, viewport: Viewport, now: number): string {
  const order = [...entries].sort((a, b) => a.lat - b.lat);
  const cellDegrees = viewport.zoom >= 15 ? 0 : (360 / 2 ** viewport.zoom) * (60 / 256);
  const cells = new Map<number, { count: number; lat: number; lng: number; box: number[]; first: MapEntry }>();
  const { center, radiusMiles } = filters;
  let total = 0;
  for (const entry of order) {
    const { lat, lng } = entry;
    if (lat < viewport.minLat || lat > viewport.maxLat || lng < viewport.minLng || lng > viewport.maxLng) continue;
    if (!(entry.visibleUntil > now)) continue;
    if (filters.verifiedOnly && !entry.verified) continue;
    if (filters.category && !entry.categories.has(filters.category)) continue;
    if (center && radiusMiles !== undefined && haversineMiles(center.latitude, center.longitude, lat, lng) > radiusMiles)
      continue;
    total++;
    const key = cellDegrees
      ? (Math.floor(lat / cellDegrees) + 50_000) * 100_000 + (Math.floor(lng / cellDegrees) + 50_000)
      : entry.producerId;
    const cell = cells.get(key);
    if (!cell) {
      cells.set(key, { count: 1, lat, lng, box: [lat, lng, lat, lng], first: entry });
      continue;
    }
    cell.count++;
    cell.lat += lat;
    cell.lng += lng;
    if (lat < cell.box[0]) cell.box[0] = lat;
    if (lng < cell.box[1]) cell.box[1] = lng;
    if (lat > cell.box[2]) cell.box[2] = lat;
    if (lng > cell.box[3]) cell.box[3] = lng;
  }
  const markers: string[] = [];
  const clusters: string[] = [];
  const round = (value: number) => Math.round(value * 1e5) / 1e5;
  for (const cell of cells.values()) {
    if (cell.count === 1) {
      const first = cell.first;
      const miles = center ? roundMiles(haversineMiles(center.latitude, center.longitude, first.lat, first.lng)) : null;
      markers.push(`${first.head},"distance":${miles}}`);
    } else {
      const bounds = cell.box.map(round);
      clusters.push(
        JSON.stringify({ lat: round(cell.lat / cell.count), lng: round(cell.lng / cell.count), count: cell.count, bounds }),
      );
    }
  }
  return `{"producers":[${markers.join(',')}],"clusters":[${clusters.join(',')}],"total":${total}}`;
}

function referenceRadius(entries: MapEntry[], filters: ReferenceFilters & { center: Point; radiusMiles: number }, now: number) {
  const { center, radiusMiles } = filters;
  const box = boundingBox(center, radiusMiles);
  const near: { entry: MapEntry; miles: number }[] = [];
  for (const entry of [...entries].sort(alphabetical)) {
    if (box && (entry.lat < box.minLat || entry.lat > box.maxLat || entry.lng < box.minLng || entry.lng > box.maxLng)) continue;
    if (!(entry.visibleUntil > now)) continue;
    if (filters.verifiedOnly && !entry.verified) continue;
    if (filters.category && !entry.categories.has(filters.category)) continue;
    const miles = haversineMiles(center.latitude, center.longitude, entry.lat, entry.lng);
    if (miles <= radiusMiles) near.push({ entry, miles });
  }
  near.sort((a, b) => a.miles - b.miles);
  const items = near.map(({ entry, miles }) => `${entry.head},"distance":${roundMiles(miles)}}`);
  return `{"producers":[${items.join(',')}],"total":${near.length}}`;
}

const partsJson = (parts: ViewportParts) =>
  `{"producers":[${parts.markers.join(',')}],"clusters":[${parts.clusters.join(',')}],"total":${parts.total}}`;

/** A small seeded generator, so a failure can be replayed. */
function randomOf(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const between = (low: number, high: number) => low + next() * (high - low);
  return {
    next,
    between,
    int: (low: number, high: number) => Math.floor(between(low, high + 1)),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)],
  };
}

const cellDegreesOf = (zoom: number) => (360 / 2 ** zoom) * (60 / 256);

describe('the map answers as the straightforward walk did', () => {
  const T0 = 1_800_000_000_000;
  const HUBS = [
    { lat: 38.04, lng: -84.5, spread: 0.02 },
    { lat: 38.25, lng: -85.76, spread: 0.3 },
    { lat: 36.16, lng: -86.78, spread: 1.5 },
    { lat: 39.1, lng: -84.51, spread: 0.005 },
    { lat: 35, lng: -90, spread: 4 },
  ];
  let nextId = 1;
  const producerAt = (random: ReturnType<typeof randomOf>): MapEntry => {
    const hub = random.pick(HUBS);
    let lat = hub.lat + random.between(-1, 1) * hub.spread;
    let lng = hub.lng + random.between(-1, 1) * hub.spread;
    // Some sit exactly on a cell edge of some zoom, where a rounding slip would show.
    if (random.next() < 0.05) {
      const cell = cellDegreesOf(random.int(3, 14));
      lat = Math.round(lat / cell) * cell;
      lng = Math.round(lng / cell) * cell;
    }
    const visibleUntil = random.next() < 0.8 ? Infinity : T0 + random.between(-2000, 20_000);
    const id = nextId++;
    const farmName = `Farm ${random.int(1, 40)}`;
    return {
      producerId: id,
      lat,
      lng,
      verified: random.next() < 0.4,
      visibleUntil,
      farmName,
      categories: new Set(PRODUCT_CATEGORIES.filter(() => random.next() < 0.3)),
      head: JSON.stringify({ id, farm_name: farmName, lat, lng }).slice(0, -1),
    };
  };

  const filterOf = (random: ReturnType<typeof randomOf>): ReferenceFilters => ({
    verifiedOnly: random.next() < 0.3,
    category: random.next() < 0.3 ? random.pick(PRODUCT_CATEGORIES) : undefined,
  });

  const viewportOf = (random: ReturnType<typeof randomOf>): Viewport => {
    const zoom = random.int(0, 16);
    if (random.next() < 0.05) return { minLat: -90, maxLat: 90, minLng: -180, maxLng: 180, zoom };
    const hub = random.pick(HUBS);
    const width = (1280 / 256) * (360 / 2 ** zoom) * random.between(0.05, 1.5);
    const height = width * random.between(0.3, 0.8);
    const lat = hub.lat + random.between(-1, 1) * hub.spread;
    const lng = hub.lng + random.between(-1, 1) * hub.spread;
    const viewport = {
      minLat: lat - height / 2,
      maxLat: lat + height / 2,
      minLng: lng - width / 2,
      maxLng: lng + width / 2,
      zoom,
    };
    if (random.next() < 0.2 && zoom < 15) {
      // Edges on cell edges: a cell then lies wholly inside or wholly outside.
      const cell = cellDegreesOf(zoom);
      for (const side of ['minLat', 'maxLat', 'minLng', 'maxLng'] as const)
        viewport[side] = Math.round(viewport[side] / cell) * cell;
    }
    return viewport;
  };

  const tuning = { ...mapGridTuning };
  afterEach(() => Object.assign(mapGridTuning, tuning));

  it('answers every viewport byte for byte as the walk, through lapses by the clock and changes', () => {
    const random = randomOf(270);
    const entries: MapEntry[] = [];
    for (let i = 0; i < 4000; i++) entries.push(producerAt(random));
    // Ties in latitude keep the snapshot's order in both.
    for (let i = 0; i < 100; i++) entries.push({ ...producerAt(random), lat: random.pick(entries).lat });
    // Few grids kept, so grids are also dropped and built again.
    mapGridTuning.maxGrids = 6;
    let order = latitudeOrderOf(entries);
    let now = T0 - 1000;
    const mismatches: string[] = [];
    let compared = 0;
    for (let query = 0; query < 1500; query++) {
      if (query % 100 === 99) {
        // A change-feed apply: some producers move, leave or arrive; the order is built again.
        for (let k = 0; k < 30; k++) {
          const at = random.int(0, entries.length - 1);
          const roll = random.next();
          if (roll < 0.4) entries[at] = { ...producerAt(random), producerId: entries[at].producerId };
          else if (roll < 0.7) entries.splice(at, 1);
          else entries.push(producerAt(random));
        }
        order = latitudeOrderOf(entries);
      }
      // The clock mostly moves on (lapsing trials), and once in a while is set back.
      now += random.next() < 0.03 ? -random.between(0, 3000) : random.between(0, 40);
      const filters = filterOf(random);
      if (random.next() < 0.2) filters.center = { latitude: random.between(34, 40), longitude: random.between(-92, -82) };
      if (filters.center && random.next() < 0.6) filters.radiusMiles = random.pick([1, 10, 25, 100, 400]);
      const viewport = viewportOf(random);
      const expected = referenceViewport(entries, filters, viewport, now);
      for (const walkUpTo of [0, Infinity]) {
        mapGridTuning.walkUpTo = walkUpTo;
        const actual = partsJson(viewportParts(order, filters, viewport, now, filters.center, filters.radiusMiles));
        compared++;
        if (actual !== expected)
          mismatches.push(`query ${query} walkUpTo ${walkUpTo}: ${JSON.stringify({ filters, viewport, now })}`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(compared).toBe(3000);
  });

  it("answers the spec's radius call byte for byte as the walk over every producer (nearest first, ties alphabetical)", () => {
    const random = randomOf(271);
    const entries: MapEntry[] = [];
    for (let i = 0; i < 3000; i++) entries.push(producerAt(random));
    // Producers at one spot with the same name: equal distances fall back to name, then id.
    const spot = producerAt(random);
    for (let i = 0; i < 20; i++) entries.push({ ...spot, producerId: nextId++, farmName: `Farm ${random.int(1, 3)}` });
    const order = latitudeOrderOf(entries);
    const mismatches: string[] = [];
    for (let query = 0; query < 400; query++) {
      const now = T0 + random.between(-1000, 20_000);
      const hub = random.pick(HUBS);
      const center = query % 10 === 0 ? { latitude: spot.lat, longitude: spot.lng } : { latitude: hub.lat, longitude: hub.lng };
      const filters = { ...filterOf(random), center, radiusMiles: random.pick([0.5, 10, 25, 100, 1000]) };
      const near = nearestWithin(order, filters, center, filters.radiusMiles, now);
      const items = near.map(({ entry, miles }) => `${entry.head},"distance":${roundMiles(miles)}}`);
      const actual = `{"producers":[${items.join(',')}],"total":${near.length}}`;
      if (actual !== referenceRadius(entries, filters, now)) mismatches.push(JSON.stringify({ query, filters, now }));
    }
    expect(mismatches).toEqual([]);
  });

  describe('over HTTP, with the grid used at every zoom', () => {
    // Around Bowling Green, away from the farms above (whose equal coordinates would tie in order).
    const BOWLING_GREEN = { latitude: 36.99, longitude: -86.44 };
    const farms: TestProducer[] = [];
    const random = randomOf(272);

    beforeAll(async () => {
      for (let i = 0; i < 24; i++) {
        const spread = i < 12 ? 0.02 : 0.6;
        const farm = await buildProducer(app, {
          farmName: i % 5 === 0 ? `Café Ñandú ${i}` : `Bowling Green Farm ${i}`,
          latitude: BOWLING_GREEN.latitude + random.between(-1, 1) * spread,
          longitude: BOWLING_GREEN.longitude + random.between(-1, 1) * spread,
          verified: i % 3 === 0,
        });
        await buildProduct(app, farm, { name: 'Honey', category: i % 2 ? 'honey' : 'eggs' });
        farms.push(farm);
      }
    });

    /** The calls a map makes around Bowling Green: viewports at every zoom, with filters, and radius calls. */
    const calls = () => {
      const urls: string[] = [];
      for (let zoom = 3; zoom <= 16; zoom++) {
        const width = (1280 / 256) * (360 / 2 ** zoom) * 0.5;
        const height = width * 0.6;
        const { latitude, longitude } = BOWLING_GREEN;
        const bbox = [longitude - width / 2, latitude - height / 2, longitude + width / 2, latitude + height / 2].map((v) =>
          v.toFixed(4),
        );
        for (const filter of [
          '',
          '&verified=true',
          '&category=honey',
          `&lat=${latitude}&lng=${longitude}&radius=25`,
          `&lat=${latitude}&lng=${longitude}&radius=999`,
        ])
          urls.push(`/api/search/producers?bbox=${bbox.join(',')}&zoom=${zoom}${filter}`);
      }
      for (const radius of [1, 10, 25, 100]) {
        urls.push(`/api/search/producers?lat=${BOWLING_GREEN.latitude}&lng=${BOWLING_GREEN.longitude}&radius=${radius}`);
        urls.push(
          `/api/search/producers?lat=${BOWLING_GREEN.latitude}&lng=${BOWLING_GREEN.longitude}&radius=${radius}&verified=true`,
        );
      }
      return urls;
    };

    /** The reference's answer to a URL, from the database's producers right now. */
    const referenceFor = async (url: string, now: number) => {
      const entries = (await loadMapProducers(app.ctx.db)).map(mapEntryOf);
      const query = ProducerSearchQuery.parse(Object.fromEntries(new URL(url, 'http://x').searchParams));
      const center =
        query.lat !== undefined && query.lng !== undefined ? { latitude: query.lat, longitude: query.lng } : undefined;
      const radiusMiles = center && (query.radius ?? 25) < 999 ? (query.radius ?? 25) : undefined;
      const filters = { verifiedOnly: query.verified === 'true', category: query.category, center, radiusMiles };
      if (!query.bbox)
        return referenceRadius(entries, { ...filters, center: center as Point, radiusMiles: radiusMiles as number }, now);
      const [west, south, east, north] = query.bbox;
      return referenceViewport(
        entries,
        filters,
        { minLat: south, minLng: west, maxLat: north, maxLng: east, zoom: query.zoom ?? 12 },
        now,
      );
    };

    /** Every call answers as the reference, both at one instant, `later` ms from now. */
    const allAnswerAsTheReference = async (later = 0) => {
      const realClock = app.ctx.clock;
      for (const url of calls()) {
        const now = Date.now() + later;
        app.ctx.clock = { now: () => new Date(now) };
        try {
          const response = await app.inject({ method: 'GET', url });
          expect({ url, body: response.body }).toEqual({ url, body: await referenceFor(url, now) });
        } finally {
          app.ctx.clock = realClock;
        }
      }
    };

    it('answers viewports and radius calls byte for byte, through changes from the feed and a trial lapsing', async () => {
      mapGridTuning.walkUpTo = 0;
      await vi.waitFor(allAnswerAsTheReference, untilTheFeedHasIt);

      // Changes through the feed: a farm moves into the cluster, one arrives, one is suspended.
      await app.ctx.db
        .update(producers)
        .set({ latitude: 37.0001, longitude: -86.4402 })
        .where(eq(producers.id, farms[20].producerId));
      const newcomer = await buildProducer(app, { farmName: 'Newcomer Orchard', latitude: 36.9876, longitude: -86.4321 });
      await buildProduct(app, newcomer, { name: 'Pears', category: 'honey' });
      await setUserStatus(app, farms[3].id, 'suspended');
      await vi.waitFor(allAnswerAsTheReference, untilTheFeedHasIt);

      // A trial that ends by the clock: no change arrives then, so the grids built before must leave it out.
      // The rename shows when the feed has applied both writes (it reloads the producer whole).
      const endsAt = Date.now() + 3_600_000;
      await setSubscription(app, farms[1].id, { status: 'trialing', trialEndsAt: new Date(endsAt) });
      await app.ctx.db.update(producers).set({ farmName: 'Lapsing Acres' }).where(eq(producers.id, farms[1].producerId));
      await vi.waitFor(async () => {
        const body = (await app.inject({ method: 'GET', url: '/api/search/producers?bbox=-87,36.5,-86,37.5&zoom=16' })).body;
        expect(body).toContain('Lapsing Acres');
      }, untilTheFeedHasIt);
      await allAnswerAsTheReference();
      // Then the clock passes the trial's end.
      await allAnswerAsTheReference(endsAt + 200 - Date.now());
      const realClock = app.ctx.clock;
      app.ctx.clock = { now: () => new Date(endsAt + 200) };
      try {
        const late = await app.inject({ method: 'GET', url: '/api/search/producers?bbox=-87,36.5,-86,37.5&zoom=16' });
        expect(late.body).not.toContain('Lapsing Acres');
      } finally {
        app.ctx.clock = realClock;
      }
    }, 90_000);
  });
});
