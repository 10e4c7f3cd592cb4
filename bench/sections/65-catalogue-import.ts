import { randomBytes } from 'node:crypto';
import {
  CATALOGUE_HEADER,
  type CatalogueCells,
  catalogueCsv,
  readCatalogueFile,
  readCatalogueRow,
} from '@farmstand/shared/catalogue/sheet';
import { ProductRequest } from '@farmstand/shared/schemas/products';
import { signAccessToken } from '../../apps/server/src/lib/tokens';
import { BENCH_PORT } from '../lib/config';
import { startHelloWorld } from '../lib/hello-world';
import { addTable, ms, verdict } from '../lib/report';
import { defineSection } from '../lib/section';
import { startBenchServer } from '../lib/server';

/** Issue 50: 1,000 catalogue rows validated in under 2 s. */
const ROWS = 1000;
const RUNS = 5;
const BUDGET_MS = 2000;

/** 100 products of 10 variants each: honey jars (label fields) and produce, priced and counted. */
function generatedFile(): string {
  const blank = Object.fromEntries(CATALOGUE_HEADER.map((key) => [key, ''])) as CatalogueCells;
  const rows = Array.from({ length: ROWS / 10 }, (_, p) =>
    Array.from({ length: 10 }, (_, v) => ({
      ...blank,
      sku: `BENCH-${p}`,
      variant_sku: `BENCH-${p}-${v}`,
      name: `Bench product ${p}`,
      variant_name: `Size ${v}`,
      category: p % 2 ? 'produce' : 'honey',
      description: `A bench product, "quoted", with commas, and =formula-looking text ${p}`,
      availability: 'available',
      variant_availability: 'available',
      price: `${p + 1}.${String(v).padStart(2, '0')}`,
      price_unit: p % 2 ? 'bunch' : `${v + 8} oz jar`,
      stock: String(v * 3),
      net_weight: p % 2 ? '' : '1 lb',
      ingredients: p % 2 ? '' : 'honey',
    })),
  ).flat();
  return catalogueCsv(rows);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * The catalogue import's check (decision 585): a 1,000-row file (100 products × 10 variants) read
 * and validated with the product form's schema in process (no database), then sent as a dry run to
 * `POST /api/products/catalogue` of the real server for a bench farm (which also reads the farm's
 * catalogue and compares), 5 runs each. Beside it, the same run's ceiling: 5 requests to the bare
 * Fastify hello-world.
 */
export default defineSection({
  name: 'catalogue-import',
  needsServer: false,
  async run({ pool, databaseUrl }) {
    const file = generatedFile();
    const inProcess: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      const read = readCatalogueFile(file);
      if (!read.ok) throw new Error(read.message);
      for (const { cells } of read.rows) ProductRequest.safeParse({ ...readCatalogueRow(cells).product, variants: [] });
      inProcess.push(performance.now() - started);
    }

    const secret = randomBytes(32).toString('hex');
    const server = await startBenchServer(databaseUrl, BENCH_PORT + 20, { JWT_SECRET: secret });
    const hello = await startHelloWorld(BENCH_PORT + 21);
    try {
      const { rows } = await pool.query<{ user_id: number; email: string; token_version: number }>(`
        select p.user_id, u.email, u.token_version from producers p join users u on u.id = p.user_id
        where u.email like 'bench-producer-%' and u.status = 'active' order by p.user_id limit 1`);
      if (rows.length < 1) throw new Error('catalogue-import: no bench producer');
      const [farm] = rows;
      const token = await signAccessToken(
        { id: farm.user_id, email: farm.email, userType: 'producer', tokenVersion: farm.token_version },
        secret,
      );
      const dryRuns: number[] = [];
      let answer: { rows?: number; created?: number; problems?: unknown[]; message?: string } = {};
      for (let run = 0; run < RUNS; run++) {
        const started = performance.now();
        const res = await fetch(`${server.url}/api/products/catalogue?dryRun=true`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
          body: file,
        });
        answer = await res.json();
        dryRuns.push(performance.now() - started);
        if (!res.ok) throw new Error(`catalogue-import: ${res.status} ${answer.message}`);
      }
      const helloRuns: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const started = performance.now();
        await (await fetch(hello.url)).text();
        helloRuns.push(performance.now() - started);
      }
      const table = addTable(`Catalogue import check: ${ROWS.toLocaleString('en-US')} rows (100 products × 10 variants)`, [
        'what',
        'median',
        'max',
        'target',
      ]);
      table.rows.push(
        {
          what: 'read + validate with the product form’s schema, in process',
          median: ms(median(inProcess)),
          max: ms(Math.max(...inProcess)),
          target: verdict(Math.max(...inProcess) < BUDGET_MS),
        },
        {
          what: 'POST /api/products/catalogue?dryRun=true (whole request)',
          median: ms(median(dryRuns)),
          max: ms(Math.max(...dryRuns)),
          target: verdict(Math.max(...dryRuns) < BUDGET_MS),
        },
        {
          what: 'bare Fastify hello-world, one request (ceiling)',
          median: ms(median(helloRuns)),
          max: ms(Math.max(...helloRuns)),
          target: '',
        },
      );
      table.notes.push(
        `Target (issue 50): 1,000 rows validated in under ${BUDGET_MS.toLocaleString('en-US')} ms. The dry run answered ${answer.rows} rows, ${answer.created} new products, ${answer.problems?.length ?? 0} problems (the bench farm's product limit counts).`,
      );
    } finally {
      await hello.stop();
      await server.stop();
    }
  },
});
