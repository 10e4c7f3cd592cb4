#!/usr/bin/env node
// Lists the web app's feature → feature imports: every import in apps/web/src/features/<A>/
// that reaches into features/<B>/ (B ≠ A), by relative path or the `@/` alias.
// `node scripts/feature-imports.mjs` prints each pair with its count, then the totals, and fails
// when there is one: a feature imports only itself, the shared layers and packages
// (docs/CONVENTIONS.md). `npm run lint` runs it.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '../apps/web/src');
const features = join(src, 'features');
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*|\bvi\.mock\(\s*)['"]([^'"]+)['"]/g;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (/\.(ts|tsx)$/.test(entry.name)) yield path;
  }
}

const featureOf = (path) => {
  const rel = relative(features, path);
  return rel.startsWith('..') ? null : rel.split(sep)[0];
};

const pairs = new Map();
for (const file of files(features)) {
  const from = featureOf(file);
  for (const [, spec] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const target = spec.startsWith('@/') ? join(src, spec.slice(2)) : spec.startsWith('.') ? resolve(dirname(file), spec) : null;
    const to = target && featureOf(target);
    if (!to || to === from) continue;
    const key = `features/${from} → features/${to}`;
    pairs.set(key, (pairs.get(key) ?? 0) + 1);
  }
}

for (const [pair, count] of [...pairs].sort(([a], [b]) => (a < b ? -1 : 1))) console.log(`${String(count).padStart(3)}  ${pair}`);
const imports = [...pairs.values()].reduce((sum, n) => sum + n, 0);
console.log(`${pairs.size} feature → feature pairs, ${imports} imports`);
if (imports > 0) {
  console.error(
    'A feature imports only itself, the shared layers and packages: compose features in src/app (docs/CONVENTIONS.md).',
  );
  process.exitCode = 1;
}
