import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed formats already. */
const TEXT_FILE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
const MIN_BYTES = 1024;

/**
 * Writes a .br (quality 11) and a .gz (level 9) twin next to every text file of the build, once,
 * so the server never compresses static files per request (@fastify/static preCompressed;
 * docs/decisions/150). Runs last: sw.js is filled in by pwa-precache during writeBundle.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'farmstand-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      for (const file of await listFiles(outDir)) {
        if (!TEXT_FILE.test(file)) continue;
        const bytes = await readFile(file);
        if (bytes.length < MIN_BYTES) continue;
        const [br, gzipped] = await Promise.all([
          brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
          gz(bytes, { level: 9 }),
        ]);
        await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
      }
    },
  };
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes spa-routes.json: every `path: '…'` of the routes.tsx files of the features and of app/. The server answers
 * 404 (still with the app's not-found page) for paths the client router has no page for
 * (docs/decisions/151), and learns new pages from this list without a second copy to keep.
 */
export function spaRoutes(): Plugin {
  let root = '.';
  let outDir = 'dist';
  return {
    name: 'farmstand-spa-routes',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const paths = new Set<string>();
      const pageScripts: Record<string, string[]> = {};
      for (const dir of await routeFolders(path.join(root, 'src'))) {
        const source = await readFile(path.join(dir, 'routes.tsx'), 'utf8').catch(() => '');
        for (const match of source.matchAll(/\bpath:\s*['"`]([^'"`]+)['"`]/g)) paths.add(match[1] as string);
        for (const [route, module] of publicPageModules(source, dir)) {
          const scripts = pageChunkFiles(bundle, module);
          if (scripts.length > 0) pageScripts[route] = scripts;
        }
      }
      if (paths.size === 0) throw new Error('spa-routes: no route paths found under src/features/*/routes.tsx');
      await writeFile(path.join(outDir, 'spa-routes.json'), `${JSON.stringify([...paths].sort())}\n`);
      await writeFile(path.join(outDir, PAGE_SCRIPTS_FILE), `${JSON.stringify(pageScripts, null, 1)}\n`);
    },
  };
}

/** The folders whose routes.tsx lists pages, as app/routes.tsx finds them: src/features/* and src/app/*. */
async function routeFolders(src: string): Promise<string[]> {
  const folders = await Promise.all(
    ['features', 'app'].map(async (layer) =>
      (await readdir(path.join(src, layer), { withFileTypes: true }))
        .filter((entry) => entry.isDirectory())
        .map((entry) => path.join(src, layer, entry.name)),
    ),
  );
  return folders.flat();
}

/**
 * page-scripts.json: for each public route, the page's lazy chunk and the chunks it imports that
 * the entry does not already load. The server names them in the page's HTML as modulepreload
 * links, so they download beside the entry instead of after it has run. Pages behind RequireAuth are left out: a guest would only be redirected.
 */
export const PAGE_SCRIPTS_FILE = 'page-scripts.json';

/** `[route path, absolute module file]` of every route whose element is a lazy page, from a routes.tsx source. */
export function publicPageModules(source: string, featureDir: string): [string, string][] {
  const lazyPages = new Map<string, string>();
  for (const match of source.matchAll(/const\s+(\w+)\s*=\s*lazy(?:Page)?\(\s*\(\)\s*=>\s*import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    lazyPages.set(match[1] as string, path.resolve(featureDir, match[2] as string));
  }
  const routes = [...source.matchAll(/\bpath:\s*['"`]([^'"`]+)['"`]/g)];
  const found: [string, string][] = [];
  routes.forEach((route, i) => {
    const body = source.slice(route.index, routes[i + 1]?.index ?? source.length);
    if (/RequireAuth|RequireRole|Navigate/.test(body)) return;
    const page = [...lazyPages.keys()].find((name) => new RegExp(`<${name}\\b`).test(body));
    if (page) found.push([route[1] as string, lazyPages.get(page) as string]);
  });
  return found;
}

/** The chunk built from `moduleFile` (any extension) and its static imports, less what the entry loads, as URLs. */
function pageChunkFiles(bundle: OutputBundle, moduleFile: string): string[] {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const page = chunks.find((chunk) => chunk.facadeModuleId?.replace(/\.[jt]sx?$/, '') === moduleFile);
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!page || !entry) return [];
  const closure = (start: OutputChunk, seen = new Set<string>()) => {
    if (seen.has(start.fileName)) return seen;
    seen.add(start.fileName);
    for (const name of start.imports) {
      const next = byName.get(name);
      if (next) closure(next, seen);
    }
    return seen;
  };
  const loaded = closure(entry);
  return [...closure(page)].filter((name) => !loaded.has(name)).map((name) => `/${name}`);
}
