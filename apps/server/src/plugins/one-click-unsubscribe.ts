import type { FastifyInstance } from 'fastify';

/**
 * Mail clients POST `List-Unsubscribe=One-Click` as a form to a mail's unsubscribe link (RFC 8058);
 * its content carries nothing the route needs, so a module with such links accepts and drops it.
 * Used by every unsubscribe route (pickup reminders, farm notices). Multipart, registered for the
 * whole API for uploads (plugins/multipart.ts), is replaced in this module only: nothing is uploaded here.
 */
export function acceptOneClickPosts(app: FastifyInstance): void {
  if (app.hasContentTypeParser('multipart/form-data')) app.removeContentTypeParser('multipart/form-data');
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, _body, done) => done(null, {}),
  );
}
