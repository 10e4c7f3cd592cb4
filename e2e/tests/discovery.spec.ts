import { expect, type Page, test } from '@playwright/test';
import { createUser, DEMO, expectAccessible, loginAs, signInBrowser, untilPanAnswered, watchProducerSearches } from './helpers';

// The demo catalogue has one farm in Berea, KY (ZIP 40403): Big Hill Homestead.
const BEREA_ZIP = '40403';
const BEREA_FARM = 'Big Hill Homestead';

const producerCards = (page: Page) => page.getByRole('main').getByRole('article');

test('a guest searches by ZIP code and finds the nearest producer first', async ({ page }) => {
  await page.goto('/search');
  await expect(page.getByRole('heading', { name: 'Find Local Producers' })).toBeVisible();
  await page.getByLabel('Address, town or ZIP code').fill(BEREA_ZIP);
  await page.getByRole('button', { name: 'Set', exact: true }).click();
  await expect(page.getByText('Berea, KY 40403')).toBeVisible();
  const first = producerCards(page).first();
  await expect(first.getByRole('heading')).toHaveText(BEREA_FARM);
  await expect(first).toContainText('ft away');
  await expect(first.getByRole('link', { name: BEREA_FARM })).toHaveAttribute('href', /^\/producer\/\d+$/);
  // The heart is for consumers only.
  await expect(page.getByRole('button', { name: /to favorites/ })).toHaveCount(0);
  await expectAccessible(page);

  // The location is remembered, and can be cleared.
  await page.reload();
  await expect(producerCards(page).first().getByRole('heading')).toHaveText(BEREA_FARM);
  await page.getByRole('button', { name: 'Clear location' }).click();
  await expect(page.getByText('Set a location to see distances')).toBeVisible();

  await page.getByLabel('Search', { exact: true }).fill('zzzz qqqq xxxx');
  await page.getByLabel('Search', { exact: true }).press('Enter');
  await expect(page.getByText('No producers found')).toBeVisible();
});

test('a guest pages through products, keeps the filters in the URL and opens a product', async ({ page }) => {
  await page.goto('/products');
  await expect(page.getByRole('heading', { name: 'Browse Products' })).toBeVisible();
  await expect(producerCards(page)).toHaveCount(20);
  await expect(page.getByLabel('Availability')).toHaveValue('available');
  const firstOnPageOne = await producerCards(page).first().getByRole('heading').textContent();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(producerCards(page).first().getByRole('heading')).not.toHaveText(firstOnPageOne ?? '');

  await page.getByLabel('Category').selectOption('bread');
  await expect(page).toHaveURL(/category=bread/);
  await expect(page).not.toHaveURL(/page=/);
  await page.reload();
  await expect(page.getByLabel('Category')).toHaveValue('bread');

  const card = producerCards(page).first();
  const name = (await card.getByRole('heading').textContent()) ?? '';
  await card.getByRole('link').click();
  await expect(page).toHaveURL(/\/product\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(breadcrumb.getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/products');
  await expect(page.getByRole('link', { name: 'View producer' })).toHaveAttribute('href', /^\/producer\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Reviews' })).toBeVisible();
  await expectAccessible(page);

  await page.goto('/product/99999999');
  await expect(page.getByText('Product not found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse all products' })).toHaveAttribute('href', '/products');
});

test('the map shows producer markers and filters them', async ({ page }) => {
  // The map asks for its viewport; the count is what the filters return, wherever
  // the map looks, so a filter can only narrow it and a popup's pan never changes it.
  // The viewports the map asks the server for (bbox = west,south,east,north).
  const asked: number[][] = [];
  page.on('request', (request) => {
    const bbox = new URL(request.url()).pathname === '/api/search/producers' && new URL(request.url()).searchParams.get('bbox');
    if (bbox) asked.push(bbox.split(',').map(Number));
  });
  const searches = watchProducerSearches(page);
  await page.goto('/map');
  const status = page.getByText(/^Showing \d+ producers?/);
  const shownCount = async () => Number((await status.textContent())?.match(/\d+/)?.[0] ?? 0);
  await expect(status).toHaveText(/^Showing [1-9]\d* producers?/);
  await expect(page.getByText('Loading producers...')).toHaveCount(0);
  await expect(page.locator('.producer-marker, .marker-cluster').first()).toBeVisible();
  const all = await shownCount();
  await expectAccessible(page);

  await page.getByLabel('Verified producers only').check();
  await expect.poll(shownCount).toBeLessThan(all);
  await page.getByLabel('Product type:').selectOption('honey');
  await page.getByLabel('Verified producers only').uncheck();
  await expect.poll(shownCount).toBeLessThan(all);

  // A found place recentres the map and limits the count to the radius.
  await page.getByLabel('Product type:').selectOption('');
  await page.getByPlaceholder('Search location...').fill(BEREA_ZIP);
  // The count for the filters around the found place (a page of one, no viewport).
  const counted = page.waitForResponse((r) => /\/api\/search\/producers\?.*lat=.*limit=1/.test(r.url()));
  await page.getByRole('button', { name: 'Go' }).click();
  await expect(page.getByText('Found location: Berea, KY 40403')).toBeVisible();
  // The recentred map asks for what it now shows, around Berea (37.57 N, 84.29 W): a stale
  // viewport from before the move counted the wrong producers.
  await expect
    .poll(() => asked.some(([west, south, east, north]) => west! < -84.29 && east! > -84.29 && south! < 37.57 && north! > 37.57))
    .toBe(true);
  await expect(status).toContainText('within 25 miles');
  await expect(page.locator('.user-location-marker')).toBeVisible();
  // The farm in Berea itself, at the map's centre: a marker at the edge may sit under the panel.
  // The status settles on that answer's count (an earlier answer's count could still be showing).
  const { total } = (await (await counted).json()) as { total: number };
  expect(total).toBeGreaterThan(0);
  await expect(status).toHaveText(new RegExp(`^Showing ${total} producers? within 25 miles$`));
  const withinRadius = await status.textContent();
  await page.getByRole('button', { name: /^Big Hill Homestead/ }).click();
  await expect(page.getByRole('link', { name: 'View Producer' })).toHaveAttribute('target', '_blank');
  // The popup pans the map when it does not fit; once the pan has ended and the new view's answer is
  // in, the count is still what the filters return.
  await untilPanAnswered(page, searches);
  await expect(status).toHaveText(withinRadius as string);
});

test('the map takes its tiles from our origin and credits them under the map, where no marker is covered', async ({ page }) => {
  // Tiles come through the server's proxy: no third-party host, no failed request, no console error.
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('requestfailed', (request) => errors.push(`${request.url()} ${request.failure()?.errorText}`));
  const tiles: { url: string; status: number }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'image' && /\/tiles\//.test(response.url())) {
      tiles.push({ url: response.url(), status: response.status() });
    }
  });
  await page.goto('/map');
  await expect(page.getByText(/^Showing [1-9]\d* producers?/)).toBeVisible();
  // The first view draws the tiles without Leaflet; Leaflet takes the same tiles over.
  await expect(page.locator('.static-map img[src^="/tiles/"]').first()).toBeVisible();
  await expect.poll(() => tiles.length).toBeGreaterThan(0);
  const origin = new URL(page.url()).origin;
  for (const tile of tiles) {
    expect(tile.url).toMatch(new RegExp(`^${origin}/tiles/light/\\d+/\\d+/\\d+\\.png$`));
    expect(tile.status).toBe(200);
  }

  // The credit is page text under the map, not a control inside it.
  await expect(page.locator('.leaflet-control-attribution')).toHaveCount(0);
  const credit = page.getByRole('link', { name: 'OpenStreetMap' });
  await expect(credit).toBeVisible();
  await expect(credit).toHaveAttribute('href', 'https://www.openstreetmap.org/copyright');
  const map = await page.locator('.static-map').boundingBox();
  const creditBox = await credit.boundingBox();
  expect(map && creditBox && creditBox.y >= map.y + map.height - 1, 'the credit sits below the map').toBe(true);
  expect(errors).toEqual([]);

  // The dark map is CARTO's style of the same data, credited as well.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.getByRole('link', { name: 'CARTO' })).toHaveAttribute('href', 'https://carto.com/attributions');
  await expect(page.locator('.static-map img').first()).toHaveAttribute('src', /^\/tiles\/dark\//);
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(page.locator('img.leaflet-tile').first()).toHaveAttribute('src', /^\/tiles\/dark\//);
});

test('a consumer favourites a producer and sees it on /favorites', async ({ page, request }) => {
  await page.goto('/favorites');
  await expect(page.getByText('Sign in required')).toBeVisible();

  const consumer = await createUser(request, 'consumer');
  await signInBrowser(page, consumer);
  await page.goto('/favorites');
  await expect(page.getByText('No favorites yet')).toBeVisible();

  await page.goto(`/search?search=${encodeURIComponent(BEREA_FARM)}`);
  const heart = page.getByRole('button', { name: `Save ${BEREA_FARM} to favorites` });
  await heart.click();
  await expect(page.getByRole('button', { name: `Remove ${BEREA_FARM} from favorites` })).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/favorites');
  await expect(producerCards(page).getByRole('heading', { name: BEREA_FARM })).toBeVisible();
  await expectAccessible(page);
});

test('a consumer leaves a review that an admin approves, and it then shows publicly', async ({ page, request, browser }) => {
  const consumer = await createUser(request, 'consumer');
  const search = await (await request.get('/api/search/products?category=honey&limit=1')).json();
  const productId = search.products[0].id as number;
  await signInBrowser(page, consumer);
  await page.goto(`/product/${productId}`);
  const text = `Lovely honey, review ${Date.now()}`;
  await page.getByRole('radio', { name: '4 stars' }).check({ force: true });
  await page.getByLabel('Title (optional)').fill('Sweet');
  await page.getByLabel('Your review').fill(text);
  await page.getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByText('Pending approval')).toBeVisible();

  const mine = await (
    await request.get('/api/reviews/my-reviews', { headers: { authorization: `Bearer ${consumer.token}` } })
  ).json();
  const admin = await loginAs(request, DEMO.admin.email, DEMO.admin.password);
  const approved = await request.put(`/api/admin/reviews/${mine.reviews[0].id}/moderate`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { action: 'approve' },
  });
  expect(approved.ok()).toBeTruthy();

  const guest = await browser.newPage();
  await guest.goto(`/product/${productId}`);
  await expect(guest.getByText(text)).toBeVisible();
  await guest.close();
});

test('the user-location marker is a round dot: labelled "You" on /map, on the /search map at phone and desktop widths', async ({
  page,
}) => {
  await page.addInitScript(() =>
    window.localStorage.setItem(
      'userLocation',
      JSON.stringify({ latitude: 38.04, longitude: -84.5, address: 'Lexington, KY', type: 'address' }),
    ),
  );
  await page.goto('/map');
  const dot = page.locator('.user-location-marker__dot');
  await expect(dot).toBeVisible();
  const box = await dot.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(18);
  expect(box?.height).toBeGreaterThanOrEqual(18);
  expect(Math.abs((box?.width ?? 0) - (box?.height ?? 0))).toBeLessThan(1);
  await expect(page.locator('.user-location-marker__label')).toHaveText('You');

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/search?view=map');
    const marker = page.getByTitle('Your Location');
    await expect(marker).toBeAttached();
    const markerBox = await marker.boundingBox();
    expect(markerBox?.width, `${width} px`).toBeGreaterThanOrEqual(18);
    expect(Math.abs((markerBox?.width ?? 0) - (markerBox?.height ?? 0)), `${width} px`).toBeLessThan(1);
  }
});
