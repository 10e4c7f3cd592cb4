import { expect, type Locator, type Page, test } from '@playwright/test';

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
