import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright';
import { signAccessToken } from '../../apps/server/src/lib/tokens';
import { BENCH_PORT, REPO_DIR } from '../lib/config';
import { startHelloWorld } from '../lib/hello-world';
import { loadAverage } from '../lib/lighthouse';
import { addTable, ms, verdict } from '../lib/report';
import { defineSection } from '../lib/section';
import { startBenchServer } from '../lib/server';
import { keystrokes, percentile, standItems, standQueries } from '../lib/stand-catalogue';
import { WEB_BENCH_DIR } from './30-web-bundle';
import { STAND_SEARCH_BUDGET_MS } from './33-stand-search';

/** Issue 47: the register's first load from the phone's cache ≤ 2 s on a mobile profile. */
const FIRST_LOAD_BUDGET_MS = 2000;
const RUNS = 5;
const CPU_SLOWDOWN = 4;

/**
 * The built register (`/stand`) in the system Chromium as a phone: 390×844, touch, CPU slowed 4×
 * (Chrome DevTools' mid-range mobile). A bench farm's products are swapped for the seeded 500 tiles
 * (400 products, 100 in two sizes) in the bench database for the run. The farm opens /stand once
 * with signal (the service worker installs, the catalogue is kept), then the network is cut and
 * the page reloaded 5 times: navigation start to the first tile in the DOM, from the page's own
 * clock (checked each frame), median and max. Then, still offline, 10 tile names are typed letter
 * by letter into the register's search box: each keystroke's input event to the next frame after
 * the tiles are drawn. The reference of the same run: the bare Fastify hello-world's page loaded
 * by the same throttled phone (a navigation that does nothing).
 */
export default defineSection({
  name: 'stand-register',
  needsServer: false,
  async run({ pool, databaseUrl }) {
    if (!existsSync(path.join(WEB_BENCH_DIR, 'index.html'))) {
      console.log('  building the web app…');
      execFileSync(
        'npx',
        ['vite', 'build', 'apps/web', '--outDir', WEB_BENCH_DIR, '--emptyOutDir', '--manifest', '--logLevel', 'warn'],
        { cwd: REPO_DIR, stdio: 'inherit' },
      );
    }
    const { rows } = await pool.query<{ producer_id: number; user_id: number; email: string; tv: number; template: number }>(
      `select pr.id as producer_id, u.id as user_id, u.email, u.token_version as tv, t.id as template
         from products t join producers pr on pr.id = t.producer_id join users u on u.id = pr.user_id
         join subscriptions s on s.user_id = u.id
        where t.active and t.moderation_status = 'approved' and u.status = 'active' and u.user_type = 'producer'
          and s.status in ('active', 'trialing') and t.category = 'produce' and t.share is null
          and t.weight_unit is null and t.price_cents is not null and t.seasonal_start is null
        order by t.id limit 1`,
    );
    const farm = rows[0];
    if (!farm) throw new Error('stand-register: the bench database has no farm with a plain produce item');
    const items = standItems();
    const hidden = (
      await pool.query<{ id: number }>('update products set active = false where producer_id = $1 and active returning id', [
        farm.producer_id,
      ])
    ).rows.map((r) => r.id);
    let added: number[] = [];
    try {
      // Copies of one of the farm's listed items (so the listing rules keep them), renamed.
      added = (
        await pool.query<{ id: number }>(
          `insert into products (producer_id, name, category, description, price_cents, price_unit, availability,
             stock_quantity, seller_type, ingredients, ingredient_list, allergens, allergens_confirmed_absent,
             net_quantity, net_unit, origin_state, tax_class, moderation_status, active)
           select t.producer_id, n.name, t.category, t.description, t.price_cents, t.price_unit, 'available', 50,
             t.seller_type, t.ingredients, t.ingredient_list, t.allergens, t.allergens_confirmed_absent,
             t.net_quantity, t.net_unit, t.origin_state, t.tax_class, 'approved', true
             from products t, unnest($2::text[]) with ordinality n(name, i) where t.id = $1 order by n.i
           returning id`,
          [farm.template, items.map((item) => item.name)],
        )
      ).rows.map((r) => r.id);
      const sized = items.flatMap((item, i) =>
        item.variants.map((name, position) => ({ product: added[i] as number, name, position })),
      );
      await pool.query(
        `insert into product_variants (product_id, position, name, price_cents, stock_quantity)
         select p, o, n, 450, 20 from unnest($1::int[], $2::int[], $3::text[]) v(p, o, n)`,
        [sized.map((v) => v.product), sized.map((v) => v.position), sized.map((v) => v.name)],
      );
      await measure(databaseUrl, farm, items);
    } finally {
      if (added.length) await pool.query('delete from products where id = any($1)', [added]);
      await pool.query('update products set active = true where id = any($1)', [hidden]);
    }
  },
});

async function measure(
  databaseUrl: string,
  farm: { user_id: number; email: string; tv: number },
  items: ReturnType<typeof standItems>,
) {
  const secret = randomBytes(32).toString('hex');
  const token = await signAccessToken(
    { id: farm.user_id, email: farm.email, userType: 'producer', tokenVersion: farm.tv },
    secret,
  );
  const firstTile = [...items].sort((a, b) => a.name.localeCompare(b.name))[0]?.name as string;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const loadBefore = loadAverage();
  try {
    const phone = async (baseURL: string) => {
      const context = await browser.newContext({
        baseURL,
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      return { context, page };
    };
    const loadMs = async (page: Page) =>
      page.evaluate(() => {
        const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
        return nav?.loadEventEnd ?? Number.NaN;
      });

    // The reference: a navigation that does nothing, on the same throttled phone.
    const hello = await startHelloWorld(BENCH_PORT + 1);
    const helloTimes: number[] = [];
    try {
      const { context, page } = await phone(hello.url);
      for (let i = 0; i <= RUNS; i++) {
        await page.goto('/', { waitUntil: 'load' });
        if (i > 0) helloTimes.push(await loadMs(page));
      }
      await context.close();
    } finally {
      await hello.stop();
    }

    const server = await startBenchServer(databaseUrl, BENCH_PORT + 1, { WEB_DIST: WEB_BENCH_DIR, JWT_SECRET: secret });
    const loads: number[] = [];
    const searches: number[] = [];
    let tiles = 0;
    try {
      const { context, page } = await phone(server.url);
      await page.addInitScript((t) => window.localStorage.setItem('token', t), token);
      // The page's own clock: the first frame with the first tile (the catalogue's first name) in the DOM.
      // A string, not a function: tsx would wrap a named function in a helper the page does not have.
      await page.addInitScript({
        content: `(function look() {
          if (document.querySelector(${JSON.stringify(`button[aria-label^="${firstTile}"]`)})) window.tilesAt = performance.now();
          else requestAnimationFrame(look);
        })();`,
      });
      const tile = page.locator(`button[aria-label^="${firstTile}"]`);
      await page.goto('/stand');
      await tile.waitFor({ timeout: 120_000 });
      await page.waitForFunction(async () => Boolean((await navigator.serviceWorker.ready).active), undefined, {
        timeout: 120_000,
      });
      await page.reload();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
      await tile.waitFor({ timeout: 60_000 });
      await context.setOffline(true);
      for (let i = 0; i < RUNS; i++) {
        await page.reload();
        await tile.waitFor({ timeout: 60_000 });
        loads.push(await page.evaluate(() => (window as unknown as { tilesAt: number }).tilesAt));
      }
      tiles = await page.locator('ul[aria-label="Products"] > li').count();
      for (const query of standQueries(items, 10)) {
        searches.push(...(await typeInto(page, keystrokes(query))));
      }
      await context.close();
    } finally {
      await server.stop();
    }

    loads.sort((a, b) => a - b);
    helloTimes.sort((a, b) => a - b);
    searches.sort((a, b) => a - b);
    const table = addTable(`Stand: the register on a phone (390×844, CPU ${CPU_SLOWDOWN}× slower, offline)`, [
      'what',
      'runs',
      'median (p50)',
      'p95',
      'max',
      'budget',
    ]);
    table.rows.push({
      what: `/stand from the cache, offline: navigation → first tile (${tiles} tiles)`,
      runs: String(loads.length),
      'median (p50)': ms(percentile(loads, 50)),
      p95: '—',
      max: ms(loads[loads.length - 1] ?? Number.NaN),
      budget: `≤ ${FIRST_LOAD_BUDGET_MS} ms: ${verdict(percentile(loads, 50) <= FIRST_LOAD_BUDGET_MS)}`,
    });
    table.rows.push({
      what: 'search, each keystroke: input → tiles drawn (next frame)',
      runs: String(searches.length),
      'median (p50)': ms(percentile(searches, 50)),
      p95: ms(percentile(searches, 95)),
      max: ms(searches[searches.length - 1] ?? Number.NaN),
      budget: `≤ ${STAND_SEARCH_BUDGET_MS} ms: ${verdict((searches[searches.length - 1] ?? Infinity) <= STAND_SEARCH_BUDGET_MS)}`,
    });
    table.rows.push({
      what: 'bare Fastify hello-world page, online: navigation → load (ceiling)',
      runs: String(helloTimes.length),
      'median (p50)': ms(percentile(helloTimes, 50)),
      p95: '—',
      max: ms(helloTimes[helloTimes.length - 1] ?? Number.NaN),
      budget: '—',
    });
    const slow = searches.filter((t) => t > STAND_SEARCH_BUDGET_MS).length;
    table.notes.push(
      `keystrokes over ${STAND_SEARCH_BUDGET_MS} ms: ${slow} of ${searches.length} (the search alone is the stand-search table; the rest is drawing the tiles)`,
    );
    table.notes.push(
      `load average (1 min) ${loadBefore.toFixed(1)} before, ${loadAverage().toFixed(1)} after on a shared 2-core machine: times are slower when it is busy`,
    );
  } finally {
    await browser.close();
  }
}

/** Types each prefix into the register's search box: input event → the frame after the tiles are drawn, in the page's clock. */
async function typeInto(page: Page, texts: string[]): Promise<number[]> {
  return page.evaluate(async (texts) => {
    const input = document.querySelector<HTMLInputElement>('input[type="search"]');
    if (!input) throw new Error('no search box on /stand');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    const times: number[] = [];
    for (const text of [...texts, '']) {
      const started = performance.now();
      setValue?.call(input, text);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      if (text) times.push(performance.now() - started);
    }
    return times;
  }, texts);
}
