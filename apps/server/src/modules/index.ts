import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../lib/context';
import { discoverModules } from './discover';

export type ModuleOptions = { ctx: AppContext; sensitiveRateLimit: number };

/** What each `modules/<domain>/<domain>.routes.ts` exports as default. */
export type ModuleRoutes = {
  prefix: string;
  routes: FastifyPluginAsyncZod<ModuleOptions>;
  /** Mount only when this returns true (test hooks). */
  enabled?: () => boolean;
};

export const defineModule = (module: ModuleRoutes) => module;

/**
 * Mounts every domain's routes under /api. Each domain folder has one `<domain>.routes.ts` whose
 * default export says its prefix, so domains are added without editing a shared list.
 */
export async function registerModules(api: FastifyInstance, options: ModuleOptions): Promise<void> {
  for (const { domain, file, load } of await discoverModules()) {
    const loaded = (await load()) as { default?: ModuleRoutes };
    const module = loaded.default;
    if (!module) throw new Error(`${domain}/${file} has no default export of defineModule(...)`);
    if (module.enabled && !module.enabled()) continue;
    await api.register(module.routes, { ...options, prefix: module.prefix });
  }
}
