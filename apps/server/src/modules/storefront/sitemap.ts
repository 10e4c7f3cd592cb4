import type { Db } from '../../db/client';
import { escapeXml } from './html';
import { countPublicPages, listPublicProducerPages, listPublicProductPages, type SitemapEntry } from './storefront.repository';

/** The sitemaps protocol's limit per file; past it /sitemap.xml becomes an index of numbered files. */
export const SITEMAP_MAX_URLS = 50_000;

/** Public pages that are always there (the SPA's storefront routes). */
export const STATIC_PUBLIC_PATHS = [
  '/',
  '/products',
  '/map',
  '/markets',
  '/search',
  '/pricing',
  '/resources',
  '/about',
  '/contact',
  '/terms',
  '/privacy',
];

type Segment = { count: number; fetch: (offset: number, limit: number) => Promise<SitemapEntry[]> };

/** What the sitemap holds, in order: fixed pages, producers, products (docs/decisions/151). */
async function segments(db: Db): Promise<Segment[]> {
  const counts = await countPublicPages(db);
  return [
    {
      count: STATIC_PUBLIC_PATHS.length,
      fetch: async (offset, limit) =>
        STATIC_PUBLIC_PATHS.slice(offset, offset + limit).map((path) => ({ path, updatedAt: null })),
    },
    { count: counts.producers, fetch: (offset, limit) => listPublicProducerPages(db, offset, limit) },
    { count: counts.products, fetch: (offset, limit) => listPublicProductPages(db, offset, limit) },
  ];
}

/** The entries with global positions [from, from + limit) across the segments. */
async function slice(parts: Segment[], from: number, limit: number): Promise<SitemapEntry[]> {
  const out: SitemapEntry[] = [];
  let start = 0;
  for (const part of parts) {
    const end = start + part.count;
    if (from < end && from + limit > start) {
      const offset = Math.max(0, from - start);
      out.push(...(await part.fetch(offset, Math.min(part.count - offset, from + limit - start - offset))));
    }
    start = end;
  }
  return out;
}

function urlset(base: string, entries: SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.updatedAt ? `<lastmod>${entry.updatedAt.toISOString()}</lastmod>` : '';
    return `<url><loc>${escapeXml(base + entry.path)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * /sitemap.xml: every public page while they fit in one file, else a sitemap index of
 * /sitemaps/{n}.xml files. Built from the database on each request, so it follows the catalogue.
 */
export async function sitemapRoot(db: Db, base: string, chunk = SITEMAP_MAX_URLS): Promise<string> {
  const parts = await segments(db);
  const total = parts.reduce((sum, part) => sum + part.count, 0);
  if (total <= chunk) return urlset(base, await slice(parts, 0, total));
  const files = Math.ceil(total / chunk);
  const items = Array.from(
    { length: files },
    (_, i) => `<sitemap><loc>${escapeXml(`${base}/sitemaps/${i + 1}.xml`)}</loc></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}

/** One numbered file of a chunked sitemap (1-based); null past the last one. */
export async function sitemapPart(db: Db, base: string, part: number, chunk = SITEMAP_MAX_URLS): Promise<string | null> {
  const parts = await segments(db);
  const total = parts.reduce((sum, p) => sum + p.count, 0);
  if (!Number.isInteger(part) || part < 1 || (part - 1) * chunk >= total) return null;
  return urlset(base, await slice(parts, (part - 1) * chunk, chunk));
}

export function robotsTxt(base: string): string {
  return [
    'User-agent: *',
    // Signed-in areas and the API have nothing for a search engine.
    'Disallow: /api/',
    'Disallow: /dashboard',
    'Disallow: /messages',
    'Disallow: /profile',
    'Disallow: /admin',
    'Disallow: /billing',
    'Disallow: /favorites',
    'Disallow: /orders',
    'Disallow: /checkout/',
    'Disallow: /account/',
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
}
