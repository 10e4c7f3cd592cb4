// Tests wait for a state or move the test clock; they never sleep a fixed time (docs/TESTING.md).
// Refuses, in test files and test helpers: a promise resolved by a timer with a delay
// (`setTimeout(resolve, 100)`, `setTimeout(() => resolve(x), 100)`), Playwright's `waitForTimeout`,
// `sleep(`/`delay(` helpers and `node:timers/promises`. `setTimeout(resolve, 0)` (the next task) is no
// sleep. A line may be allowed with `sleep-ok: <the reason>` on it or on the line above.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const files = execFileSync(
  'git',
  ['ls-files', '*.test.ts', '*.test.tsx', '*.spec.ts', 'apps/server/src/test/*', 'apps/web/src/test/*', 'e2e/tests/*'],
  { encoding: 'utf8' },
)
  .split('\n')
  .filter((file) => /\.(ts|tsx|mjs)$/.test(file));

const SLEEPS = [
  /setTimeout\(\s*(resolve|res|r|done|next)\s*,(?!\s*0\s*\))/,
  /setTimeout\(\s*\(\)\s*=>\s*(resolve|res|r|done|next)\(/,
  /\bwaitForTimeout\(/,
  /(?<![\w.'"])(sleep|delay)\(/,
  /node:timers\/promises/,
];
const ALLOWED = /sleep-ok: \S/;

const found = [];
for (const file of [...new Set(files)]) {
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, i) => {
    if (!SLEEPS.some((sleep) => sleep.test(line))) return;
    if (ALLOWED.test(line) || ALLOWED.test(lines[i - 1] ?? '')) return;
    found.push(`${file}:${i + 1}: ${line.trim()}`);
  });
}

if (found.length > 0) {
  console.error(
    `A test sleeps a fixed time (${found.length}):\n${found.join('\n')}\n\n` +
      'Wait for the state instead (vi.waitFor, expect.poll, a Playwright assertion, a promise resolved when it ' +
      'happens) or move the clock (ctx.clock, vi.useFakeTimers). If the timer is the behaviour under test, ' +
      'say so on the line above: // sleep-ok: <why>',
  );
  process.exit(1);
}
