import { expect, type Page, test } from '@playwright/test';
import { createUser, DEMO, loginAs, producerWithProduct, signInBrowser } from './helpers';

// The shell's layout at the widths people use: nothing wraps, overflows or scrolls where it should not.

const pageScrolls = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight + 1);

test('the full-screen map fills the viewport below the header with no page scroll and no footer', async ({ page }) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/map');
    await expect(page.getByRole('button', { name: 'Zoom in' })).toBeVisible();
    expect(await pageScrolls(page), `page scroll at ${width}px`).toBe(false);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
  }
});

test('the top navigation keeps every label on one line from 1024 px', async ({ page, request }) => {
  await signInBrowser(page, await createUser(request, 'consumer'));
  for (const width of [1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    const links = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
    await expect(links.filter({ hasText: 'Favorites' })).toBeVisible();
    const heights = await links.evaluateAll((all) => all.map((a) => a.getBoundingClientRect().height));
    expect(Math.max(...heights), `a wrapped label at ${width}px`).toBeLessThan(44);
    // Signed in, the account button stays on the page: nothing scrolls sideways.
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(sideways, `sideways scroll at ${width}px`).toBe(false);
  }
});

test('the admin tab strip is one line at 1280 px', async ({ page, request }) => {
  await signInBrowser(page, await loginAs(request, DEMO.admin.email, DEMO.admin.password));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin');
  const tabs = page.getByRole('tab');
  await expect(tabs.last()).toBeVisible();
  const tops = await tabs.evaluateAll((all) => all.map((tab) => Math.round(tab.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);
});

test('a long farm name stays inside the producer header at phone and desktop widths', async ({ page, request }) => {
  const { producer } = await producerWithProduct(request, { farm: 'Schwarzwaldkirschtortenmanufakturgenossenschaft' });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/producer/${producer.id}`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toContainText('Schwarzwald');
    const overflows = await heading.evaluate((h) => h.scrollWidth > h.clientWidth + 1);
    expect(overflows, `the name overflows at ${width}px`).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
  }
});
