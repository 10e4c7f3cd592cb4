import { AnnouncementRequest } from '@farmstand/shared/schemas/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { defineModule, errors, type ModuleOptions } from '../module';

/** POST /api/admin/announcements: a message to everyone connected, on every instance (spec 01 §7). */
const announcementsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.post(
    '/announcements',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin'],
        body: AnnouncementRequest,
        response: { 200: z.object({ message: z.string() }), ...errors(400) },
      },
    },
    async (request) => {
      ctx.events.emit('announcement', { message: request.body.message });
      return { message: 'Announcement sent' };
    },
  );
};

export default defineModule({ prefix: '/admin', routes: announcementsRoutes });
