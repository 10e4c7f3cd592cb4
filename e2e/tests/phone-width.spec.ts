import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { createUser, DEMO, type E2EUser, expectAccessible, loginAs, producerWithProduct, signInBrowser } from './helpers';

/**
 * Issue 44 items 13 and 14, at a phone's width (390 px): no page pans sideways, and every tab of a
 * tab strip is on screen. Every route of the route tables (features/* /routes.tsx, app/* /routes.tsx)
 * is visited by each kind of person who can open it, and every tab of a page's tab strips is opened,
 * with long names in the data: a farm name of many words and a product whose name is one 60-letter word.
 */
const WIDTH = 390;
const LONG_WORD = 'Heirloomsorghumsyrupandapplebutterfromthewhittakermontgomery'; // 60 letters, no break
// Many words and one that cannot break: both kinds widen a card whose name may not shrink.
const LONG_FARM = `Grandmother Whittaker-Montgomery ${LONG_WORD} Orchard`;
const LONG_PRODUCT = `${LONG_WORD} jar`;

type LongData = { producer: E2EUser; farmName: string; productId: number };

/** A farm and a product with long names, a certification and a conversation that show them. */
async function longNames(request: APIRequestContext): Promise<LongData> {
  const made = await producerWithProduct(request, { farm: LONG_FARM, product: LONG_PRODUCT });
  const headers = { authorization: `Bearer ${made.producer.token}` };
  const cert = await request.post('/api/producers/me/certifications', {
    headers,
    data: { certification_type: 'cottage_food_registered', certification_name: `${LONG_WORD} Registration` },
  });
  expect(cert.status(), await cert.text()).toBe(201);
  return made;
}

/** Public pages, opened signed out (and the ones any signed-in person opens too). */
const PUBLIC = (data: LongData) => [
  '/',
  '/products',
  `/products?search=${encodeURIComponent(LONG_WORD.slice(0, 20))}`,
  '/search',
  `/search?search=${encodeURIComponent('Whittaker-Montgomery')}`,
  '/map',
  `/product/${data.productId}`,
  `/producer/${data.producer.id}`,
  `/producers/${data.producer.id}`,
  '/resources',
  '/pricing',
  '/favorites',
  '/about',
  '/contact',
  '/terms',
  '/privacy',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password?token=not-a-token',
  '/verify-email?token=not-a-token',
  '/login/email-link?token=not-a-token',
  '/reminders/unsubscribe/not-a-token',
  '/standing/skip/not-a-token',
  '/notices/unsubscribe/not-a-token',
  '/no-such-page',
];

/** Pages behind sign-in, for every role. */
const SIGNED_IN = (data: LongData) => [
  '/dashboard',
  '/orders',
  '/messages',
  '/billing',
  '/account/password',
  '/profile',
  '/admin',
  `/checkout/${data.producer.id}`,
  `/product/${data.productId}`,
  `/producer/${data.producer.id}`,
  '/products',
  '/search',
];

/**
 * Elements that stick out past the right edge of the viewport where nothing clips them: an absolutely
 * positioned element is clipped only by its containing block and what holds that, not by a scrolling
 * box between them (a visually hidden label placed by the page escapes a table's scroll box). Only the
 * outermost of each is reported; fixed elements (toasts, a drawer) never make the page pan.
 */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate((width) => {
    const sticksOut = (el: Element) => el.getBoundingClientRect().right > width + 1;
    const clipped = (el: Element): boolean => {
      let node = el;
      let absolute = false;
      while (node.parentElement) {
        const style = getComputedStyle(node);
        if (style.position === 'fixed') return true;
        if (style.position === 'absolute') absolute = true;
        const parent = node.parentElement;
        const parentStyle = getComputedStyle(parent);
        const containing =
          parentStyle.position !== 'static' || parentStyle.transform !== 'none' || parentStyle.contain !== 'none';
        if (!absolute || containing) {
          if (parentStyle.overflowX !== 'visible') return !sticksOut(parent) || clipped(parent);
          if (containing) absolute = false;
        }
        node = parent;
      }
      return false;
    };
    const describe = (el: Element) => {
      const rect = el.getBoundingClientRect();
      const classes = typeof el.className === 'string' ? el.className.trim().split(/\s+/).slice(0, 6).join('.') : '';
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50);
      return `<${el.tagName.toLowerCase()}${classes ? `.${classes}` : ''}> ${Math.round(rect.left)}–${Math.round(rect.right)} px "${text}"`;
    };
    const out = [...document.body.querySelectorAll('*')].filter((el) => sticksOut(el) && !clipped(el));
    // A word too long for its box runs past it while the box stays inside: the text is what sticks out.
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    while (texts.nextNode()) {
      const host = texts.currentNode.parentElement;
      range.selectNodeContents(texts.currentNode);
      if (!host || out.includes(host) || range.getBoundingClientRect().right <= width + 1) continue;
      const hostClips = getComputedStyle(host).overflowX !== 'visible';
      if (hostClips ? sticksOut(host) && !clipped(host) : !clipped(host)) out.push(host);
    }
    return out.filter((el) => !out.includes(el.parentElement as Element)).map(describe);
  }, WIDTH);
}

/** The page has drawn its data: its heading is there, no spinner turns, images are in and the browser is idle. */
async function settle(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('.animate-spin')).toHaveCount(0);
  await expect
    .poll(() => page.evaluate(() => [...document.images].every((image) => image.loading === 'lazy' || image.complete)))
    .toBe(true);
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 2000 })));
}

/** What is wrong with the page as it stands: it pans sideways, something sticks out, a tab is off screen. */
async function problems(page: Page, where: string): Promise<string[]> {
  await settle(page);
  const found: string[] = [];
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  if (scrollWidth > WIDTH) found.push(`${where}: the page is ${scrollWidth} px wide`);
  const out = [...new Set(await overflowing(page))];
  for (const element of out.slice(0, 3)) found.push(`${where}: sticks out: ${element}`);
  if (out.length > 3) found.push(`${where}: and ${out.length - 3} more sticking out`);
  for (const strip of await page.getByRole('tablist').all()) {
    const name = await strip.getAttribute('aria-label');
    // Every tab is on screen as the page opens, without scrolling the strip or the page sideways.
    const offScreen = await strip.evaluate((el, width) => {
      const box = el.getBoundingClientRect();
      return [...el.querySelectorAll('[role="tab"]')]
        .filter((tab) => {
          const r = tab.getBoundingClientRect();
          return r.left < Math.max(0, box.left) - 1 || r.right > Math.min(width, box.right) + 1;
        })
        .map((tab) => tab.textContent?.trim());
    }, WIDTH);
    if (offScreen.length) found.push(`${where}: tabs of "${name}" off screen: ${offScreen.join(', ')}`);
  }
  return found;
}

/** Opens each path, then each tab of each tab strip on it, and collects what is wrong. */
async function sweep(page: Page, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await test.step(path, async () => {
      await page.goto(path);
      found.push(...(await problems(page, path)));
      for (const strip of await page.getByRole('tablist').all()) {
        const labels = await strip.getByRole('tab').allTextContents();
        for (const label of labels.slice(1)) {
          await strip.getByRole('tab', { name: label, exact: true }).click();
          await expect(strip.getByRole('tab', { name: label, exact: true })).toHaveAttribute('aria-selected', 'true');
          found.push(...(await problems(page, `${path} → ${label}`)));
        }
      }
    });
  }
  return found;
}

async function phonePage(browser: Browser, user?: { token: string }, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: WIDTH, height: 844 }, colorScheme });
  const page = await context.newPage();
  if (user) await signInBrowser(page, user);
  return page;
}

test.describe('at 390 px no page pans sideways and every tab is on screen', () => {
  // A long walk: some sixty pages and tabs per role, one browser context each.
  test.describe.configure({ timeout: 240_000 });
  let data: LongData;
  test.beforeAll(async ({ request }) => {
    data = await longNames(request);
  });

  test('signed out: the public pages', async ({ browser }) => {
    const page = await phonePage(browser);
    expect(await sweep(page, PUBLIC(data))).toEqual([]);
    await page.context().close();
  });

  test('a shopper: every page, with a conversation with the long-named farm', async ({ browser, request }) => {
    const shopper = await createUser(request, 'consumer');
    const sent = await request.post('/api/messages/conversations', {
      headers: { authorization: `Bearer ${shopper.token}` },
      data: { recipientId: data.producer.id, content: `Is the ${LONG_WORD} still there?` },
    });
    expect(sent.ok()).toBeTruthy();
    await request.post(`/api/favorites/${data.producer.id}`, { headers: { authorization: `Bearer ${shopper.token}` } });
    const page = await phonePage(browser, shopper);
    expect(await sweep(page, [...SIGNED_IN(data), '/favorites', '/account/become-producer'])).toEqual([]);
    await page.context().close();
  });

  test('the long-named farm: its dashboard, profile and every tab', async ({ browser }) => {
    const page = await phonePage(browser, data.producer);
    expect(await sweep(page, SIGNED_IN(data))).toEqual([]);
    await page.context().close();
  });

  test('an admin: every admin tab with the long names in its lists', async ({ browser, request }) => {
    const admin = await loginAs(request, DEMO.admin.email, DEMO.admin.password);
    const page = await phonePage(browser, admin);
    expect(await sweep(page, SIGNED_IN(data))).toEqual([]);
    await page.context().close();
  });
});

test('at 390 px the tab strips keep arrow keys, show the chosen tab and pass axe', async ({ browser, request }) => {
  const { producer } = await producerWithProduct(request, { farm: LONG_FARM });
  const page = await phonePage(browser, producer);
  await page.goto('/profile?tab=benefits');
  const strip = page.getByRole('tablist', { name: /./ });
  await expect(strip.getByRole('tab', { name: 'Benefits' })).toHaveAttribute('aria-selected', 'true');
  await expect(strip.getByRole('tab', { name: 'Benefits' })).toBeInViewport({ ratio: 1 });
  await strip.getByRole('tab', { name: 'Benefits' }).press('ArrowLeft');
  await expect(strip.getByRole('tab', { name: 'Pickup & Orders' })).toBeFocused();
  await expect(strip.getByRole('tab', { name: 'Pickup & Orders' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Home');
  await expect(strip.getByRole('tab').first()).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(strip.getByRole('tab').last()).toBeFocused();
  await expect(strip.getByRole('tab').last()).toBeInViewport({ ratio: 1 });
  await expectAccessible(page);
  await page.context().close();

  // The pills of a phone's strip pass axe in the dark theme too.
  const darkPage = await phonePage(browser, producer, 'dark');
  await darkPage.goto('/profile?tab=pickup');
  await expect(darkPage.locator('html')).toHaveClass(/dark/);
  await expect(darkPage.getByRole('tab', { name: 'Pickup & Orders' })).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(darkPage);
  await darkPage.context().close();

  const adminPage = await phonePage(browser, await loginAs(request, DEMO.admin.email, DEMO.admin.password));
  await adminPage.goto('/admin?tab=health');
  const adminStrip = adminPage.getByRole('tablist', { name: 'Admin sections' });
  for (const tab of await adminStrip.getByRole('tab').all()) await expect(tab).toBeInViewport({ ratio: 1 });
  await adminStrip.getByRole('tab', { name: 'Health' }).press('ArrowRight');
  await expect(adminStrip.getByRole('tab', { name: 'Dashboard' })).toBeFocused();
  await expectAccessible(adminPage);
  await adminPage.context().close();
});
