import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../lib/context';

export type ModuleOptions = { ctx: AppContext; sensitiveRateLimit: number };

/** What each `modules/<domain>/<domain>.routes.ts` exports as default. */
export type ModuleRoutes = {
  prefix: string;
  routes: FastifyPluginAsyncZod<ModuleOptions>;
  /** Mount only when this returns true (test hooks). */
  enabled?: () => boolean;
};

export const defineModule = (module: ModuleRoutes) => module;

const MODULES_DIR = path.dirname(fileURLToPath(import.meta.url));

/**
 * Mounts every domain's routes under /api. Each domain folder has one `<domain>.routes.ts` whose
 * default export says its prefix, so domains are added without editing a shared list.
 */
export async function registerModules(api: FastifyInstance, options: ModuleOptions): Promise<void> {
  const domains = readdirSync(MODULES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  for (const domain of domains) {
    const file = readdirSync(path.join(MODULES_DIR, domain)).find((name) => /^[\w-]+\.routes\.(ts|js)$/.test(name));
    if (!file) continue;
    const loaded = (await import(pathToFileURL(path.join(MODULES_DIR, domain, file)).href)) as { default?: ModuleRoutes };
    const module = loaded.default;
    if (!module) throw new Error(`${domain}/${file} has no default export of defineModule(...)`);
    if (module.enabled && !module.enabled()) continue;
    await api.register(module.routes, { ...options, prefix: module.prefix });
  }
}
