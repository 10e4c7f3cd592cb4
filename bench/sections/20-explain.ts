import { sql } from 'drizzle-orm';
import { type DatabaseHandle, type Db, openPostgres } from '../../apps/server/src/db/client';
import { addTable } from '../lib/report';
import { defineSection } from '../lib/section';

/**
 * A Db whose execute() runs the statement under EXPLAIN ANALYZE: the search repository builds its
 * real SQL and we see the plan PostgreSQL chose for it, indexes and timings included.
 */
function explainingDb(db: Db, plans: string[]): Db {
  return {
    execute: async (query: Parameters<Db['execute']>[0]) => {
      const result = await db.execute<{ 'QUERY PLAN': string }>(sql`explain (analyze, buffers) ${query}`);
      plans.push(result.rows.map((r) => r['QUERY PLAN']).join('\n'));
      // The real rows too: the repository's later statements depend on the earlier ones' answers.
      return db.execute(query);
    },
  } as unknown as Db;
}

export default defineSection({
  name: 'explain',
  needsServer: false,
  async run({ databaseUrl, samples }) {
    const table = addTable('EXPLAIN ANALYZE of the search SQL (bench database)', ['query', 'execution']);
    let repository: typeof import('../../apps/server/src/modules/search/search.repository') &
      typeof import('../../apps/server/src/modules/search/product-search.repository');
    try {
      repository = {
        ...(await import('../../apps/server/src/modules/search/search.repository')),
        ...(await import('../../apps/server/src/modules/search/product-search.repository')),
      };
    } catch (error) {
      table.notes.push(`skipped: the search repository could not be loaded (${(error as Error).message})`);
      return;
    }
    const handle: DatabaseHandle = await openPostgres(databaseUrl);
    const berea = samples.places.find((p) => p.label.startsWith('Berea')) ?? samples.places[0];
    const center = { latitude: berea.latitude, longitude: berea.longitude };
    const queries: [string, (db: Db) => Promise<unknown>][] = [
      [
        `products: 'sourdough' in bread within 25 mi of ${berea.label}`,
        (db) =>
          repository.searchProductListings(db, {
            text: 'sourdough',
            category: 'bread',
            area: { center, radiusMiles: 25 },
            limit: 20,
            offset: 0,
          }),
      ],
      [
        `products: typo 'sourdogh' within 25 mi of ${berea.label}`,
        (db) =>
          repository.searchProductListings(db, { text: 'sourdogh', area: { center, radiusMiles: 25 }, limit: 20, offset: 0 }),
      ],
      [
        `map: producers within 50 mi of ${berea.label}`,
        (db) =>
          repository.searchProducers(db, { area: { center, radiusMiles: 50 }, requireCoordinates: true, limit: null, offset: 0 }),
      ],
    ];
    try {
      for (const [label, run] of queries) {
        const plans: string[] = [];
        try {
          await run(explainingDb(handle.db, plans));
        } catch (error) {
          table.rows.push({ query: label, execution: `failed: ${(error as Error).message.split('\n')[0]}` });
          continue;
        }
        // Every statement the repository sent (a search can take a few), summed.
        const times = plans.map((plan) => Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? Number.NaN));
        const execution = `${times.reduce((a, b) => a + b, 0).toFixed(2)} ms (${plans.length} statements)`;
        table.rows.push({ query: label, execution });
        console.log(`\n--- EXPLAIN ANALYZE: ${label} ---\n${plans.join('\n\n')}`);
      }
    } finally {
      await handle.close();
    }
  },
});
