import { createRandom } from '../../apps/server/src/seed/random';
import { TARGETS } from '../lib/config';
import { measureDiscardingBodies } from '../lib/discarding-load';
import { type LoadFigures, measure, probe, rotate, waitUntilIdle } from '../lib/load';
import { addTable, ms, verdict } from '../lib/report';
import { defineSection } from '../lib/section';

/** Term and category pairs as shoppers type them, one with a typo that trigram similarity must still find. */
const SEARCHES: [string, string][] = [
  ['sourdough', 'bread'],
  ['sourdogh', 'bread'],
  ['honey', 'honey'],
  ['eggs', 'eggs'],
  ['tomatoes', 'produce'],
  ['beef', 'meat'],
  ['jam', 'jellies'],
  ['cheese', 'dairy'],
  ['pie', 'baked_goods'],
  ['bacon', 'meat'],
  ['chicken', 'poultry'],
  ['pickles', 'preserved_foods'],
  ['apples', 'produce'],
  ['syrup', 'other'],
  ['peach', 'jellies'],
  ['butter', 'dairy'],
  ['herdshare', 'herdshare'],
  ['goat milk', 'pet_food'],
  ['cookies', 'baked_goods'],
  ['duck', 'eggs'],
];

type Row = {
  label: string;
  paths: string[];
  target: string;
  meets?: (f: LoadFigures) => boolean;
  /** Request headers, e.g. the Accept-Encoding a browser sends (autocannon sends none). */
  headers?: Record<string, string>;
  /** Megabyte answers: measured with a client that discards bodies (see discarding-load.ts). */
  largeBody?: boolean;
};

export default defineSection({
  name: 'http-api',
  async run({ server, samples, options }) {
    const random = createRandom(7);
    const place = (i: number) => samples.places[i % samples.places.length];
    const productSearch = random.shuffle(
      SEARCHES.flatMap(([term, category]) =>
        samples.places.map(
          (p) =>
            `/api/search/products?search=${encodeURIComponent(term)}&category=${category}&latitude=${p.latitude}&longitude=${p.longitude}&radius=25`,
        ),
      ),
    );
    const rows: Row[] = [
      { label: 'GET /api/ping (ceiling)', paths: ['/api/ping'], target: '—' },
      {
        label: 'product page',
        paths: samples.productIds.map((id) => `/api/products/${id}`),
        target: `p95 ≤ ${TARGETS.productPageP95Ms} ms`,
        meets: (f) => f.p95 <= TARGETS.productPageP95Ms,
      },
      {
        label: 'product search (text+category+25 mi)',
        paths: productSearch,
        target: `p95 ≤ ${TARGETS.productSearchP95Ms} ms, ≥ ${TARGETS.productSearchRps} req/s`,
        meets: (f) => f.p95 <= TARGETS.productSearchP95Ms && f.rps >= TARGETS.productSearchRps,
      },
      {
        label: 'map search, 50 mi',
        paths: samples.places.map((_, i) => `/api/search/producers?lat=${place(i).latitude}&lng=${place(i).longitude}&radius=50`),
        target: `p95 ≤ ${TARGETS.mapSearchP95Ms} ms`,
        meets: (f) => f.p95 <= TARGETS.mapSearchP95Ms,
      },
      {
        label: 'map search, any distance (999)',
        paths: samples.places.map(
          (_, i) => `/api/search/producers?lat=${place(i).latitude}&lng=${place(i).longitude}&radius=999`,
        ),
        largeBody: true,
        target: `p95 ≤ ${TARGETS.mapSearchP95Ms} ms`,
        meets: (f) => f.p95 <= TARGETS.mapSearchP95Ms,
      },
      {
        // What the map screen itself asks for 'Any distance' (spec 01 §7: no location), with a browser's Accept-Encoding.
        label: 'map search, any distance, as the map screen asks (gzip)',
        paths: ['/api/search/producers'],
        headers: { 'accept-encoding': 'gzip, deflate, br' },
        largeBody: true,
        target: `p95 ≤ ${TARGETS.mapSearchP95Ms} ms`,
        meets: (f) => f.p95 <= TARGETS.mapSearchP95Ms,
      },
    ];

    const table = addTable(`HTTP API (${options.durationSeconds} s per run; req/s at 50 connections, latency at 10)`, [
      'endpoint',
      'req/s',
      'p50',
      'p95',
      'p99',
      'non-2xx',
      'target',
      'verdict',
    ]);
    table.notes.push('Client (autocannon) and server share the 2 cores, as on the target machine.');
    table.notes.push(
      'The any-distance map rows (megabyte answers) use a Node http client that discards bodies: autocannon buffers every body into a string and would measure itself.',
    );
    // Cheapest first: a slow endpoint's leftover queries must not land on a fast one's figures.
    for (const row of rows) {
      if (!(await waitUntilIdle(server.url))) table.notes.push(`before ${row.label}: the server was still busy after 120 s`);
      const check = await probe(server.url, row.paths[0]);
      if (!check.available) {
        table.rows.push({
          endpoint: row.label,
          target: row.target,
          verdict: check.detail === 'not available yet' ? 'not available yet' : `HTTP ${check.status}`,
        });
        if (check.detail !== 'not available yet') table.notes.push(`${row.label}: HTTP ${check.status} ${check.detail}`);
        console.log(`  ${row.label}: ${check.detail === 'not available yet' ? 'not available yet' : `HTTP ${check.status}`}`);
        continue;
      }
      console.log(`  measuring ${row.label} over ${row.paths.length} distinct paths…`);
      const figures = row.largeBody
        ? await measureDiscardingBodies(server.url, rotate(row.paths), options.durationSeconds, row.headers)
        : await measure(server.url, rotate(row.paths), options.durationSeconds, row.headers);
      table.rows.push({
        endpoint: row.label,
        'req/s': Math.round(figures.rps).toLocaleString('en-US'),
        p50: ms(figures.p50),
        p95: ms(figures.p95),
        p99: ms(figures.p99),
        'non-2xx': figures.timeouts ? `${figures.errors} (${figures.timeouts} timeouts)` : String(figures.errors),
        target: row.target,
        verdict: row.meets ? verdict(row.meets(figures)) : '',
      });
    }
  },
});
