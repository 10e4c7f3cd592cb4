import { expect, type Locator, type Page, test } from '@playwright/test';
import { createUser, signInBrowser } from './helpers';

// The shopper's screens at the widths people use (issue 44, decision 530): toasts clear of the
// control that caused them, filters that fold on a phone, one price format, placeholders that fit.

const WIDTHS = [1280, 390] as const;

/** Whether the element at the centre of `target` is `target` itself (or inside it): nothing covers it. */
async function isUncovered(page: Page, target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  if (!box) return false;
  const handle = await target.elementHandle();
  return page.evaluate(
    ([x, y, element]) => {
      const top = document.elementFromPoint(x as number, y as number);
      return top !== null && (element as Element).contains(top);
    },
    [box.x + box.width / 2, box.y + box.height / 2, handle] as const,
  );
}

test('a toast on the map never covers the Go button that caused it, and it expires with the pointer resting there', async ({
  page,
}) => {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.goto('/map');
    await expect(page.getByText('Loading producers...')).toHaveCount(0);
    const panel = page.getByRole('region', { name: 'Map filters' });
    const box = panel.getByRole('searchbox', { name: 'Search location' });
    const go = panel.getByRole('button', { name: 'Go' });
    await box.fill('Nowhere Special Zzyzx');
    // The pointer presses Go and stays there, as a person's does.
    await go.click();
    const shown = page.getByRole('status').filter({ hasText: 'Location not found' });
    await expect(shown).toBeVisible();
    expect(await isUncovered(page, go), `Go is covered at ${width}px`).toBe(true);
    expect(await isUncovered(page, box), `the search box is covered at ${width}px`).toBe(true);
    // Nor does it cover the count box or the zoom buttons below.
    expect(await isUncovered(page, page.getByText(/^Showing \d+ producers?/)), `the count box at ${width}px`).toBe(true);
    expect(await isUncovered(page, page.getByRole('button', { name: 'Zoom in' })), `zoom in at ${width}px`).toBe(true);
    // Go can be pressed again at once, and the toast goes with the pointer still resting on Go.
    await expect(go).toBeEnabled();
    await expect(shown).toHaveCount(0, { timeout: 8_000 });
  }
});

test('on a phone the filters fold behind "Filters (N set)", so the first product shows on the first screen; the benefit badges stay', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/products?benefits=snap');
  const first = page.getByRole('article').first();
  await expect(first).toBeVisible();
  // No select stands before the first result: they are folded, and the first card starts on screen.
  await expect(page.locator('select:visible')).toHaveCount(0);
  await expect(first).toBeInViewport();
  await expect(first.getByRole('list', { name: 'Benefits at pickup' })).toBeVisible();
  const fold = page.getByRole('button', { name: 'Filters (1 set)' });
  await fold.click();
  await expect(page.getByLabel('Category')).toBeVisible();
  await expect(page.locator('select:visible')).toHaveCount(4);
  await fold.click();
  await expect(page.locator('select:visible')).toHaveCount(0);

  // /search folds its radius and benefit the same way.
  await page.goto('/search?radius=50');
  await expect(page.getByRole('button', { name: 'Filters (1 set)' })).toBeVisible();
  await expect(page.getByLabel('Radius')).toBeHidden();

  // At 1280 px there is room: no fold, every filter in one row.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/products?benefits=snap');
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Filters/ })).toBeHidden();
  await expect(page.locator('select:visible')).toHaveCount(4);
});

test("the map's panel folds: folded on a phone, open at 1280 px, and either way the place search stays", async ({ page }) => {
  for (const [width, startsOpen] of [
    [390, false],
    [1280, true],
  ] as const) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.goto('/map');
    const panel = page.getByRole('region', { name: 'Map filters' });
    const fold = panel.getByRole('button', { name: 'Filters' });
    await expect(fold).toHaveAttribute('aria-expanded', String(startsOpen));
    await expect(panel.getByLabel('Product type:')).toBeVisible({ visible: startsOpen });
    await fold.click();
    await expect(panel.getByLabel('Product type:')).toBeVisible({ visible: !startsOpen });
    await expect(panel.getByRole('searchbox', { name: 'Search location' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Go' })).toBeVisible();
  }
});

test('every price reads one way on the cards and the product page, and "lb hanging weight" stays on one line', async ({
  page,
}) => {
  /** How many lines a text box's words take. */
  const lines = (element: Locator) =>
    element.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/products?search=beef');
    const cards = page.getByRole('article');
    await expect(cards.first()).toBeVisible();
    const prices = await cards.evaluateAll((all) => all.map((card) => card.querySelector('p:last-child')?.textContent ?? ''));
    // "$4.25/lb", "from $8.49/lb", "$4.75/lb hanging weight": amount, slash, unit (its words joined by
    // no-break spaces); never "$4.25 / lb".
    for (const price of prices) expect(price).toMatch(/^(from )?\$[\d,]+\.\d\d(\/[^ ]+)?$|^Ask for price$/);
    const share = page.getByText('$4.75/lb\u00a0hanging\u00a0weight', { exact: true }).first();
    await expect(share).toBeVisible();
    expect(await lines(share), `the share's price wraps at ${width}px`).toBe(1);
  }
  await page.goto('/products?search=Quarter%20beef%20share');
  await page.getByRole('article').first().getByRole('link').click();
  await expect(page.getByText(/^\$\d+\.\d\d\/lb\u00a0hanging\u00a0weight$/).first()).toBeVisible();
});

test('search placeholders are read in full at 1280 and 390 px', async ({ page }) => {
  /** The placeholder's width in the input's own font, against the room inside the input. */
  const fits = (input: Locator) =>
    input.evaluate((el) => {
      const field = el as HTMLInputElement;
      const style = getComputedStyle(field);
      const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = field.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      return { text: field.placeholder, width: Math.ceil(context.measureText(field.placeholder).width), room };
    });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const [path, field] of [
      ['/search', '#producer-search'],
      ['/search', '#location-address'],
      ['/products', '#product-search'],
      ['/map', '#map-location'],
    ] as const) {
      await page.goto(path);
      const input = page.locator(field);
      await expect(input).toBeVisible();
      const { text, width: needed, room } = await fits(input);
      expect(needed, `"${text}" on ${path} at ${width}px needs ${needed}px, has ${room}px`).toBeLessThanOrEqual(room);
    }
  }
});

test('the FAQ looks the same on /pricing and /billing', async ({ page, request }) => {
  await signInBrowser(page, await createUser(request, 'producer'));
  await page.setViewportSize({ width: 1280, height: 900 });
  /** The look of the first question and its answer, opened. */
  const look = async (path: string) => {
    await page.goto(path);
    const question = page.locator('details').first();
    await expect(question).toBeVisible();
    await question.locator('summary').click();
    return question.evaluate((details) => {
      const style = (el: Element | null) => {
        const s = getComputedStyle(el as Element);
        return { size: s.fontSize, weight: s.fontWeight, colour: s.color, display: s.display, marker: s.listStyleType };
      };
      const summary = details.querySelector('summary');
      return {
        question: style(summary),
        sign: summary?.querySelector('[aria-hidden="true"]')?.textContent ?? null,
        answer: style(details.querySelector('p')),
      };
    });
  };
  const pricing = await look('/pricing');
  expect(pricing.sign).toBe('+');
  expect(await look('/billing')).toEqual(pricing);
});
