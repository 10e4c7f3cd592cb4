import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProducer, buildProduct } from '../../test/producer-factories';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { loadPageScripts, modulePreloadLinks } from './spa-routes';

/** A stand-in for the web build: the shell with the entry, the route list and page-scripts.json. */
function fakeWebBuild(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'farmstand-web-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" />\n<meta name="viewport" content="width=device-width" />\n<title>Farmstand</title>\n<script type="module" crossorigin src="/assets/index-a1.js"></script>\n</head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(root, 'spa-routes.json'), JSON.stringify(['*', '/', '/products', '/product/:id', '/pricing']));
  writeFileSync(
    path.join(root, 'page-scripts.json'),
    JSON.stringify({
      '/products': ['/assets/products-page-b2.js', '/assets/product-image-c3.js'],
      '/product/:id': ['/assets/product-page-d4.js', '/assets/product-image-c3.js'],
      '*': ['/assets/not-found-page-e5.js'],
      '/pricing': ['/assets/pricing-page-f6.js', 'https://elsewhere.example/x.js', '/assets/"><script>.js'],
    }),
  );
  return root;
}

const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe('a served page preloads the scripts of its route', () => {
  const root = fakeWebBuild();

  it('matches a path to its route’s scripts; none for unknown paths or the not-found route; only our asset files', () => {
    const scripts = loadPageScripts(root);
    expect(modulePreloadLinks(scripts, '/product/12')).toContain('href="/assets/product-page-d4.js"');
    expect(modulePreloadLinks(scripts, '/products')).toContain('href="/assets/products-page-b2.js"');
    expect(modulePreloadLinks(scripts, '/nowhere')).toBe('');
    expect(modulePreloadLinks(scripts, '/pricing')).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/pricing-page-f6.js">',
    );
    expect(loadPageScripts(mkdtempSync(path.join(os.tmpdir(), 'farmstand-web-')))).toEqual([]);
  });

  describe('served pages', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await buildTestApp({ webDist: root, publicUrl: 'https://farmstand.example' });
    });
    afterAll(async () => {
      await app.closeAll();
    });

    it('a product page names its page chunks in the head, after the entry; a 404 names none', async () => {
      const productId = await buildProduct(app, await buildProducer(app));
      const res = await app.inject({ method: 'GET', url: `/product/${productId}` });
      expect(res.statusCode).toBe(200);
      expect(preloads(res.body)).toEqual(['/assets/product-page-d4.js', '/assets/product-image-c3.js']);
      const head = res.body.slice(0, res.body.indexOf('</head>'));
      expect(head.indexOf('/assets/index-a1.js')).toBeLessThan(head.indexOf('/assets/product-page-d4.js'));
      expect(preloads((await app.inject({ method: 'GET', url: '/products' })).body)).toEqual([
        '/assets/products-page-b2.js',
        '/assets/product-image-c3.js',
      ]);
      const missing = await app.inject({ method: 'GET', url: '/product/99999999' });
      expect(missing.statusCode).toBe(404);
      expect(preloads(missing.body)).toEqual([]);
    });
  });
});
