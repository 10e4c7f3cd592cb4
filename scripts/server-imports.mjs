#!/usr/bin/env node
// Checks the server's imports (docs/CONVENTIONS.md, "Which layer may import which"). Reads every
// non-test .ts under apps/server/src — `import`, `import type`, `export … from`, `import()` — and prints
// (with --list) the module → module imports, imports into another module's inside (anything but its index.ts),
// import circles (type imports count) and imports that run up the floors:
//   main.ts, restore.ts, seed/, tools/  →  app.ts  →  jobs/, realtime/, modules/index.ts  →  modules/<m>/
//   →  plugins/  →  lib/, db/, config.ts, types/
// Fails on a circle, an upward import, or an import into another module's inside (decision 568). `npm run lint` runs it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '../apps/server/src');
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.[^'"]*)['"]/g;
const isTest = (rel) => /\.test(-helpers)?\.ts$/.test(rel) || rel.startsWith('test/');

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) yield relative(src, path);
  }
}

function target(from, spec) {
  const base = resolve(src, dirname(from), spec).replace(/\.js$/, '');
  for (const path of [base, `${base}.ts`, join(base, 'index.ts')]) {
    if (path.endsWith('.ts') && existsSync(path)) return relative(src, path);
  }
  return null;
}

/** The unit a file belongs to: `modules/<m>`, or the top-level file or folder. */
const unitOf = (rel) => {
  const parts = rel.split('/');
  if (parts[0] === 'modules' && parts.length > 2) return `modules/${parts[1]}`;
  return parts[0] === 'modules' ? rel : parts[0];
};
const FLOOR = { 'main.ts': 4, 'restore.ts': 4, seed: 4, tools: 4, 'app.ts': 3, jobs: 2, realtime: 2, 'modules/index.ts': 2 };
const floorOf = (unit) =>
  FLOOR[unit] ??
  (unit.startsWith('modules/') ? 1 : unit === 'plugins' ? 0 : ['lib', 'db', 'config.ts', 'types'].includes(unit) ? -1 : null);

const graph = new Map();
for (const file of files(src)) {
  if (isTest(file)) continue;
  const to = new Set();
  for (const [, spec] of readFileSync(join(src, file), 'utf8').matchAll(IMPORT)) {
    const dest = target(file, spec);
    if (dest) to.add(dest);
    else console.error(`${file}: cannot resolve ${spec}`);
  }
  graph.set(file, to);
}

const pairs = new Map();
const inside = [];
const upward = [];
for (const [from, tos] of graph) {
  const a = unitOf(from);
  for (const to of tos) {
    const b = unitOf(to);
    if (a === b) continue;
    if (a.startsWith('modules/') && b.startsWith('modules/') && a !== 'modules/index.ts') {
      const key = `${a} → ${b}`;
      pairs.set(key, (pairs.get(key) ?? 0) + 1);
    }
    // The registry mounts each module's routes files (their default export); everyone else uses the index.
    const mounted = a === 'modules/index.ts' && to.endsWith('.routes.ts');
    if (b.startsWith('modules/') && !b.endsWith('.ts') && to !== `${b}/index.ts` && !mounted) {
      inside.push(`${from} → ${to}`);
    }
    const fa = floorOf(a);
    const fb = floorOf(b);
    if (fa === null || fb === null) upward.push(`${from} → ${to} (no floor for ${fa === null ? a : b})`);
    else if (fb > fa) upward.push(`${from} → ${to}`);
  }
}

// Circles: the strongly connected components of the file graph (Tarjan), each shown by a shortest cycle.
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const components = [];
let counter = 0;
function connect(v) {
  index.set(v, counter);
  low.set(v, counter++);
  stack.push(v);
  onStack.add(v);
  for (const w of graph.get(v) ?? []) {
    if (!index.has(w)) {
      connect(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
  }
  if (low.get(v) === index.get(v)) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v)?.has(v)) components.push(component.sort());
  }
}
for (const v of graph.keys()) if (!index.has(v)) connect(v);
function shortestCycle(start, members) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    for (const w of graph.get(v) ?? []) {
      if (w === start) {
        const path = [v];
        for (let p = previous.get(v); p; p = previous.get(p)) path.unshift(p);
        return [...path, start];
      }
      if (members.has(w) && !previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return [];
}

// Floors: the longest chain of units, each importing the next (a circle of units counts as one).
const units = new Map();
for (const [from, tos] of graph) {
  const a = unitOf(from);
  if (!units.has(a)) units.set(a, new Set());
  for (const to of tos) if (unitOf(to) !== a) units.get(a).add(unitOf(to));
}
const height = new Map();
const floors = (unit, seen = new Set()) => {
  if (height.has(unit)) return height.get(unit);
  if (seen.has(unit)) return 0;
  seen.add(unit);
  let h = 1;
  for (const next of units.get(unit) ?? []) h = Math.max(h, 1 + floors(next, seen));
  seen.delete(unit);
  height.set(unit, h);
  return h;
};
const floorCount = Math.max(...[...units.keys()].map((u) => floors(u)));

const list = (title, lines) => {
  console.log(`\n${title}: ${lines.length}`);
  for (const line of lines) console.log(`  ${line}`);
};
if (process.argv.includes('--list')) {
  console.log('module → module imports:');
  for (const [pair, count] of [...pairs].sort(([a], [b]) => (a < b ? -1 : 1)))
    console.log(`${String(count).padStart(4)}  ${pair}`);
}
list('imports into another module’s inside', inside.sort());
list(
  'import circles (type imports count)',
  components.map((c) => `${c.length} files: ${shortestCycle(c[0], new Set(c)).join(' → ')}`),
);
list('upward imports', upward.sort());
const imports = [...pairs.values()].reduce((sum, n) => sum + n, 0);
console.log(
  `\n${graph.size} files; ${imports} module → module imports in ${pairs.size} pairs; ${inside.length} inside imports; ` +
    `${components.length} circles; ${floorCount} floors; ${upward.length} upward imports`,
);
if (inside.length || components.length || upward.length) {
  console.error(
    'A module is used through its index.ts, nothing imports in a circle, and imports run down the floors (docs/CONVENTIONS.md).',
  );
  process.exitCode = 1;
}
