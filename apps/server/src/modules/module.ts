import { ErrorResponse } from '@farmstand/shared';
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

/**
 * A route's error answers, `{ message }` under each status it can give: `response: { 200: X, ...errors(400, 404) }`.
 * 401 and 403 of a signed-in or role route come from its access (plugins/route-access.ts), not from here.
 */
export const errors = <Code extends number>(...codes: Code[]) =>
  Object.fromEntries(codes.map((code) => [code, ErrorResponse])) as Record<Code, typeof ErrorResponse>;
