import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
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
 * Writes spa-routes.json: every `path: '…'` of the features' routes.tsx files. The server answers
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
    async writeBundle() {
      const featuresDir = path.join(root, 'src', 'features');
      const paths = new Set<string>();
      for (const feature of await readdir(featuresDir, { withFileTypes: true })) {
        if (!feature.isDirectory()) continue;
        const source = await readFile(path.join(featuresDir, feature.name, 'routes.tsx'), 'utf8').catch(() => '');
        for (const match of source.matchAll(/\bpath:\s*['"`]([^'"`]+)['"`]/g)) paths.add(match[1] as string);
      }
      if (paths.size === 0) throw new Error('spa-routes: no route paths found under src/features/*/routes.tsx');
      await writeFile(path.join(outDir, 'spa-routes.json'), `${JSON.stringify([...paths].sort())}\n`);
    },
  };
}
