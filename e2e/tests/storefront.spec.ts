import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { createUser, DEMO, loginAs, signInBrowser, untilIdle } from './helpers';

/** A product and a producer the public can see (demo data), by their ids. */
async function publicIds(
  request: APIRequestContext,
): Promise<{ productId: number; producerId: number; productName: string; farmName: string }> {
  const producers = (await (await request.get('/api/producers?limit=5')).json()) as {
    producers: { user_id: number; farm_name: string }[];
  };
  const producer = producers.producers[0];
  if (!producer) throw new Error('no public producer in the demo data');
  const profile = (await (await request.get(`/api/producers/${producer.user_id}`)).json()) as {
    products: { id: number; name: string; farm_name: string }[];
  };
  const product = profile.products[0];
  if (!product) throw new Error('the first demo producer lists no product');
  return { productId: product.id, producerId: producer.user_id, productName: product.name, farmName: producer.farm_name };
}

/** Sums every layout shift not caused by input, from the first paint on (PerformanceObserver, buffered). */
async function watchLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number; __shifts: string[] };
    w.__cls = 0;
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        w.__cls += entry.value;
        const nodes = (entry.sources ?? []).map((s) =>
          s.node instanceof Element ? `${s.node.tagName}.${s.node.className}`.slice(0, 80) : String(s.node?.nodeName),
        );
        w.__shifts.push(`${entry.value.toFixed(4)} ${nodes.join(' | ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

test.describe('storefront on a phone: layout shift', () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

  test('every public page settles with a cumulative layout shift of at most 0.05', async ({ page, request }) => {
    test.setTimeout(120_000);
    const { productId, producerId } = await publicIds(request);
    await watchLayoutShift(page);
    // Like Lighthouse's mobile run: a slower phone and network, so the loading states are on screen long enough to shift.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    const results: Record<string, { cls: number; shifts: string[] }> = {};
    for (const path of ['/', '/products', `/product/${productId}`, `/producer/${producerId}`, '/map', '/pricing', '/search']) {
      await page.goto(path, { waitUntil: 'networkidle' });
      await untilIdle(page);
      results[path] = await page.evaluate(() => {
        const w = window as unknown as { __cls: number; __shifts: string[] };
        return { cls: w.__cls, shifts: w.__shifts };
      });
    }
    console.log(
      Object.entries(results)
        .map(([path, r]) => `${path}: CLS ${r.cls.toFixed(4)}`)
        .join('\n'),
    );
    for (const [path, r] of Object.entries(results)) expect(r.cls, `${path}: ${r.shifts.join('; ')}`).toBeLessThanOrEqual(0.05);
  });
});

test.describe('document titles and status codes', () => {
  test('every route has its own document title', async ({ page, request }) => {
    test.setTimeout(120_000);
    const { productId, producerId, productName, farmName } = await publicIds(request);
    const guestRoutes: [string, string | RegExp][] = [
      ['/', 'Local food, direct from the farm | Farmstand'],
      ['/products', 'Browse products | Farmstand'],
      [`/product/${productId}`, `${productName} — ${farmName} | Farmstand`],
      [`/producer/${producerId}`, new RegExp(`^${farmName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} — .+ \\| Farmstand$`)],
      ['/map', 'Producer map | Farmstand'],
      ['/search', 'Search | Farmstand'],
      ['/pricing', 'Pricing | Farmstand'],
      ['/resources', 'Resources for producers | Farmstand'],
      ['/about', 'About us | Farmstand'],
      ['/contact', 'Contact us | Farmstand'],
      ['/terms', 'Terms of service | Farmstand'],
      ['/privacy', 'Privacy policy | Farmstand'],
      ['/login', 'Sign in | Farmstand'],
      ['/register', 'Create an account | Farmstand'],
      ['/forgot-password', 'Forgot password | Farmstand'],
      ['/favorites', 'My favorites | Farmstand'],
      ['/product/99999999', 'Product not found | Farmstand'],
      ['/no-such-page', 'Page not found | Farmstand'],
    ];
    const seen = new Set<string>();
    for (const [path, title] of guestRoutes) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(title);
      seen.add(await page.title());
    }
    expect(seen.size).toBe(guestRoutes.length);

    const consumer = await loginAs(request, DEMO.consumer.email, DEMO.consumer.password);
    await signInBrowser(page, consumer);
    for (const [path, title] of [
      ['/dashboard', 'Dashboard | Farmstand'],
      ['/messages', 'Messages | Farmstand'],
    ]) {
      await page.goto(path as string);
      await expect(page, path).toHaveTitle(title as string);
    }
  });

  test('the signed-in areas and the admin tabs have their own document titles too', async ({ browser, request }) => {
    test.setTimeout(120_000);
    const { producerId } = await publicIds(request);
    const areas: [keyof typeof DEMO, string, string][] = [
      ['producer', '/dashboard', 'Dashboard | Farmstand'],
      ['producer', '/profile', 'My farm profile | Farmstand'],
      ['producer', '/billing', 'Billing | Farmstand'],
      ['producer', '/orders', 'My purchases | Farmstand'],
      ['producer', '/account/password', 'Change your password | Farmstand'],
      ['consumer', `/checkout/${producerId}`, 'Checkout | Farmstand'],
      ['consumer', '/favorites', 'My favorites | Farmstand'],
      ['consumer', '/messages', 'Messages | Farmstand'],
      ['admin', '/admin', 'Dashboard · Admin | Farmstand'],
      ['admin', '/admin?tab=users', 'Users · Admin | Farmstand'],
      ['admin', '/admin?tab=health', 'Health · Admin | Farmstand'],
    ];
    const seen = new Set<string>();
    for (const role of ['consumer', 'producer', 'admin'] as const) {
      const user = await loginAs(request, DEMO[role].email, DEMO[role].password);
      const context = await browser.newContext({ serviceWorkers: 'block' });
      const page = await context.newPage();
      await page.route(/\/socket\.io\//, (route) => route.abort());
      await signInBrowser(page, user);
      for (const [who, path, title] of areas.filter(([who]) => who === role)) {
        await page.goto(path);
        await expect(page, `${who} ${path}`).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
        await expect(page, `${who} ${path}`).toHaveTitle(title);
        seen.add(title);
      }
      await context.close();
    }
    // Each area names itself: no two share a title.
    expect(seen.size).toBe(areas.length);
  });

  test('unknown pages answer 404 and still show the app’s not-found page; known ones 200', async ({ page, request }) => {
    const { productId } = await publicIds(request);
    const missing = await page.goto('/no-such-page');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    const missingProduct = await page.goto('/product/99999999');
    expect(missingProduct?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: /not found/i })).toBeVisible();
    expect((await page.goto(`/product/${productId}`))?.status()).toBe(200);
    expect((await page.goto('/products'))?.status()).toBe(200);
  });
});

test.describe('images', () => {
  test('the first picture loads at once with high priority, the rest lazily; every image has its size', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { productId, producerId } = await publicIds(request);
    await page.route(/\/socket\.io\//, (route) => route.abort());
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      for (const path of ['/products', `/product/${productId}`, `/producer/${producerId}`, '/search']) {
        await page.goto(path);
        await page.locator('main img').first().waitFor();
        const images = await page.evaluate(() =>
          [...document.querySelectorAll('img')].map((img) => {
            const box = img.getBoundingClientRect();
            return {
              src: img.getAttribute('src') ?? '',
              width: img.getAttribute('width'),
              height: img.getAttribute('height'),
              srcset: img.getAttribute('srcset'),
              sizes: img.getAttribute('sizes'),
              loading: img.getAttribute('loading'),
              priority: img.getAttribute('fetchpriority'),
              top: box.top,
            };
          }),
        );
        const where = `${path} at ${width} px`;
        for (const image of images) {
          expect([image.width, image.height], `${where}: ${image.src}`).not.toContain(null);
          if (image.src.startsWith('/uploads/')) {
            expect(image.srcset, `${where}: ${image.src}`).toBeTruthy();
            expect(image.sizes, `${where}: ${image.src}`).toBeTruthy();
          }
        }
        // The first picture from the top (in reading order within a row): on a phone /products shows its
        // filters first, so this is the first one the person scrolls to, and the page's largest paint.
        const first = [...images].sort((a, b) => a.top - b.top)[0];
        expect(first, `${where}: a picture`).toBeTruthy();
        expect([first?.loading ?? 'eager', first?.priority], `${where}: ${first?.src}`).toEqual(['eager', 'high']);
        for (const image of images.filter((i) => i !== first)) expect(image.loading, `${where}: ${image.src}`).toBe('lazy');
      }
    }
  });
});

test('the map’s tiles keep their width and height once Leaflet has taken over', async ({ page }) => {
  await page.route(/\/socket\.io\//, (route) => route.abort());
  await page.goto('/map');
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.locator('img.leaflet-tile').first().waitFor();
  const missing = await page.evaluate(
    () => [...document.querySelectorAll('img')].filter((img) => !img.getAttribute('width') || !img.getAttribute('height')).length,
  );
  expect(missing).toBe(0);
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });
  test('a product seen online stays readable offline, marked as a saved copy', async ({ page, context, request }) => {
    test.setTimeout(120_000);
    const { productId, productName } = await publicIds(request);
    await page.goto(`/product/${productId}`);
    await page.waitForFunction(async () => Boolean((await navigator.serviceWorker.ready).active), undefined, { timeout: 60_000 });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    // Seen once more while the worker is in control: its API answers are saved for this (guest) user.
    await page.reload();
    await expect(page.getByRole('heading', { name: productName })).toBeVisible();
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: productName })).toBeVisible();
    await expect(page.getByText("Saved copy — you're offline.")).toBeVisible();
    await context.setOffline(false);
  });

  test('a signed-in person’s conversation stays readable offline, and a reply sent offline fails clearly', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(120_000);
    const { producerId, farmName } = await publicIds(request);
    const consumer = await createUser(request, 'consumer');
    const started = await request.post('/api/messages/conversations', {
      headers: { authorization: `Bearer ${consumer.token}` },
      data: { recipientId: producerId, content: 'Is the farm stand open on Sunday?' },
    });
    expect(started.ok()).toBeTruthy();
    await signInBrowser(page, consumer);
    await page.goto('/messages');
    await page.waitForFunction(async () => Boolean((await navigator.serviceWorker.ready).active), undefined, { timeout: 60_000 });
    await page.reload();
    await page.getByRole('button', { name: new RegExp(farmName) }).click();
    const thread = page.getByRole('list', { name: `Messages with ${farmName}` });
    await expect(thread.getByText('Is the farm stand open on Sunday?')).toBeVisible();

    await context.setOffline(true);
    await page.reload();
    // Still signed in (who the user is was kept too), the conversation answered from its saved copy.
    await page.getByRole('button', { name: new RegExp(farmName) }).click();
    await expect(thread.getByText('Is the farm stand open on Sunday?')).toBeVisible();
    await expect(page.getByText("Saved copy — you're offline.")).toBeVisible();
    const composer = page.getByLabel('Type a message');
    await composer.fill('Sent without a connection');
    await composer.press('Enter');
    await expect(page.getByText("You're offline, so this change was not saved.", { exact: false })).toBeVisible();
    await context.setOffline(false);
  });
});
