import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Fills the service worker (public/sw.js, copied verbatim by Vite) with this build's asset list
 * and a version derived from it, so every page chunk is cached at install (the app opens offline
 * on any route) and a new build replaces the old worker.
 */
export function pwaPrecache(): Plugin {
  let outDir = 'dist';
  return {
    name: 'farmstand-pwa-precache',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const assets = Object.keys(bundle)
        .filter((file) => file.startsWith('assets/') && /\.(js|css)$/.test(file))
        .sort()
        .map((file) => `/${file}`);
      const version = createHash('sha256').update(assets.join('\n')).digest('hex').slice(0, 12);
      const file = path.join(outDir, 'sw.js');
      const source = await readFile(file, 'utf8');
      const filled = source
        .replace(/const VERSION = '[^']*';/, `const VERSION = '${version}';`)
        .replace(/const PRECACHE_ASSETS = \[\];/, `const PRECACHE_ASSETS = ${JSON.stringify(assets)};`);
      if (filled === source) throw new Error('pwa-precache: sw.js no longer has the VERSION / PRECACHE_ASSETS markers');
      await writeFile(file, filled);
    },
  };
}
