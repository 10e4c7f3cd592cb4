import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { REPO_DIR, TARGETS } from '../lib/config';
import { addTable, verdict } from '../lib/report';
import { defineSection } from '../lib/section';

const OUT_DIR = path.join(os.tmpdir(), 'farmstand-bench-web');

/**
 * The JavaScript a first visit to the home page downloads before it can render: the entry script
 * and every modulepreload of index.html, gzipped. Lazy routes (map, dashboards) are not in it.
 */
export default defineSection({
  name: 'web-bundle',
  needsServer: false,
  async run({ options }) {
    const table = addTable('Home page first-load JavaScript (gzip)', ['file', 'raw', 'gzip']);
    if (!options.skipBuild || !existsSync(path.join(OUT_DIR, 'index.html'))) {
      console.log('  building the web app…');
      execFileSync('npx', ['vite', 'build', 'apps/web', '--outDir', OUT_DIR, '--emptyOutDir', '--logLevel', 'warn'], {
        cwd: REPO_DIR,
        stdio: 'inherit',
      });
    }
    const html = readFileSync(path.join(OUT_DIR, 'index.html'), 'utf8');
    const scripts = [
      ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+\.js)"/g),
      ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
    ].map((m) => m[1]);
    let totalRaw = 0;
    let totalGzip = 0;
    for (const src of [...new Set(scripts)]) {
      const bytes = readFileSync(path.join(OUT_DIR, src.replace(/^\//, '')));
      const gzip = gzipSync(bytes).length;
      totalRaw += bytes.length;
      totalGzip += gzip;
      table.rows.push({ file: src, raw: kb(bytes.length), gzip: kb(gzip) });
    }
    table.rows.push({ file: 'total', raw: kb(totalRaw), gzip: kb(totalGzip) });
    table.notes.push(
      `target ≤ ${TARGETS.homeFirstLoadGzipKb} KB gzip: ${verdict(totalGzip / 1024 <= TARGETS.homeFirstLoadGzipKb)}`,
    );
  },
});

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
