import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { REPO_DIR } from '../lib/config';
import { addTable, verdict } from '../lib/report';
import { defineSection } from '../lib/section';

export const WEB_BENCH_DIR = path.join(os.tmpdir(), 'farmstand-bench-web');

/** Issue 11 item 2: the home page's first-load JavaScript, gzipped. */
const HOME_TARGET_GZIP_KB = 100;

/** The public pages and the module of each one's lazy route (src/features/*, or src/app/pages/* for pages composed of several features). */
const PAGES: { page: string; module: string }[] = [
  { page: '/', module: 'src/features/home/home-page.tsx' },
  { page: '/products', module: 'src/features/catalog/pages/products-page.tsx' },
  { page: '/product/{id}', module: 'src/app/pages/product-page.tsx' },
  { page: '/producer/{id}', module: 'src/app/pages/producer-page.tsx' },
  { page: '/map', module: 'src/features/map/pages/map-page.tsx' },
  { page: '/search', module: 'src/app/pages/search-page.tsx' },
  { page: '/pricing', module: 'src/features/billing/pages/pricing-page.tsx' },
];

/** Issue 47: the register's JavaScript within the first-load budget of the app's public pages (the largest of them). */
const STAND_PAGE = { page: '/stand', module: 'src/features/stand/pages/stand-page.tsx' };

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

/**
 * The JavaScript a first visit to each public page downloads before it can render: the entry
 * script, its static imports, and the page's lazy route chunk with its static imports (from Vite's
 * build manifest), gzipped at level 6 the way a server compresses on the fly. Chunks a page loads
 * later (the socket client after sign-in, a form library when a form opens) are not counted.
 */
export default defineSection({
  name: 'web-bundle',
  needsServer: false,
  async run({ options }) {
    const manifestFile = path.join(WEB_BENCH_DIR, '.vite', 'manifest.json');
    if (!options.skipBuild || !existsSync(manifestFile)) {
      console.log('  building the web app…');
      execFileSync(
        'npx',
        ['vite', 'build', 'apps/web', '--outDir', WEB_BENCH_DIR, '--emptyOutDir', '--manifest', '--logLevel', 'warn'],
        { cwd: REPO_DIR, stdio: 'inherit' },
      );
    }
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
    const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
    if (!entry) throw new Error('web-bundle: the build manifest has no entry');
    const gzipOf = new Map<string, { raw: number; gzip: number }>();
    const sizeOf = (file: string) => {
      let size = gzipOf.get(file);
      if (!size) {
        const bytes = readFileSync(path.join(WEB_BENCH_DIR, file));
        size = { raw: bytes.length, gzip: gzipSync(bytes).length };
        gzipOf.set(file, size);
      }
      return size;
    };

    const table = addTable('First-load JavaScript per page (gzip)', ['page', 'files', 'raw', 'gzip', 'largest']);
    let homeGzip = 0;
    const gzipOfPage = new Map<string, number>();
    for (const { page, module } of [...PAGES, STAND_PAGE]) {
      if (!manifest[module]) {
        table.rows.push({ page, files: '-', raw: '-', gzip: '-', largest: `no chunk for ${module}` });
        continue;
      }
      const files = [...closure(manifest, [entry, module])].map((key) => manifest[key]?.file as string);
      const sizes = files.map((file) => ({ file, ...sizeOf(file) }));
      const raw = sizes.reduce((sum, s) => sum + s.raw, 0);
      const gzip = sizes.reduce((sum, s) => sum + s.gzip, 0);
      const largest = sizes.sort((a, b) => b.gzip - a.gzip)[0];
      if (page === '/') homeGzip = gzip;
      gzipOfPage.set(page, gzip);
      table.rows.push({
        page,
        files: String(files.length),
        raw: kb(raw),
        gzip: kb(gzip),
        largest: largest ? `${path.basename(largest.file)} ${kb(largest.gzip)}` : '-',
      });
    }
    table.notes.push(`home target ≤ ${HOME_TARGET_GZIP_KB} KB gzip: ${verdict(homeGzip / 1024 <= HOME_TARGET_GZIP_KB)}`);
    const publicMax = Math.max(...PAGES.map(({ page }) => gzipOfPage.get(page) ?? 0));
    const stand = gzipOfPage.get(STAND_PAGE.page);
    table.notes.push(
      `/stand (issue 47) within the largest public page's first load (${kb(publicMax)}): ${stand === undefined ? 'MISSED (no chunk)' : verdict(stand <= publicMax)}`,
    );
    table.notes.push(`lazy extras (loaded when used): ${lazyExtras(manifest, sizeOf)}`);
  },
});

/** The chunks these manifest keys load before running: themselves and their static imports. */
function closure(manifest: Manifest, keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest, manifest[key]?.imports ?? [], seen);
  }
  return seen;
}

/** Sizes of the big libraries that must stay out of the first load (index.esm is react-hook-form, schemas the zod contract). */
function lazyExtras(manifest: Manifest, sizeOf: (file: string) => { gzip: number }): string {
  const wanted = [/socket\.io-client/, /^_index\.esm-/, /producers-map/, /^_schemas-/, /^_zod-/];
  return Object.entries(manifest)
    .filter(
      ([key, chunk]) => chunk.file.endsWith('.js') && wanted.some((pattern) => pattern.test(key) || pattern.test(chunk.file)),
    )
    .map(([, chunk]) => `${path.basename(chunk.file)} ${kb(sizeOf(chunk.file).gzip)}`)
    .join(', ');
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
