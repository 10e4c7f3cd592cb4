import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** One domain's routes file and how to load it. */
export type DiscoveredModule = { domain: string; file: string; load: () => Promise<unknown> };

const MODULES_DIR = path.dirname(fileURLToPath(import.meta.url));

/**
 * Every `modules/<domain>/<domain>.routes.ts`, read from the directory at run time (tsx, tests).
 * The compiled build replaces this file with a static list generated from the same directory at
 * build time (apps/server/scripts/build.mjs), so the bundle needs no source tree.
 */
export async function discoverModules(): Promise<DiscoveredModule[]> {
  const domains = readdirSync(MODULES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const found: DiscoveredModule[] = [];
  for (const domain of domains) {
    const file = readdirSync(path.join(MODULES_DIR, domain)).find((name) => ROUTES_FILE.test(name));
    if (!file) continue;
    const url = pathToFileURL(path.join(MODULES_DIR, domain, file)).href;
    found.push({ domain, file, load: () => import(url) });
  }
  return found;
}

export const ROUTES_FILE = /^[\w-]+\.routes\.(ts|js)$/;
