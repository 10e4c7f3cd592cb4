import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, setUserStatus } from '../../test/factories';
import { buildMarket } from '../../test/market-factories';
import { buildProducer, buildProduct, validProduct } from '../../test/producer-factories';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { sitemapPart, sitemapRoot } from './sitemap';

/** A stand-in for the web build: the shell, the route list and one precompressed script. */
function fakeWebBuild(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'farmstand-web-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" />\n<meta name="viewport" content="width=device-width" />\n<meta name="description" content="Generic" />\n<title>Farmstand</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    path.join(root, 'spa-routes.json'),
    JSON.stringify(['*', '/', '/products', '/product/:id', '/producer/:id', '/map', '/markets', '/markets/:slug']),
  );
  const script = `console.log(${JSON.stringify('x'.repeat(5000))});`;
  writeFileSync(path.join(root, 'assets', 'app-abc123.js'), script);
  writeFileSync(path.join(root, 'assets', 'app-abc123.js.gz'), gzipSync(script));
  return root;
}

/** The page's inlined API answers, parsed, or null when there is no block. */
function initialData(html: string): { path: string; api: Record<string, unknown> } {
  const match = /<script type="application\/json" id="initial-data">([^<]*)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('no initial data in the page');
  return JSON.parse(match[1]);
}

/** The parsed JSON-LD block of a page. */
function jsonLd(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('no JSON-LD in the page');
  return JSON.parse(match[1]);
}

const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1] ?? null;

describe('storefront pages for crawlers, compression and 404s', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ webDist: fakeWebBuild(), publicUrl: 'https://farmstand.example' });
  });
  afterAll(async () => app.closeAll());

  it('serves a product page with its head tags and Product JSON-LD from the database, without JavaScript', async () => {
    const producer = await buildProducer(app, { farm_name: 'Hilltop & Sons', city: 'Berea', zip: '40403' });
    const id = await buildProduct(app, producer, validProduct({ name: 'Sourdough <Loaf>', category: 'bread', price: 7.25 }));
    const res = await app.inject({ method: 'GET', url: `/product/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain('<title>Sourdough &lt;Loaf&gt; — Hilltop &amp; Sons | Farmstand</title>');
    expect(html).not.toContain('content="Generic"');
    expect(meta(html, 'description')).toBe('A dozen brown eggs.');
    expect(html).toContain(`<link rel="canonical" href="https://farmstand.example/product/${id}" />`);
    expect(meta(html, 'og:title')).toBe('Sourdough &lt;Loaf&gt; — Hilltop &amp; Sons | Farmstand');
    expect(meta(html, 'og:description')).toBe('A dozen brown eggs.');
    expect(meta(html, 'twitter:card')).toBe('summary');
    expect(html).toContain('<div id="root"></div>');
    const ld = jsonLd(html);
    expect(ld['@type']).toBe('Product');
    expect(ld.name).toBe('Sourdough <Loaf>');
    expect(ld.offers).toMatchObject({
      '@type': 'Offer',
      price: '7.25',
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      seller: { '@type': 'LocalBusiness', name: 'Hilltop & Sons', url: `https://farmstand.example/producer/${producer.id}` },
    });
    // "</script>" inside data can never end a block early: one for the JSON-LD, one for the page's API answers.
    expect(html.match(/<\/script>/g)?.length).toBe(2);
  });

  it('gives og:image as the absolute URL of the primary picture, and reads fresh data on every request', async () => {
    const producer = await buildProducer(app);
    const id = await buildProduct(app, producer);
    // Straight in the database: the upload pipeline is tested in the images module.
    await app.ctx.db.execute(
      sql.raw(
        `update products set primary_image_url = '/uploads/products/${id}/abc-800.webp', availability = 'sold_out' where id = ${id}`,
      ),
    );
    const html = (await app.inject({ method: 'GET', url: `/product/${id}` })).body;
    expect(meta(html, 'og:image')).toBe(`https://farmstand.example/uploads/products/${id}/abc-800.webp`);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(jsonLd(html).offers).toMatchObject({ availability: 'https://schema.org/OutOfStock' });
  });

  it('serves a producer page with LocalBusiness JSON-LD: address without the street, and geo', async () => {
    const producer = await buildProducer(app, {
      farm_name: 'Cedar Run Farm',
      city: 'Paris',
      zip: '40361',
      description: 'Grass-fed beef.',
    });
    await app.ctx.db.execute(
      sql.raw(`update producers set latitude = 38.2098, longitude = -84.2530 where user_id = ${producer.id}`),
    );
    const res = await app.inject({ method: 'GET', url: `/producer/${producer.id}` });
    expect(res.statusCode).toBe(200);
    // The same title the web app sets, so nothing changes as the app starts.
    expect(res.body).toContain('<title>Cedar Run Farm — Paris, KY | Farmstand</title>');
    expect(meta(res.body, 'description')).toBe('Grass-fed beef.');
    expect(res.body).toContain(`<link rel="canonical" href="https://farmstand.example/producer/${producer.id}" />`);
    const ld = jsonLd(res.body);
    expect(ld).toMatchObject({
      '@type': 'LocalBusiness',
      name: 'Cedar Run Farm',
      address: {
        '@type': 'PostalAddress',
        addressLocality: 'Paris',
        addressRegion: 'KY',
        postalCode: '40361',
        addressCountry: 'US',
      },
      geo: { '@type': 'GeoCoordinates', latitude: 38.2098, longitude: -84.253 },
    });
    expect(JSON.stringify(ld)).not.toContain('100 Main St');
  });

  it('answers 404 with the app shell for unknown products, producers and paths, and for hidden ones', async () => {
    const suspended = await buildProducer(app);
    const hiddenProduct = await buildProduct(app, suspended);
    await setUserStatus(app, suspended.id, 'suspended');
    for (const url of [
      '/product/999999',
      '/product/abc',
      '/product/99999999999',
      '/producer/999999',
      `/producer/${suspended.id}`,
      `/product/${hiddenProduct}`,
      '/no-such-page',
      '/products/extra/bits',
      '/product/1.5',
      '/about.php',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).toContain('<meta name="robots" content="noindex" />');
    }
    for (const url of ['/', '/products', '/map', '/products?category=eggs']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
    const api = await app.inject({ method: 'GET', url: '/api/no-such-endpoint' });
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toContain('No such endpoint');
    // A missing script or icon is a short 404; a browser sent to one still gets the not-found page.
    const script = await app.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(script.statusCode).toBe(404);
    expect(script.headers['content-type']).toContain('application/json');
    const followed = await app.inject({ method: 'GET', url: '/favicon.ico', headers: { accept: 'text/html,*/*;q=0.8' } });
    expect(followed.statusCode).toBe(404);
    expect(followed.body).toContain('<div id="root"></div>');
  });

  it('gives every fixed public page the title the web app sets, a description and a canonical URL', async () => {
    const titles: Record<string, string> = {
      '/': 'Local food, direct from the farm | Farmstand',
      '/products': 'Browse products | Farmstand',
      '/map': 'Producer map | Farmstand',
    };
    for (const [url, title] of Object.entries(titles)) {
      const html = (await app.inject({ method: 'GET', url })).body;
      expect(html, url).toContain(`<title>${title}</title>`);
      expect(html.match(/<title>/g), url).toHaveLength(1);
      expect(meta(html, 'description'), url).not.toBe('Generic');
      expect(html, url).toContain(`<link rel="canonical" href="https://farmstand.example${url}" />`);
      expect(meta(html, 'og:title'), url).toBe(title);
    }
    const filtered = (await app.inject({ method: 'GET', url: '/products?category=eggs' })).body;
    expect(filtered).toContain('<link rel="canonical" href="https://farmstand.example/products" />');
  });

  it('gives a page without a picture the site icon for link previews, and the picture once it has one', async () => {
    const producer = await buildProducer(app);
    const id = await buildProduct(app, producer);
    const bare = (await app.inject({ method: 'GET', url: `/product/${id}` })).body;
    expect(meta(bare, 'og:image')).toBe('https://farmstand.example/icon-512.png');
    expect(meta(bare, 'twitter:card')).toBe('summary');
    expect(jsonLd(bare)).not.toHaveProperty('image');
    expect(meta((await app.inject({ method: 'GET', url: `/producer/${producer.id}` })).body, 'og:image')).toMatch(
      /^https:\/\/farmstand\.example\//,
    );
  });

  it('lists a newly created product and its producer in the sitemap, and drops it when deleted', async () => {
    const producer = await buildProducer(app);
    const id = await buildProduct(app, producer);
    const res = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(res.body).toContain(`<loc>https://farmstand.example/product/${id}</loc>`);
    expect(res.body).toContain(`<loc>https://farmstand.example/producer/${producer.id}</loc>`);
    expect(res.body).toContain('<loc>https://farmstand.example/products</loc>');
    await app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: bearer(producer) });
    expect((await app.inject({ method: 'GET', url: '/sitemap.xml' })).body).not.toContain(`/product/${id}<`);
  });

  it('becomes a sitemap index of numbered files past the per-file limit', async () => {
    const root = await sitemapRoot(app.ctx.db, 'https://farmstand.example', 5);
    expect(root).toContain('<sitemapindex');
    const files = [...root.matchAll(/<loc>https:\/\/farmstand\.example\/sitemaps\/(\d+)\.xml<\/loc>/g)].map((m) => Number(m[1]));
    expect(files.length).toBeGreaterThan(2);
    const all: string[] = [];
    for (const n of files) {
      const part = await sitemapPart(app.ctx.db, 'https://farmstand.example', n, 5);
      const locs = [...(part ?? '').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] as string);
      expect(locs.length).toBeLessThanOrEqual(5);
      all.push(...locs);
    }
    expect(new Set(all).size).toBe(all.length);
    const single = await sitemapRoot(app.ctx.db, 'https://farmstand.example');
    expect(all.sort()).toEqual([...single.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] as string).sort());
    expect(await sitemapPart(app.ctx.db, 'https://farmstand.example', files.length + 1, 5)).toBeNull();
    expect((await app.inject({ method: 'GET', url: '/sitemaps/999.xml' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/sitemaps/1.xml' })).statusCode).toBe(200);
  });

  it('serves robots.txt pointing at the sitemap', async () => {
    const res = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('Sitemap: https://farmstand.example/sitemap.xml');
    expect(res.body).toContain('Disallow: /api/');
  });

  it('without PUBLIC_URL, starts absolute URLs with the address the request came to', async () => {
    const bare = await buildTestApp({ webDist: fakeWebBuild(), publicUrl: 'http://localhost:0', port: 0 });
    try {
      const producer = await buildProducer(bare);
      const id = await buildProduct(bare, producer);
      const headers = { host: '127.0.0.1:3470' };
      const html = (await bare.inject({ method: 'GET', url: `/product/${id}`, headers })).body;
      expect(html).toContain(`<link rel="canonical" href="http://127.0.0.1:3470/product/${id}" />`);
      expect(meta(html, 'og:url')).toBe(`http://127.0.0.1:3470/product/${id}`);
      expect((await bare.inject({ method: 'GET', url: '/sitemap.xml', headers })).body).toContain(
        `<loc>http://127.0.0.1:3470/product/${id}</loc>`,
      );
      expect((await bare.inject({ method: 'GET', url: '/robots.txt', headers })).body).toContain(
        'Sitemap: http://127.0.0.1:3470/sitemap.xml',
      );
    } finally {
      await bare.closeAll();
    }
  });

  describe('API answers inlined in the page', () => {
    const get = async (url: string) => (await app.inject({ method: 'GET', url })).json();

    it('puts exactly what a guest GET answers for a product page into the page, keyed by URL', async () => {
      const producer = await buildProducer(app, { farm_name: 'Inline Acres' });
      const id = await buildProduct(app, producer, validProduct({ name: 'Inline Eggs' }));
      const res = await app.inject({ method: 'GET', url: `/product/${id}` });
      expect(res.statusCode).toBe(200);
      const data = initialData(res.body);
      expect(data.path).toBe(`/product/${id}`);
      expect(Object.keys(data.api).sort()).toEqual(
        ['/api/site', `/api/products/${id}`, `/api/reviews/product/${id}`, `/api/pickup/producers/${producer.id}`].sort(),
      );
      for (const url of Object.keys(data.api)) expect(data.api[url], url).toEqual(await get(url));
      // Before the app's root, inside the body: data, not a script that runs.
      expect(res.body.indexOf('id="initial-data"')).toBeGreaterThan(res.body.indexOf('<body'));
      expect(res.body.indexOf('id="initial-data"')).toBeLessThan(res.body.indexOf('<div id="root">'));
    });

    it('escapes the data so no text can end the block or open a comment, and reads it back unchanged', async () => {
      const producer = await buildProducer(app);
      const name = 'Jam </script><script>alert(1)</script>';
      const description = 'Sweet <!-- not a comment --> & sharp\u2028line two';
      const id = await buildProduct(app, producer, validProduct({ name, description }));
      const html = (await app.inject({ method: 'GET', url: `/product/${id}` })).body;
      const block = /<script type="application\/json" id="initial-data">([^<]*)<\/script>/.exec(html)?.[1] ?? '';
      expect(block).not.toMatch(/[<>]/);
      expect(block).not.toContain('\u2028');
      expect(html).not.toContain('<script>alert(1)</script>');
      expect(html.match(/<\/script>/g)?.length).toBe(2);
      const product = (initialData(html).api[`/api/products/${id}`] as { product: { name: string; description: string } })
        .product;
      expect(product.name).toBe(name);
      expect(product.description).toBe(description);
    });

    it("gives a producer page its profile, its and its products' reviews, pickup and favourite count; fresh on every request", async () => {
      const producer = await buildProducer(app, { farm_name: 'Fresh Fields' });
      const url = `/producer/${producer.id}`;
      const first = initialData((await app.inject({ method: 'GET', url })).body);
      expect(Object.keys(first.api).sort()).toEqual(
        [
          '/api/site',
          `/api/producers/${producer.id}`,
          `/api/reviews/producer/${producer.id}`,
          `/api/reviews/producer/${producer.id}/products`,
          `/api/pickup/producers/${producer.id}`,
          `/api/favorites/count/${producer.id}`,
        ].sort(),
      );
      for (const key of Object.keys(first.api)) expect(first.api[key], key).toEqual(await get(key));
      await app.ctx.db.execute(sql.raw(`update producers set farm_name = 'Fresher Fields' where user_id = ${producer.id}`));
      const again = initialData((await app.inject({ method: 'GET', url })).body);
      expect((again.api[`/api/producers/${producer.id}`] as { farm_name: string }).farm_name).toBe('Fresher Fields');
    });

    it('gives /products its first page of available products, and nothing for filters in the URL', async () => {
      const plain = initialData((await app.inject({ method: 'GET', url: '/products' })).body);
      const key = '/api/search/products?availability=available&limit=20&offset=0';
      expect(Object.keys(plain.api).sort()).toEqual(['/api/site', key].sort());
      // The browse total is kept and refreshed in the background by the search module, so it may move between two reads.
      const inlined = plain.api[key] as { products: unknown[]; total: number };
      expect(inlined.products).toEqual((await get(key)).products);
      expect(typeof inlined.total).toBe('number');
      const filtered = initialData((await app.inject({ method: 'GET', url: '/products?category=eggs' })).body);
      expect(Object.keys(filtered.api)).toEqual(['/api/site']);
    });

    it('gives a market page its title, head tags and JSON-LD, and what a guest GET of the market answers', async () => {
      const market = await buildMarket(app, { name: 'Berea <Saturday> Market', city: 'Berea', zip: '40403' });
      const url = `/markets/${market.slug}`;
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const title = `Berea &lt;Saturday&gt; Market — Berea, KY | Farmstand`;
      expect(res.body).toContain(`<title>${title}</title>`);
      expect(res.body).toContain(`<link rel="canonical" href="https://farmstand.example${url}" />`);
      expect(meta(res.body, 'description')).toBe('Saturday mornings downtown.');
      expect(jsonLd(res.body)).toMatchObject({
        '@type': 'LocalBusiness',
        name: 'Berea <Saturday> Market',
        address: { streetAddress: '100 W Vine St', addressLocality: 'Berea', postalCode: '40403' },
        geo: { latitude: 38.0464, longitude: -84.4967 },
      });
      const data = initialData(res.body);
      expect(Object.keys(data.api).sort()).toEqual(['/api/site', `/api/markets/${market.slug}`].sort());
      expect(data.api[`/api/markets/${market.slug}`]).toEqual(await get(`/api/markets/${market.slug}`));
    });

    it('answers an unknown market 404 with the not-found page, and gives /markets its list by name', async () => {
      const unknown = await app.inject({ method: 'GET', url: '/markets/no-such-market' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.body).toContain('<meta name="robots" content="noindex" />');
      expect(Object.keys(initialData(unknown.body).api)).toEqual(['/api/site']);
      const list = await app.inject({ method: 'GET', url: '/markets' });
      expect(list.body).toContain('<title>Farmers markets | Farmstand</title>');
      expect(initialData(list.body).api['/api/markets']).toEqual(await get('/api/markets'));
      expect(Object.keys(initialData((await app.inject({ method: 'GET', url: '/markets?q=berea' })).body).api)).toEqual([
        '/api/site',
      ]);
    });

    it('gives not-found pages and hidden products nothing but the site settings', async () => {
      const suspended = await buildProducer(app);
      const hidden = await buildProduct(app, suspended);
      await setUserStatus(app, suspended.id, 'suspended');
      for (const url of [`/product/${hidden}`, '/product/999999', `/producer/${suspended.id}`, '/no-such-page']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(Object.keys(initialData(res.body).api), url).toEqual(['/api/site']);
      }
    });

    it('in maintenance mode gives only the site settings, as the API does for guests', async () => {
      const producer = await buildProducer(app);
      const id = await buildProduct(app, producer);
      const maintenance = await app.ctx.settings.get('maintenance');
      await app.ctx.settings.set('maintenance', { ...maintenance, maintenance_mode: true });
      try {
        const data = initialData((await app.inject({ method: 'GET', url: `/product/${id}` })).body);
        expect(Object.keys(data.api)).toEqual(['/api/site']);
        expect((data.api['/api/site'] as { maintenance: { enabled: boolean } }).maintenance.enabled).toBe(true);
      } finally {
        await app.ctx.settings.set('maintenance', { ...maintenance, maintenance_mode: false });
      }
    });
  });

  describe('compression', () => {
    it('compresses a large JSON answer with brotli or gzip by Accept-Encoding, and leaves small ones alone', async () => {
      const producer = await buildProducer(app);
      for (let i = 0; i < 3; i++)
        await buildProduct(app, producer, validProduct({ description: `Long description ${i} `.repeat(40) }));
      const url = '/api/products/mine';
      const plain = await app.inject({ method: 'GET', url, headers: bearer(producer) });
      expect(plain.headers['content-encoding']).toBeUndefined();
      // The plain answer depends on Accept-Encoding too: a shared cache must not give it to everyone.
      expect(plain.headers.vary).toContain('accept-encoding');
      const refused = await app.inject({ method: 'GET', url, headers: { ...bearer(producer), 'accept-encoding': 'gzip;q=0' } });
      expect(refused.headers['content-encoding']).toBeUndefined();
      expect(refused.headers.vary).toContain('accept-encoding');
      const br = await app.inject({ method: 'GET', url, headers: { ...bearer(producer), 'accept-encoding': 'br, gzip' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toContain('accept-encoding');
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
      const gz = await app.inject({ method: 'GET', url, headers: { ...bearer(producer), 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
      expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);

      const small = await app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
      expect(small.rawPayload.length).toBeLessThan(1024);
      expect(small.headers['content-encoding']).toBeUndefined();
    });

    it('compresses pages and serves the build’s precompressed files as they are', async () => {
      const producer = await buildProducer(app, { description: 'Words '.repeat(100) });
      const page = await app.inject({ method: 'GET', url: `/producer/${producer.id}`, headers: { 'accept-encoding': 'gzip' } });
      expect(page.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(page.rawPayload).toString()).toContain('<title>');

      const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-encoding']).toBe('gzip');
      expect(asset.headers['content-type']).toContain('javascript');
      expect(gunzipSync(asset.rawPayload).toString()).toContain('console.log');
      const raw = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(raw.headers['content-encoding']).toBeUndefined();
      expect(raw.body).toContain('console.log');

      const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml', headers: { 'accept-encoding': 'br' } });
      expect(sitemap.headers['content-encoding']).toBe('br');
      const identity = await app.inject({ method: 'GET', url: '/sitemap.xml', headers: { 'accept-encoding': 'identity' } });
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.headers.vary).toContain('accept-encoding');
      expect(identity.body).toContain('<urlset');
      // The site's own small text files too: the size threshold is for API answers.
      const robots = await app.inject({ method: 'GET', url: '/robots.txt', headers: { 'accept-encoding': 'gzip' } });
      expect(robots.rawPayload.length).toBeLessThan(1024);
      expect(robots.headers['content-encoding']).toBe('gzip');
      expect(robots.headers.vary).toContain('accept-encoding');
      expect(gunzipSync(robots.rawPayload).toString()).toContain('Sitemap:');
    });
  });
});
