import { gzipSync } from 'node:zlib';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO, loginAs, signInBrowser } from './helpers';

/** A guest's first visit to the home page: how much JavaScript it loads. */
const HOME_BUDGET_GZIP_BYTES = 100 * 1024;

/**
 * Text that only the libraries which must stay out of a guest's first load contain, kept by the
 * minifier: zod's error class name, react-hook-form's context names, engine.io's protocol query.
 */
const LAZY_LIBRARIES: [string, RegExp][] = [
  ['zod', /ZodError/],
  ['react-hook-form', /HookFormContext/],
  ['socket.io-client', /\.EIO=/],
];

type Script = { url: string; body: Buffer };

/**
 * Every script the page fetches from the app's origin, from navigation until the page has painted
 * its main content and the network is idle: the entry, its imports, the route's chunk and anything
 * the app imports at start-up. The service worker is blocked so its precache is not counted.
 */
async function firstLoadScripts(page: Page, path: string, ready: (page: Page) => Promise<void>): Promise<Script[]> {
  const scripts: Promise<Script | null>[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin !== new URL(page.url() || response.url()).origin || !url.pathname.endsWith('.js')) return;
    scripts.push(
      response.body().then(
        (body) => ({ url: url.pathname, body }),
        () => null,
      ),
    );
  });
  await page.goto(path);
  await ready(page);
  await page.waitForLoadState('networkidle');
  return (await Promise.all(scripts)).filter((script): script is Script => script !== null);
}

/** A product the public can see (optionally one that is available) and its producer, from the demo data. */
async function publicIds(request: APIRequestContext, availability?: string): Promise<{ productId: number; producerId: number }> {
  const { producers } = (await (await request.get('/api/producers?limit=5')).json()) as { producers: { user_id: number }[] };
  for (const producer of producers) {
    const profile = (await (await request.get(`/api/producers/${producer.user_id}`)).json()) as {
      products: { id: number; availability?: string }[];
    };
    const product = profile.products.find((p) => !availability || p.availability === availability);
    if (product) return { productId: product.id, producerId: producer.user_id };
  }
  throw new Error('no such public product in the demo data');
}

const gzipBytes = (scripts: Script[]) => scripts.reduce((sum, s) => sum + gzipSync(s.body, { level: 6 }).length, 0);

function expectNoLazyLibraries(scripts: Script[], path: string): void {
  for (const [library, marker] of LAZY_LIBRARIES) {
    const carrying = scripts.filter((s) => marker.test(s.body.toString('utf8'))).map((s) => s.url);
    expect(carrying, `${library} in the first load of ${path}`).toEqual([]);
  }
}

test.describe('first-load JavaScript', () => {
  test.use({ serviceWorkers: 'block' });

  test('a guest’s home page loads at most 100 KB of JavaScript gzipped, without zod, forms or the socket client', async ({
    page,
  }) => {
    const scripts = await firstLoadScripts(page, '/', async (p) => {
      await expect(p.getByRole('heading', { level: 1 })).toBeVisible();
    });
    expect(scripts.length).toBeGreaterThan(0);
    const gzip = gzipBytes(scripts);
    console.log(`home first load: ${scripts.length} scripts, ${(gzip / 1024).toFixed(1)} KB gzip`);
    expect(gzip).toBeLessThanOrEqual(HOME_BUDGET_GZIP_BYTES);
    expectNoLazyLibraries(scripts, '/');
  });

  test('a guest’s product, producer and product list pages load no zod, form library or socket client', async ({
    page,
    request,
  }) => {
    const { productId, producerId } = await publicIds(request);
    for (const path of ['/products', `/product/${productId}`, `/producer/${producerId}`]) {
      const scripts = await firstLoadScripts(page, path, async (p) => {
        await expect(p.getByRole('heading', { level: 1 })).toBeVisible();
      });
      expectNoLazyLibraries(scripts, path);
    }
  });

  test('a signed-in shopper still gets the inquiry and review forms, loaded when shown, with readable errors', async ({
    page,
    request,
  }) => {
    const consumer = await loginAs(request, DEMO.consumer.email, DEMO.consumer.password);
    const { productId } = await publicIds(request, 'available');
    await signInBrowser(page, consumer);
    await page.goto(`/product/${productId}`);
    await page.locator('summary', { hasText: /^Ask .+ a question/ }).click();
    const inquiry = page.locator('form').filter({ has: page.getByRole('button', { name: 'Send Inquiry' }) });
    await expect(inquiry).toBeVisible();
    await inquiry.getByRole('button', { name: 'Send Inquiry' }).click();
    await expect(inquiry.getByText('Please enter a message')).toBeVisible();
  });
});
