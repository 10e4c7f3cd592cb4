import { readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { STATES } from '@farmstand/shared';
import pg from 'pg';
import zipcodes from 'zipcodes';
import { describeBenefits } from './lib/benefit-rows';
import { BENCH_DIR, BENCH_PORT, BENCH_SCALES, benchDatabaseUrl, readOptions } from './lib/config';
import { prepareBenchDatabase } from './lib/database';
import { generateBenchData } from './lib/generate';
import { addTable, printReport } from './lib/report';
import type { BenchContext, BenchSamples, BenchSection } from './lib/section';
import { type BenchServer, startBenchServer } from './lib/server';

/**
 * `npm run bench`: fills PostgreSQL at the scale of issue 4 (once), starts the real server on it
 * and runs every section in bench/sections/ in file-name order, then prints all figures.
 */
async function main() {
  const options = readOptions();
  const BENCH_DATABASE_URL = benchDatabaseUrl(options.scale);
  const started = Date.now();
  console.log(`Bench database: ${BENCH_DATABASE_URL}${options.regenerate ? ' (regenerating)' : ''}`);
  const loadBefore = os.loadavg()[0];
  await prepareBenchDatabase(BENCH_DATABASE_URL, options.regenerate);
  const pool = new pg.Pool({ connectionString: BENCH_DATABASE_URL, max: 4 });
  const data = addTable('Bench data', ['what', 'value']);
  const generated = await generateBenchData(pool, BENCH_SCALES[options.scale]);
  data.rows.push(
    { what: 'producers', value: generated.producers.toLocaleString('en-US') },
    { what: 'products', value: generated.products.toLocaleString('en-US') },
    {
      what: 'generation',
      value: generated.skipped ? 'already there (--regenerate to rebuild)' : `${generated.seconds.toFixed(1)} s`,
    },
    {
      what: `farms' benefits${generated.benefitRowsAdded ? ` (${generated.benefitRowsAdded.toLocaleString('en-US')} rows added now)` : ''}`,
      value: describeBenefits(generated.benefits, generated.producers),
    },
  );
  console.log(`Data: ${generated.producers} producers, ${generated.products} products${generated.skipped ? ' (kept)' : ''}`);

  const sections = await loadSections(options.only);
  let server: BenchServer | null = null;
  if (sections.some((s) => s.needsServer !== false)) {
    try {
      server = await startBenchServer(BENCH_DATABASE_URL, BENCH_PORT);
      console.log(`Server: ${server.url}`);
    } catch (error) {
      console.error(`The server could not start; sections that need it are skipped.\n${(error as Error).message}`);
    }
  }
  const ctx: BenchContext = {
    options,
    server: server as BenchServer,
    pool,
    databaseUrl: BENCH_DATABASE_URL,
    samples: await loadSamples(pool),
  };
  try {
    for (const section of sections) {
      if (section.needsServer !== false && !server) continue;
      console.log(`\n# ${section.name}`);
      try {
        await section.run(ctx);
      } catch (error) {
        console.error(`  section ${section.name} failed: ${(error as Error).stack ?? error}`);
        addTable(`${section.name}: failed`, ['error']).rows.push({ error: (error as Error).message });
      }
    }
  } finally {
    await server?.stop();
    await pool.end();
  }
  // Other work on the machine skews every figure: say how busy it was.
  const machine = addTable('Machine', ['what', 'value']);
  machine.rows.push(
    { what: 'cores', value: String(os.cpus().length) },
    { what: 'load average (1 min) at start / end', value: `${loadBefore.toFixed(1)} / ${os.loadavg()[0].toFixed(1)}` },
  );
  if (Math.max(loadBefore, os.loadavg()[0]) > os.cpus().length) {
    machine.notes.push(
      'The machine was busy with other work: figures are lower than on a quiet machine; rerun to compare with targets.',
    );
  }
  printReport();
  console.log(`\nBench finished in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
}

async function loadSections(only: string[] | null): Promise<BenchSection[]> {
  const dir = path.join(BENCH_DIR, 'sections');
  const files = readdirSync(dir)
    .filter((f) => /\.ts$/.test(f) && !f.endsWith('.d.ts'))
    .sort();
  const sections: BenchSection[] = [];
  for (const file of files) {
    const section = (await import(pathToFileURL(path.join(dir, file)).href)).default as BenchSection;
    if (!only || only.includes(section.name)) sections.push(section);
  }
  return sections;
}

/** Visible product ids and town centres across the five states, so requests vary as real traffic does. */
async function loadSamples(pool: pg.Pool): Promise<BenchSamples> {
  const { rows } = await pool.query<{ id: number }>(`
    select p.id from products p
    join producers pr on pr.id = p.producer_id
    join users u on u.id = pr.user_id
    join subscriptions s on s.user_id = u.id
    where p.active and u.status = 'active' and s.status in ('active', 'trialing')
    order by md5(p.id::text) limit 2000`);
  const berea = zipcodes.lookup('40403');
  const places = [{ latitude: berea?.latitude ?? 37.5799, longitude: berea?.longitude ?? -84.2749, label: 'Berea, KY' }];
  for (const state of STATES) {
    const zips = zipcodes.lookupByState(state);
    const picks = state === 'KY' ? 15 : 6;
    for (let i = 0; i < picks; i++) {
      const zip = zips[Math.floor(((i + 0.5) * zips.length) / picks)];
      places.push({ latitude: zip.latitude, longitude: zip.longitude, label: `${zip.city}, ${state}` });
    }
  }
  return { productIds: rows.map((r) => r.id), places };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
