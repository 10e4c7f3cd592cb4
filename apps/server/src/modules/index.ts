import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../lib/context';
import { authRoutes } from './auth/auth.routes';
import { healthRoutes } from './health/health.routes';
import { testingRoutes } from './testing/testing.routes';

export type ModuleOptions = { ctx: AppContext; sensitiveRateLimit: number };

/** Every domain's routes, mounted under /api. A new domain adds one line here. */
export async function registerModules(api: FastifyInstance, options: ModuleOptions): Promise<void> {
  await api.register(healthRoutes, { ctx: options.ctx });
  await api.register(authRoutes, { ...options, prefix: '/auth' });
  if (process.env.E2E_TEST_HOOKS === '1') await api.register(testingRoutes, { ctx: options.ctx, prefix: '/test' });
}
