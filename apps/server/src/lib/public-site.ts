import type { FastifyRequest } from 'fastify';
import type { AppContext } from './context';

/**
 * The site's address for absolute links a person or crawler follows (label QR codes, canonical URLs,
 * Open Graph, the sitemap): PUBLIC_URL when it is set. Without it the configuration falls back to
 * http://localhost:PORT, which no phone or crawler can open, so the address the request came to is
 * better (decision 250).
 */
export function publicSite(ctx: Pick<AppContext, 'config'>, requestOrigin: string | undefined): string {
  const fallback = `http://localhost:${ctx.config.port}`;
  if (ctx.config.publicUrl !== fallback || !requestOrigin) return ctx.config.publicUrl;
  return requestOrigin.replace(/\/$/, '');
}

/** The origin this request was made to, when its Host is a plain host name or address (never markup). */
export function requestOrigin(request: Pick<FastifyRequest, 'protocol' | 'host'>): string | undefined {
  return /^[\w.-]+(:\d{1,5})?$|^\[[\da-f:.]+\](:\d{1,5})?$/i.test(request.host)
    ? `${request.protocol}://${request.host}`
    : undefined;
}
