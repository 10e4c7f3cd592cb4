/**
 * Screenshots of a running Farmstand, as a person sees it: desktop and 390 px, light and dark.
 *   npx tsx e2e/scripts/screenshot.ts http://127.0.0.1:3000/login /tmp/shots/login [--token JWT] [--wait-for TEXT]
 * writes /tmp/shots/login-desktop-light.png, -desktop-dark, -phone-light, -phone-dark.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const [url, outPrefix, ...rest] = process.argv.slice(2);
if (!url || !outPrefix) {
  console.error('usage: screenshot.ts URL OUT_PREFIX [--token JWT] [--wait-for TEXT] [--full]');
  process.exit(2);
}
const option = (name: string) => {
  const i = rest.indexOf(name);
  return i >= 0 ? rest[i + 1] : undefined;
};
const token = option('--token');
const waitFor = option('--wait-for');
const fullPage = rest.includes('--full');

mkdirSync(path.dirname(outPrefix), { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  for (const theme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ viewport, colorScheme: theme, deviceScaleFactor: 1 });
    await context.addInitScript(
      ([t, dark]) => {
        if (t) localStorage.setItem('token', t);
        localStorage.setItem('darkMode', dark);
      },
      [token ?? '', String(theme === 'dark')],
    );
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle' }).catch(() => undefined);
    if (waitFor)
      await page
        .getByText(waitFor)
        .first()
        .waitFor({ timeout: 10_000 })
        .catch(() => undefined);
    await page.waitForTimeout(400);
    const file = `${outPrefix}-${device}-${theme}.png`;
    await page.screenshot({ path: file, fullPage });
    console.log(file);
    await context.close();
  }
}
await browser.close();
