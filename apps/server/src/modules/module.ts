import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { AppContext } from '../lib/context';

export type ModuleOptions = { ctx: AppContext; sensitiveRateLimit: number };

/** What each `modules/<domain>/<domain>.routes.ts` exports as default. */
export type ModuleRoutes = {
  prefix: string;
  routes: FastifyPluginAsyncZod<ModuleOptions>;
  /** Mount only when this returns true for the instance's settings (test hooks). */
  enabled?: (config: Config) => boolean;
};

export const defineModule = (module: ModuleRoutes) => module;
