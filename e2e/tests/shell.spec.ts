import { expect, type Page, test } from '@playwright/test';
import { createUser, DEMO, expectAccessible, loginAs, signInBrowser } from './helpers';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('a guest sees the public navigation, Sign In and Get Started', async ({ page }) => {
  await page.goto('/');
  const nav = mainNav(page);
  await expect(nav.getByRole('link', { name: 'Find Producers' })).toHaveAttribute('href', '/search');
  await expect(nav.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/products');
  await expect(nav.getByRole('link', { name: 'Map View' })).toHaveAttribute('href', '/map');
  await expect(nav.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  await expect(nav.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: /Messages/ })).toHaveCount(0);
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
});

test('each role sees its own navigation items', async ({ page, request }) => {
  const consumer = await loginAs(request, DEMO.consumer.email, DEMO.consumer.password);
  await signInBrowser(page, consumer);
  await page.goto('/');
  await expect(mainNav(page).getByRole('link', { name: 'Favorites' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: /^Messages/ })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'My Profile' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();

  const context = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL });
  const producerPage = await context.newPage();
  const producer = await loginAs(request, DEMO.producer.email, DEMO.producer.password);
  await signInBrowser(producerPage, producer);
  await producerPage.goto('/');
  await expect(mainNav(producerPage).getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '/profile');
  await expect(mainNav(producerPage).getByRole('link', { name: 'Favorites' })).toHaveCount(0);
  await expect(mainNav(producerPage).getByRole('link', { name: 'Admin panel' })).toHaveCount(0);

  const adminPage = await context.newPage();
  const admin = await loginAs(request, DEMO.admin.email, DEMO.admin.password);
  await signInBrowser(adminPage, admin);
  await adminPage.goto('/dashboard');
  await expect(adminPage).toHaveURL(/\/admin$/);
  await expect(mainNav(adminPage).getByRole('link', { name: 'Admin panel' })).toHaveAttribute('href', '/admin');
  await context.close();
});

test('the producer dashboard has Overview and Analytics with quick links and the trial status', async ({ page, request }) => {
  const producer = await createUser(request, 'producer');
  await signInBrowser(page, producer);
  await page.goto('/dashboard');
  const shortcuts = page.getByRole('navigation', { name: 'Producer shortcuts' });
  await expect(shortcuts.getByRole('link', { name: /My Profile/ })).toHaveAttribute('href', '/profile');
  await expect(shortcuts.getByRole('link', { name: /Manage Products/ })).toHaveAttribute('href', '/profile?tab=products');
  await expect(shortcuts.getByRole('link', { name: /Billing/ })).toHaveAttribute('href', '/billing');
  await expect(page.getByText('Free Trial', { exact: true })).toBeVisible();
  await expect(page.getByText(/30 days left in your free trial/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Need help?' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(/tab=analytics/);
  await expect(page.getByRole('heading', { name: 'Your account at a glance' })).toBeVisible();
  await expect(page.getByText(/coming soon/i)).toHaveCount(0);
});

test('the phone tab bar shows Home, Search, Products, and Favorites, Messages and Dashboard for a shopper', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await page.goto('/');
  const tabs = page.getByRole('navigation', { name: 'Tabs' });
  await expect(tabs.getByRole('link')).toHaveText(['Home', 'Search', 'Products']);
  await expect(mainNav(page).getByRole('link', { name: 'Find Producers' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.locator('#mobile-menu').getByRole('link', { name: 'Find Producers' })).toBeVisible();

  const consumer = await createUser(request, 'consumer');
  await signInBrowser(page, consumer);
  await page.goto('/');
  await expect(tabs.getByRole('link')).toHaveText(['Home', 'Search', 'Products', 'Favorites', 'Messages', 'Dashboard']);
  await tabs.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Your Farmstand' })).toBeVisible();
  await expectAccessible(page);
  await context.close();
});

test('going offline shows the banners and the limited functionality card', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await page.goto('/terms');
  await expect(page.getByRole('heading', { name: 'Terms of Service' })).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByText("You're offline. Some features may not be available.")).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Limited Functionality' })).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss offline notice' }).click();
  await expect(page.getByText("You're offline. Some features may not be available.")).toBeHidden();
  await context.setOffline(false);
  await expect(page.getByText("You're back online! All features are now available.")).toBeVisible();
  await expect(page.getByText("You're back online! All features are now available.")).toBeHidden({ timeout: 5000 });
  await context.close();
});

test('the legal pages state the facts of the spec', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByText(/at least 13 years old/)).toBeVisible();
  await expect(page.getByText(/at least 30 days before a material change/)).toBeVisible();
  await expect(page.getByText(/no commission/i).first()).toBeVisible();
  await page.goto('/privacy');
  const retention = page.getByRole('table');
  await expect(retention.getByRole('row', { name: /Account information 3 years/ })).toBeVisible();
  await expect(retention.getByRole('row', { name: /payment records 7 years/ })).toBeVisible();
  await expect(retention.getByRole('row', { name: /Support conversations 3 years/ })).toBeVisible();
  await expect(retention.getByRole('row', { name: /Usage analytics 2 years/ })).toBeVisible();
});

test('the home page passes axe in light and dark', async ({ page }) => {
  await page.goto('/');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expectAccessible(page);
});

test('home hero fills its right half at desktop width; the pricing consumer card is not stretched', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const panel = page.getByRole('region', { name: 'How Farmstand works' });
  await expect(panel).toBeVisible();
  const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
  const box = await panel.boundingBox();
  expect(box && heading && box.x > heading.x + 500).toBe(true);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(panel).toBeHidden();

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/pricing');
  const card = page.getByRole('heading', { name: 'For shoppers' }).first().locator('..');
  const list = await card.getByRole('list').boundingBox();
  const action = await card.getByRole('link', { name: 'Sign Up Free' }).boundingBox();
  // The button follows the list instead of sitting under an empty block.
  expect((action?.y ?? 0) - ((list?.y ?? 0) + (list?.height ?? 0))).toBeLessThan(80);
});
