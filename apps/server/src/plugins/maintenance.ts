import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../lib/context';

/** Calls that stay open in maintenance mode, so an admin can still sign in and switch it off. */
const ALWAYS_OPEN = ['/api/health', '/api/auth/login', '/api/auth/me', '/api/settings/public'];

/** With maintenance_mode on, every API call but an admin's answers 503 with the admin's message. */
export const maintenancePlugin = fp(async (app: FastifyInstance, opts: { ctx: AppContext }) => {
  app.addHook('preHandler', async (request, reply) => {
    const path = request.url.split('?')[0];
    if (!path.startsWith('/api/') || ALWAYS_OPEN.includes(path)) return;
    const maintenance = await opts.ctx.settings.get('maintenance');
    if (!maintenance.maintenance_mode) return;
    const user = await request.currentUser();
    if (user?.userType === 'admin') return;
    return reply.status(503).send({ message: maintenance.maintenance_message });
  });
});
