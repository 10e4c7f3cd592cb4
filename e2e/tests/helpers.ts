import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, type Request } from '@playwright/test';

export type E2EUser = { id: number; email: string; password: string; token: string; userType: string };
let counter = 0;

export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${process.pid}-${++counter}@example.com`;

/**
 * The newest link of a kind in the e-mails the app sent to this address (test hook outbox), once
 * the mail has gone out: the app hands it to the mail server after answering the request.
 */
export async function emailLink(request: APIRequestContext, to: string, pathPrefix: string): Promise<string> {
  const pattern = new RegExp(`https?://\\S+${pathPrefix}\\S*`);
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/test/outbox?to=${encodeURIComponent(to)}`);
        const { emails } = (await res.json()) as { emails: { body: string }[] };
        link = emails.map((mail) => mail.body.match(pattern)?.[0]).find(Boolean);
        return link;
      },
      { message: `a ${pathPrefix} link sent to ${to}` },
    )
    .toBeDefined();
  return link as string;
}

/**
 * A verified, signed-in account from the test-only user fixture (POST /api/test/users, mounted with
 * E2E_TEST_HOOKS=1): made by the same rules as sign-up, in one call. The real sign-up flow (form,
 * e-mailed link, verification, sign-in) is walked in the browser by auth.spec.ts.
 */
export async function createUser(request: APIRequestContext, userType: 'consumer' | 'producer' = 'consumer'): Promise<E2EUser> {
  const made = await request.post('/api/test/users', { data: { userType, email: uniqueEmail(userType) } });
  expect(made.status(), await made.text()).toBe(201);
  const body = (await made.json()) as { token: string; email: string; password: string; user: { id: number } };
  return { id: body.user.id, email: body.email, password: body.password, token: body.token, userType };
}

/** A producer with a farm profile (in Lexington, KY) and one available product, made through the API. */
export async function producerWithProduct(
  request: APIRequestContext,
  names: { farm?: string; product?: string } = {},
): Promise<{ producer: E2EUser; farmName: string; productId: number }> {
  const producer = await createUser(request, 'producer');
  const headers = { authorization: `Bearer ${producer.token}` };
  const farmName = `${names.farm ?? 'Creek Bend'} ${producer.id}`;
  const profile = await request.post('/api/producers', {
    headers,
    data: { farm_name: farmName, address: '12 Ridge Road', city: 'Lexington', state: 'KY', zip: '40507' },
  });
  expect(profile.status()).toBe(201);
  const product = await request.post('/api/products', {
    headers,
    data: {
      name: names.product ?? 'Creek Eggs',
      category: 'eggs',
      price: 6,
      price_unit: 'dozen',
      availability: 'available',
      stock_quantity: 6,
    },
  });
  expect(product.status()).toBe(201);
  return { producer, farmName, productId: (await product.json()).product_id as number };
}

export async function loginAs(request: APIRequestContext, email: string, password: string): Promise<E2EUser> {
  const login = await request.post('/api/auth/login', { data: { email, password } });
  expect(login.ok()).toBeTruthy();
  const body = await login.json();
  return { id: body.user.id, email, password, token: body.token, userType: body.user.userType };
}

/** Signs the browser in by storing the token, as the app does after a sign-in. */
export async function signInBrowser(page: Page, user: { token: string }): Promise<void> {
  await page.addInitScript((token) => window.localStorage.setItem('token', token), user.token);
}

export const DEMO = {
  consumer: { email: 'consumer@farmstand.test', password: 'farmstand123' },
  producer: { email: 'producer@farmstand.test', password: 'farmstand123' },
  admin: { email: 'admin@farmstand.test', password: 'farmstand123' },
};

/**
 * Jumps every finite running animation (an entrance, a slide) to its end, so a test reads where an
 * element settles. A busy headless Chromium can leave an animation on its first frame for seconds:
 * a toast's slide-in from above was read at its start, over the header, for the whole wait.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      if (animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY) animation.finish();
    }
  });
}

/**
 * axe-core: no serious or critical violations. Colours caught mid-transition (a theme switch, a
 * button fading back after a click, a toast fading in) belong to neither theme and made the contrast
 * check flaky, so running transitions and animations that end are waited for first (endless
 * animations, such as a spinner, are not). A toast can still arrive while axe reads the page (a live
 * event): what axe finds is read again once that has settled, and only a violation still there counts.
 */
export async function expectAccessible(page: Page): Promise<void> {
  const serious = async () => {
    await settled(page);
    const results = await new AxeBuilder({ page }).analyze();
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  };
  const first = await serious();
  const bad = first.length === 0 ? first : await serious();
  expect(bad).toEqual([]);
}

/** Running transitions and animations that end have ended. */
function settled(page: Page) {
  return page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation instanceof CSSTransition ||
            // A toast fading in (a keyframe animation that ends); endless ones such as a spinner are not waited for.
            animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY,
        )
        .map((transition) => transition.finished.catch(() => undefined)),
    ),
  );
}

/** The state "nothing left to do": every eagerly loaded image is in and the browser's main thread has gone idle. */
export async function untilIdle(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => [...document.images].every((image) => image.loading === 'lazy' || image.complete)))
    .toBe(true);
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
}

/** Producer searches (/api/search/producers) the page has asked for and not yet had answered. */
export function watchProducerSearches(page: Page): { inFlight: () => number } {
  const inFlight = new Set<Request>();
  const isSearch = (request: Request) => new URL(request.url()).pathname === '/api/search/producers';
  page.on('request', (request) => {
    if (isSearch(request)) inFlight.add(request);
  });
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  return { inFlight: () => inFlight.size };
}

/**
 * The state after a Leaflet pan (a popup's autopan, a drag): the pan animation has ended and every
 * producer search the map asked for since has been answered and drawn.
 */
export async function untilPanAnswered(page: Page, searches: { inFlight: () => number }): Promise<void> {
  await expect(page.locator('.leaflet-pan-anim')).toHaveCount(0);
  // The map reports its view on moveend and asks for it after the next render: a frame or two.
  const nextFrames = () =>
    page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  await nextFrames();
  await expect.poll(searches.inFlight).toBe(0);
  await nextFrames();
}

/**
 * Moves the server's clock (test hook, `PUT /api/test/clock`) so that it reads `at` now; `null` puts
 * it back on the system clock. Answers the server's now. Specs that call it run in the
 * `server-clock` project (playwright.config.ts), one file at a time.
 */
export async function setServerClock(request: APIRequestContext, at: Date | null): Promise<Date> {
  const moved = await request.put('/api/test/clock', { data: { at: at?.toISOString() ?? null } });
  expect(moved.status(), await moved.text()).toBe(200);
  return new Date((await moved.json()).now);
}

/**
 * A moment as a place's clock shows it: its local date (YYYY-MM-DD), weekday (0 = Sunday), hour and
 * minutes since midnight in `zone`. Specs that set up a pickup window near "now" read it.
 */
export function placeClock(at: Date, zone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday),
    hour: Number(parts.hour),
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** Minutes since midnight as "HH:MM". */
export const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
