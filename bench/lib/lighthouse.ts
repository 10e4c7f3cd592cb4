import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];
export type PageScores = {
  path: string;
  scores: Record<Category, number | null>;
  failing: string[];
  cls: number | null;
  lcpMs: number | null;
};

/** Issue 11 item 4. */
export const LIGHTHOUSE_TARGETS: Record<Category, number> = {
  performance: 90,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Lighthouse's default mobile run (Moto G Power emulation, simulated slow 4G and 4x CPU slowdown)
 * on each page, in the system Chromium (nothing downloaded), `runs` times each; the median
 * performance run is kept. Scores are 0-100; `failing` names the audits that cost points outside
 * performance, so a miss says what to fix.
 */
export async function runLighthouse(baseUrl: string, paths: string[], runs = 1): Promise<PageScores[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-extensions',
    ],
    userDataDir: false,
  });
  try {
    const results: PageScores[] = [];
    for (const path of paths) {
      const attempts: PageScores[] = [];
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(`${baseUrl}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        });
        if (!result) throw new Error(`lighthouse gave no result for ${path}`);
        // LIGHTHOUSE_REPORT_DIR=/tmp/lh keeps every run's full report, to read which audits cost what.
        const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
        if (reportDir) {
          mkdirSync(reportDir, { recursive: true });
          const name = `${path.replace(/[^\w]+/g, '_').replace(/^_|_$/g, '') || 'home'}-${i + 1}.json`;
          writeFileSync(join(reportDir, name), JSON.stringify(result.lhr));
        }
        const { categories, audits } = result.lhr;
        const scores = Object.fromEntries(
          CATEGORIES.map((c) => [
            c,
            categories[c]?.score === null || categories[c]?.score === undefined
              ? null
              : Math.round((categories[c]?.score ?? 0) * 100),
          ]),
        ) as Record<Category, number | null>;
        const failing = CATEGORIES.filter((c) => c !== 'performance').flatMap((c) =>
          (categories[c]?.auditRefs ?? [])
            .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
            .map((ref) => `${c}:${ref.id}${consoleErrorSources(ref.id, audits[ref.id]?.details)}`),
        );
        attempts.push({
          path,
          scores,
          failing,
          cls: audits['cumulative-layout-shift']?.numericValue ?? null,
          lcpMs: audits['largest-contentful-paint']?.numericValue ?? null,
        });
      }
      attempts.sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
      results.push(attempts[Math.floor(attempts.length / 2)] as PageScores);
    }
    return results;
  } finally {
    await chrome.kill();
  }
}

export const loadAverage = () => os.loadavg()[0];

/**
 * For errors-in-console, where the errors came from (` (network: a.tile.openstreetmap.org ×9)`),
 * so a miss caused by this machine having no internet (map tiles) reads differently from an error
 * of the app's own.
 */
function consoleErrorSources(auditId: string, details: unknown): string {
  if (auditId !== 'errors-in-console') return '';
  const items = (details as { items?: { source?: string; sourceLocation?: { url?: string } }[] } | undefined)?.items ?? [];
  const counts = new Map<string, number>();
  for (const item of items) {
    let host = 'page';
    try {
      host = new URL(item.sourceLocation?.url ?? '').host || 'page';
    } catch {}
    const key = `${item.source ?? 'console'}: ${host.replace(/^[a-c]\./, '')}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts.size ? ` (${[...counts].map(([key, n]) => `${key} ×${n}`).join(', ')})` : '';
}
