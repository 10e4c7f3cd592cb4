import { expect, type Page, type Request, test } from '@playwright/test';
import { expectAccessible, untilIdle, untilPanAnswered, watchProducerSearches } from './helpers';

/**
 * /map draws its first view without Leaflet and loads Leaflet on the first interaction with the
 * map. Leaflet's evaluation and first layout were one ~770 ms task on
 * Lighthouse's phone; loading it eagerly again is what the first test catches.
 */

// The service worker precaches every chunk at install; blocked, the page's own requests are all there is.
test.use({ serviceWorkers: 'block' });

/** The chunk holding Leaflet (and react-leaflet, the cluster plugin): `producers-map-*.js`, or Leaflet split out. */
const isLeafletChunk = (request: Request) => /\/assets\/[^/]*(producers-map|leaflet)[^/]*\.js$/.test(request.url());

function watchLeafletRequests(page: Page) {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (isLeafletChunk(request)) requested.push(request.url());
  });
  return requested;
}

/** Every viewport the map asked the API for. */
function watchViewports(page: Page) {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/search/producers' && url.searchParams.has('bbox')) {
      asked.push(`${url.searchParams.get('bbox')}@${url.searchParams.get('zoom')}`);
    }
  });
  return asked;
}

async function openStaticMap(page: Page) {
  await page.goto('/map');
  await expect(page.getByText(/^Showing [1-9]\d* producers?/)).toBeVisible();
  await expect(page.getByText('Loading producers...')).toHaveCount(0);
  await expect(page.locator('.static-map [data-map-key^="producer-"]').first()).toBeVisible();
}

/** Centre of each marker on screen, by its `data-map-key`, inside the given map element. */
function markerCentres(page: Page, mapSelector: string): Promise<Record<string, [number, number]>> {
  return page.$$eval(`${mapSelector} [data-map-key^="producer-"], ${mapSelector} [data-map-key^="cluster-"]`, (elements) =>
    Object.fromEntries(
      elements.map((element) => {
        const box = element.getBoundingClientRect();
        return [element.getAttribute('data-map-key'), [box.x + box.width / 2, box.y + box.height / 2]];
      }),
    ),
  );
}

/** The key of the marker nearest the map's centre: focusing it never makes Leaflet pan. */
async function centralMarkerKey(page: Page): Promise<string> {
  return page.$eval('.static-map', (map) => {
    const box = map.getBoundingClientRect();
    const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
    const markers = [...map.querySelectorAll<HTMLElement>('[data-map-key^="producer-"]')];
    const distance = (element: HTMLElement) => {
      const b = element.getBoundingClientRect();
      return Math.hypot(b.x + b.width / 2 - cx, b.y + b.height / 2 - cy);
    };
    markers.sort((a, b) => distance(a) - distance(b));
    return markers[0]?.dataset.mapKey ?? '';
  });
}

test('the first view shows tiles and markers, is accessible, and loads no Leaflet until the map is touched', async ({ page }) => {
  const leafletRequests = watchLeafletRequests(page);
  await openStaticMap(page);
  await expect(page.locator('.static-map img[src^="/tiles/light/"]').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Zoom in' })).toBeVisible();
  await expectAccessible(page);
  // Once the page has nothing left to do, with nothing touched: still no Leaflet (no eager or idle-time load).
  await untilIdle(page);
  await expect(page.locator('.leaflet-container')).toHaveCount(0);
  expect(leafletRequests).toEqual([]);

  // Using the panel is not touching the map.
  await page.getByLabel('Verified producers only').check();
  await page.getByLabel('Verified producers only').uncheck();
  expect(leafletRequests).toEqual([]);

  await page.locator('.static-map').hover();
  await page.mouse.wheel(0, -100);
  await expect(page.locator('.leaflet-container')).toBeVisible();
  expect(leafletRequests.length).toBeGreaterThan(0);
  await expect(page.locator('.static-map')).toHaveCount(0);
  await expectAccessible(page);
});

test('pressing a marker of the first view loads Leaflet and opens that producer’s popup', async ({ page }) => {
  await openStaticMap(page);
  const key = await centralMarkerKey(page);
  const marker = page.locator(`.static-map [data-map-key="${key}"]`);
  const name = (await marker.getAttribute('aria-label'))?.replace(/ \(verified\)$/, '') ?? '';
  await marker.click();
  const popup = page.locator('.leaflet-popup');
  await expect(popup).toBeVisible();
  await expect(popup).toContainText(name);
  await expect(popup).toContainText(/\d+ products? available/);
  await expect(popup.getByRole('link', { name: 'View Producer' })).toHaveAttribute('target', '_blank');
});

test('a popup opened near the edge stays open while the map pans to show it and asks for the new view', async ({ page }) => {
  const viewports = watchViewports(page);
  const searches = watchProducerSearches(page);
  await openStaticMap(page);
  // The topmost marker: its popup does not fit above it, so Leaflet pans the map (autoPan).
  const key = await page.$$eval(
    '.static-map [data-map-key^="producer-"]',
    (markers) =>
      markers
        .map((marker) => ({ key: marker.getAttribute('data-map-key'), y: marker.getBoundingClientRect().y }))
        .sort((a, b) => a.y - b.y)[0]?.key ?? '',
  );
  await page.locator(`.static-map [data-map-key="${key}"]`).click();
  await expect(page.locator('.leaflet-popup')).toBeVisible();
  await expect.poll(() => new Set(viewports).size).toBeGreaterThan(1);
  await expect(page.getByText('Loading producers...')).toHaveCount(0);
  await untilPanAnswered(page, searches);
  await expect(page.locator('.leaflet-popup').getByRole('link', { name: 'View Producer' })).toBeVisible();
});

test('keyboard: focus moves to the same marker in Leaflet, at the same place, and Enter opens its popup', async ({ page }) => {
  await page.addInitScript(() => {
    const shifts = { total: 0 };
    (window as unknown as { layoutShift: typeof shifts }).layoutShift = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.total += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const viewports = watchViewports(page);
  await openStaticMap(page);
  const staticCentres = await markerCentres(page, '.static-map');
  const key = await centralMarkerKey(page);
  const shiftBefore = await page.evaluate(() => (window as unknown as { layoutShift: { total: number } }).layoutShift.total);

  // Focusing the marker (as Tab would) is an interaction: Leaflet loads and takes the focus over.
  await page.locator(`.static-map [data-map-key="${key}"]`).focus();
  await expect(page.locator('.static-map')).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('.leaflet-container') !== null)).toBe(true);
  expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.mapKey)).toBe(key);

  // Same markers on the same pixels, the same viewport asked once: the swap is invisible.
  const leafletCentres = await markerCentres(page, '.leaflet-container');
  expect(Object.keys(leafletCentres).sort()).toEqual(Object.keys(staticCentres).sort());
  for (const [markerKey, [x, y]] of Object.entries(staticCentres)) {
    expect(Math.abs((leafletCentres[markerKey]?.[0] ?? 0) - x), markerKey).toBeLessThanOrEqual(1);
    expect(Math.abs((leafletCentres[markerKey]?.[1] ?? 0) - y), markerKey).toBeLessThanOrEqual(1);
  }
  expect(new Set(viewports).size).toBe(1);
  const shiftAfter = await page.evaluate(() => (window as unknown as { layoutShift: { total: number } }).layoutShift.total);
  expect(shiftAfter - shiftBefore).toBeLessThanOrEqual(0.05);

  await page.keyboard.press('Enter');
  await expect(page.locator('.leaflet-popup').getByRole('link', { name: 'View Producer' })).toBeVisible();
});

test('the zoom buttons of the first view zoom the map once Leaflet has loaded', async ({ page }) => {
  const viewports = watchViewports(page);
  await openStaticMap(page);
  const zoomOf = (viewport: string) => Number(viewport.split('@')[1]);
  const startZoom = zoomOf(viewports[0] ?? '');
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(() => viewports.some((viewport) => zoomOf(viewport) === startZoom + 1)).toBe(true);
  await expect(page.locator('.leaflet-container')).toBeVisible();
});

test('a zoom button held down while Leaflet loads still zooms once it has loaded', async ({ page }) => {
  // Leaflet may finish loading between the pointer going down and coming up: the press must survive.
  const viewports = watchViewports(page);
  await openStaticMap(page);
  const zoomOf = (viewport: string) => Number(viewport.split('@')[1]);
  const startZoom = zoomOf(viewports[0] ?? '');
  const box = await page.getByRole('button', { name: 'Zoom in' }).boundingBox();
  if (!box) throw new Error('no zoom button');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await expect(page.locator('.leaflet-container')).toBeVisible();
  await expect(page.locator('.static-map__zoom')).toHaveCount(0);
  await page.mouse.up();
  await expect.poll(() => viewports.some((viewport) => zoomOf(viewport) === startZoom + 1)).toBe(true);
});

test('in dark mode the first view takes the dark tiles, and Leaflet keeps them', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await openStaticMap(page);
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.locator('.static-map img').first()).toHaveAttribute('src', /^\/tiles\/dark\//);
  await expectAccessible(page);
  await page.locator('.static-map').click({ position: { x: 5, y: 5 } });
  await expect(page.locator('img.leaflet-tile').first()).toHaveAttribute('src', /^\/tiles\/dark\//);
  // Leaflet's light hover grey under dark mode's light '+' hid the sign: the hovered button stays dark.
  const zoomIn = page.locator('.leaflet-control-zoom-in');
  await zoomIn.hover();
  await expect(zoomIn).toHaveCSS('background-color', 'rgb(41, 37, 36)');
  await expect(zoomIn).toHaveCSS('color', 'rgb(245, 245, 244)');
});

test.describe('on a 390 px phone screen of density 2', () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true });

  test('the first view asks for the tiles Leaflet shows, and puts the markers where Leaflet does', async ({ page }) => {
    await openStaticMap(page);
    const tileSources = (selector: string) =>
      page.$$eval(selector, (images) => images.map((image) => image.getAttribute('src') ?? '').sort());
    const staticTiles = await tileSources('.static-map img');
    // Sharp tiles: 128 px boxes from the next zoom, zoom 10 + 1 at the default view.
    expect(staticTiles.length).toBeGreaterThan(0);
    expect(staticTiles.every((src) => src.startsWith('/tiles/light/11/'))).toBe(true);
    const staticCentres = await markerCentres(page, '.static-map');

    await page.locator('.static-map').tap({ position: { x: 5, y: 300 } });
    await expect(page.locator('.static-map')).toHaveCount(0);
    expect(await tileSources('img.leaflet-tile')).toEqual(staticTiles);
    const leafletCentres = await markerCentres(page, '.leaflet-container');
    for (const [markerKey, [x, y]] of Object.entries(staticCentres)) {
      expect(Math.abs((leafletCentres[markerKey]?.[0] ?? 0) - x), markerKey).toBeLessThanOrEqual(1);
      expect(Math.abs((leafletCentres[markerKey]?.[1] ?? 0) - y), markerKey).toBeLessThanOrEqual(1);
    }
  });
});
