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
