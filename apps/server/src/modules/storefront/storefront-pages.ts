import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/errors';
import { publicSite, requestOrigin } from '../../lib/public-site';
import { COMPRESS_ANY_SIZE } from '../../plugins/compression';
import { marketPage } from '../markets';
import { getProduct } from '../products';
import { getPublicProfile } from './farm-page';
import {
  isPublicPagePath,
  marketHead,
  notFoundHead,
  type PageHead,
  producerHead,
  productHead,
  publicPageHead,
  renderHead,
  type SiteInfo,
} from './head-tags';
import {
  type ApiAnswer,
  initialDataScript,
  marketPageAnswer,
  marketsPageAnswer,
  producerPageAnswers,
  productPageAnswers,
  productsPageAnswer,
  siteAnswer,
} from './initial-data';
import { robotsTxt, sitemapPart, sitemapRoot } from './sitemap';
import { isKnownPagePath, loadPagePatterns, loadPageScripts, modulePreloadLinks } from './spa-routes';

const MAX_ID = 2_147_483_647;
// Not in the API description; readable by anyone; compressed at any size (robots.txt is 200 bytes).
const hidden = { schema: { hide: true }, config: { access: 'public' }, compress: COMPRESS_ANY_SIZE } as const;

/**
 * robots.txt, the sitemap, and every page of the web app (docs/decisions/151). Product and producer
 * pages get their head tags from the database on each request (title, description, canonical, Open
 * Graph, Twitter card, JSON-LD) injected into index.html; the SPA takes over as usual. Unknown
 * products, producers and paths answer 404 with the same index.html, so the app still shows its
 * not-found page. `root` is null when there is no web build (API-only runs): then only robots.txt
 * and the sitemap are served.
 */
export const storefrontPagesPlugin = fp(async (app: FastifyInstance, opts: { root: string | null }) => {
  const { ctx } = app;
  // Absolute URLs (canonical, Open Graph, JSON-LD, sitemap) start with PUBLIC_URL, or without it the
  // address the request came to (lib/public-site.ts).
  const baseOf = (request: FastifyRequest) => publicSite(ctx, requestOrigin(request));
  const site = async (base: string): Promise<SiteInfo> => {
    const general = await ctx.settings.get('general');
    return { base, siteName: general.site_name, currency: general.currency };
  };

  app.get('/robots.txt', hidden, async (request, reply) =>
    reply.type('text/plain; charset=utf-8').send(robotsTxt(baseOf(request))),
  );
  app.get('/sitemap.xml', hidden, async (request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await sitemapRoot(ctx.db, baseOf(request))),
  );
  app.get<{ Params: { part: string } }>('/sitemaps/:part', hidden, async (request, reply) => {
    const match = /^(\d{1,6})\.xml$/.exec(request.params.part);
    const body = match ? await sitemapPart(ctx.db, baseOf(request), Number(match[1])) : null;
    if (body === null) return reply.status(404).send({ message: 'Not found' });
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'no-cache').send(body);
  });

  const root = opts.root;
  if (!root) return;
  const template = shellTemplate(path.join(root, 'index.html'));
  const patterns = loadPagePatterns(root);
  const pageScripts = loadPageScripts(root);

  type Page = { status: number; head: PageHead | null; answers: Promise<(ApiAnswer | null)[]> };
  const none = Promise.resolve([]);

  /**
   * The head of a page, whether the page exists, and the API answers it reads first (inlined,
   * docs/decisions/168). Everything is read on this request: a change shows on the next load.
   */
  async function pageFor(url: string, query: string, base: string): Promise<Page> {
    const info = await site(base);
    const entity = /^\/(product|producer|producers)\/([^/]+)\/?$/.exec(url);
    if (entity) {
      const id = /^\d{1,10}$/.test(entity[2]) ? Number(entity[2]) : 0;
      if (id < 1 || id > MAX_ID) return { status: 404, head: notFoundHead(info, url), answers: none };
      try {
        if (entity[1] === 'product') {
          const product = await getProduct(ctx, null, id);
          return { status: 200, head: productHead(product, info), answers: productPageAnswers(ctx, product) };
        }
        const profile = await getPublicProfile(ctx, null, id);
        return { status: 200, head: producerHead(profile, info), answers: producerPageAnswers(ctx, id, profile) };
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 404)
          return { status: 404, head: notFoundHead(info, url), answers: none };
        throw error;
      }
    }
    const market = /^\/markets\/([^/]+)\/?$/.exec(url);
    if (market?.[1]) {
      try {
        const page = await marketPage(ctx, market[1]);
        return { status: 200, head: marketHead(page, info), answers: marketPageAnswer(page).then((a) => [a]) };
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 404)
          return { status: 404, head: notFoundHead(info, url), answers: none };
        throw error;
      }
    }
    if (!isKnownPagePath(patterns, url)) return { status: 404, head: notFoundHead(info, url), answers: none };
    const bare = url.length > 1 ? url.replace(/\/$/, '') : url;
    const head = isPublicPagePath(bare) ? publicPageHead(bare, info) : null;
    // /products with filters in its URL asks for something else; the web app fetches that itself.
    if (bare === '/products' && query === '') return { status: 200, head, answers: productsPageAnswer(ctx).then((a) => [a]) };
    if (bare === '/markets' && query === '') return { status: 200, head, answers: marketsPageAnswer(ctx).then((a) => [a]) };
    return { status: 200, head, answers: none };
  }

  app.get('/*', hidden, async (request, reply) => {
    const [url = '/', query = ''] = request.url.split('?');
    if (url.startsWith('/api/') || url.startsWith('/uploads/') || url.startsWith('/socket.io/')) {
      return reply.status(404).send({ message: `No such endpoint: ${request.method} ${url}` });
    }
    // A path with a file extension that is not on disk is a missing file, not a page: a script, image
    // or icon load gets a short 404. Anything else (/product/1.5, /about.php) and any browser
    // navigation (it asks for HTML) is a page that does not exist: the app's not-found page, 404.
    if (path.extname(url) && !url.endsWith('.html')) {
      const file = path.join(root, path.normalize(url));
      if (file.startsWith(root) && existsSync(file)) return reply.sendFile(path.relative(root, file));
      if (STATIC_FILE.test(url) && !wantsHtml(request.headers.accept)) return reply.status(404).send({ message: 'Not found' });
    }
    const pagePath = safeDecode(url);
    const [page, siteData, maintenance] = await Promise.all([
      pageFor(pagePath, query, baseOf(request)),
      siteAnswer(ctx),
      ctx.settings.get('maintenance'),
    ]);
    const preloads = page.status === 200 ? modulePreloadLinks(pageScripts, pagePath) : '';
    // In maintenance mode the API refuses guests (only /api/site stays open), so nothing else is given away here.
    const answers = page.status === 200 && !maintenance.maintenance_mode ? await page.answers : [];
    const data = initialDataScript(pagePath, [siteData, ...answers]);
    return sendPage(
      reply,
      page.status,
      withInitialData(withPreloads(template(), preloads), data),
      page.head,
      (await ctx.settings.get('general')).site_name,
    );
  });
});

/** Extensions of the files a build or a browser asks for by themselves (scripts, styles, images, icons, fonts, data). */
const STATIC_FILE = /\.(m?js|css|map|json|webmanifest|txt|xml|png|jpe?g|gif|webp|avif|svg|ico|woff2?|ttf|br|gz)$/i;

/** A browser navigating asks for text/html; fetch(), curl and asset loads do not. */
function wantsHtml(accept: string | undefined): boolean {
  return /(^|,)\s*text\/html\b/i.test(accept ?? '');
}

/** A malformed escape cannot name any page: it falls through to the not-found answer. */
function safeDecode(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return '/\u0000';
  }
}

function sendPage(reply: FastifyReply, status: number, html: string, head: PageHead | null, siteName: string) {
  const page = head ? withHead(html, renderHead(head, siteName)) : html;
  return reply.status(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
}

/** Adds the page's modulepreload links at the end of the head, after the entry's own. */
export function withPreloads(html: string, links: string): string {
  return links ? html.replace('</head>', `  ${links}\n  </head>`) : html;
}

/** Puts the page's API answers at the start of the body, before the app's root element. */
export function withInitialData(html: string, script: string): string {
  return script ? html.replace(/<body[^>]*>/, (body) => `${body}\n    ${script}`) : html;
}

/** Replaces the shell's generic title and description with the page's tags. */
export function withHead(html: string, tags: string): string {
  const stripped = html.replace(/\s*<title>[\s\S]*?<\/title>/, '').replace(/\s*<meta name="description"[^>]*>/, '');
  return stripped.replace(/(<meta name="viewport"[^>]*>)/, `$1\n    ${tags}`);
}

/** index.html, re-read when a new build replaces it (the server may outlive a build). */
function shellTemplate(file: string): () => string {
  let cached = { mtime: 0, html: '' };
  return () => {
    const mtime = statSync(file).mtimeMs;
    if (mtime !== cached.mtime) cached = { mtime, html: readFileSync(file, 'utf8') };
    return cached.html;
  };
}
