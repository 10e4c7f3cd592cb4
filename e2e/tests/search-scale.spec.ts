import { expect, test } from '@playwright/test';
import { expectAccessible, untilPanAnswered, watchProducerSearches } from './helpers';

/** Type-ahead on /products and /search (WAI-ARIA combobox), the /map place box, and map clusters. */
// axe and the map are slow on a busy machine.
test.describe.configure({ timeout: 150_000 });

test('type-ahead on /products: arrow down then Enter opens the suggested product', async ({ page }) => {
  await page.goto('/products');
  const box = page.getByRole('combobox', { name: 'Search' });
  await box.fill('sourd');
  const listbox = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(listbox).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await expect(box).toHaveAttribute('aria-controls', (await listbox.getAttribute('id')) as string);
  const first = listbox.getByRole('option').first();
  await expect(first).toContainText(/sourdough/i);
  await expectAccessible(page);

  await box.press('ArrowDown');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) as string);
  const name = (await first.locator('span.font-medium').textContent()) ?? '';
  await box.press('Enter');
  await expect(page).toHaveURL(/\/product\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
});

test('type-ahead on /search: Escape closes, a category suggestion opens the filtered catalogue', async ({ page }) => {
  await page.goto('/search');
  const box = page.getByRole('combobox', { name: 'Search' });
  await box.fill('bake');
  const option = page.getByRole('option', { name: /Baked Goods/ });
  await expect(option).toBeVisible();
  await box.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  // Move to the category (last option) with ArrowUp, which wraps to the end.
  await box.press('ArrowUp');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/products\?category=baked_goods/);
});

test('the /map location box takes a place: it suggests no farms or products, and Enter searches the place', async ({
  page,
  request,
}) => {
  const producers = (await (await request.get('/api/search/producers')).json()) as { producers: { farm_name: string }[] };
  const farm = producers.producers[0].farm_name;
  const suggestionCalls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/search/suggestions') suggestionCalls.push(r.url());
  });
  await page.goto('/map');
  const box = page.getByRole('searchbox', { name: 'Search location' });
  await box.fill(farm.slice(0, 6));
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(box).not.toHaveAttribute('aria-expanded');
  await expect(box).not.toHaveAttribute('aria-autocomplete');
  await box.fill('40403');
  await box.press('Enter');
  await expect(page.getByText('Found location: Berea, KY 40403')).toBeVisible();
  await expect(page).toHaveURL(/\/map$/);
  // By the time the place is found, a type-ahead would have asked for suggestions and shown them.
  expect(suggestionCalls).toEqual([]);
  await expect(page.getByRole('listbox')).toHaveCount(0);
});

test('the map asks for its viewport and draws clusters that zoom in when pressed', async ({ page }) => {
  const firstViewport = page.waitForRequest((r) => /\/api\/search\/producers\?.*bbox=.*zoom=/.test(r.url()));
  const searches = watchProducerSearches(page);
  await page.goto('/map');
  const zoomOf = (url: string) => Number(new URL(url).searchParams.get('zoom'));
  let startZoom = zoomOf((await firstViewport).url());
  const cluster = page.getByRole('button', { name: /producers here: zoom in/ }).first();
  // Zoom out until the demo farms share grid cells; every zoom asks the server for the new view.
  for (let step = 0; step < 5 && !(await cluster.isVisible()); step++) {
    const next = page.waitForRequest((r) => r.url().includes('/api/search/producers?') && zoomOf(r.url()) < startZoom);
    await page.getByRole('button', { name: 'Zoom out' }).click();
    startZoom = zoomOf((await next).url());
    // The zoom animation has ended and that view's answer is drawn before the clusters are looked at.
    await untilPanAnswered(page, searches);
    await expect(page.locator('.leaflet-zoom-anim')).toHaveCount(0);
  }
  await expect(cluster).toBeVisible();
  const zoomedIn = page.waitForRequest((r) => r.url().includes('/api/search/producers?') && zoomOf(r.url()) > startZoom);
  // Keyboard: focus the cluster and press Enter.
  await cluster.focus();
  await page.keyboard.press('Enter');
  await zoomedIn;
  await expect(page.getByText(/^Showing \d+ producers?/)).toBeVisible();
});
