import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { BENCH_PORT, REPO_DIR } from '../lib/config';
import { CATEGORIES, LIGHTHOUSE_TARGETS, loadAverage, runLighthouse } from '../lib/lighthouse';
import { addTable, verdict } from '../lib/report';
import { defineSection } from '../lib/section';
import { startBenchServer } from '../lib/server';
import { WEB_BENCH_DIR } from './30-web-bundle';

/**
 * Lighthouse (mobile preset) on the public pages of the built app, served by the real server on
 * the bench database with the web build of the web-bundle section (docs/decisions/154). Speed
 * scores depend on how busy the machine is: the load average is printed with them. Accessibility,
 * best practices and SEO do not. LIGHTHOUSE_RUNS=3 keeps the median of three runs per page.
 */
export default defineSection({
  name: 'lighthouse',
  needsServer: false,
  async run({ pool, databaseUrl }) {
    if (!existsSync(path.join(WEB_BENCH_DIR, 'index.html'))) {
      console.log('  building the web app…');
      execFileSync(
        'npx',
        ['vite', 'build', 'apps/web', '--outDir', WEB_BENCH_DIR, '--emptyOutDir', '--manifest', '--logLevel', 'warn'],
        {
          cwd: REPO_DIR,
          stdio: 'inherit',
        },
      );
    }
    const { rows } = await pool.query<{ product_id: number; producer_id: number }>(
      `select p.id as product_id, pr.user_id as producer_id
         from products p join producers pr on pr.id = p.producer_id join users u on u.id = pr.user_id
        where p.active and p.moderation_status = 'approved' and u.status = 'active'
        order by p.id limit 1`,
    );
    const sample = rows[0];
    if (!sample) throw new Error('lighthouse: the bench database has no visible product');
    const paths = ['/', '/products', `/product/${sample.product_id}`, `/producer/${sample.producer_id}`, '/map', '/pricing'];
    const server = await startBenchServer(databaseUrl, BENCH_PORT + 1, { WEB_DIST: WEB_BENCH_DIR });
    const loadBefore = loadAverage();
    try {
      const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 1);
      console.log(`  lighthouse on ${paths.length} pages, ${runs} run(s) each…`);
      const results = await runLighthouse(server.url, paths, runs);
      const table = addTable('Lighthouse, mobile preset (scores 0-100)', ['page', ...CATEGORIES, 'CLS', 'LCP', 'not passing']);
      for (const r of results) {
        table.rows.push({
          page: r.path,
          ...Object.fromEntries(CATEGORIES.map((c) => [c, String(r.scores[c] ?? '-')])),
          CLS: r.cls === null ? '-' : r.cls.toFixed(3),
          LCP: r.lcpMs === null ? '-' : `${(r.lcpMs / 1000).toFixed(1)} s`,
          'not passing': r.failing.join(', ') || '-',
        });
      }
      for (const c of CATEGORIES) {
        const ok = results.every((r) => (r.scores[c] ?? 0) >= LIGHTHOUSE_TARGETS[c]);
        table.notes.push(`${c} ≥ ${LIGHTHOUSE_TARGETS[c]} on every page: ${verdict(ok)}`);
      }
      table.notes.push(
        `load average (1 min) ${loadBefore.toFixed(1)} before, ${loadAverage().toFixed(1)} after on a shared 2-core machine: performance scores are indicative`,
      );
    } finally {
      await server.stop();
    }
  },
});
