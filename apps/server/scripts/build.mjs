// Compiles the server into apps/server/dist: one ESM bundle per entry for plain `node` (Node 20),
// npm packages left external (resolved from node_modules at run time), the workspace package
// @farmstand/shared compiled in, and the SQL migrations copied beside the bundle.
// Writes are atomic (temporary file, then rename), so a server starting while another process
// rebuilds never reads half a file.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SRC = path.join(SERVER_DIR, 'src');
const DIST = path.join(SERVER_DIR, 'dist');
// label-thread: the label PDF renderer's worker thread, started by labels/label-maker.ts from beside main.js.
const ENTRIES = {
  main: 'src/main.ts',
  restore: 'src/restore.ts',
  'label-thread': 'src/modules/labels/label-thread.ts',
};

const pkg = JSON.parse(readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((name) => !name.startsWith('@farmstand/'));

function copyDirAtomic(from, to) {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) copyDirAtomic(source, target);
    else {
      const temporary = `${target}.${process.pid}.tmp`;
      copyFileSync(source, temporary);
      renameSync(temporary, target);
    }
  }
}

const started = Date.now();
const staging = path.join(DIST, `.staging-${process.pid}`);
mkdirSync(staging, { recursive: true });
try {
  const entryPoints = Object.entries(ENTRIES)
    .filter(([, file]) => statSync(path.join(SERVER_DIR, file), { throwIfNoEntry: false }))
    .map(([out, file]) => ({ out, in: path.join(SERVER_DIR, file) }));
  await build({
    entryPoints,
    outdir: staging,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external,
    // Bundled CommonJS helpers may call require(); give ESM one.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  copyDirAtomic(path.join(SRC, 'db', 'migrations'), path.join(DIST, 'migrations'));
  // Maps first, then the bundles: a starting server sees either the old or the new bundle whole.
  for (const file of readdirSync(staging).sort((a, b) => Number(b.endsWith('.map')) - Number(a.endsWith('.map')))) {
    renameSync(path.join(staging, file), path.join(DIST, file));
  }
} finally {
  rmSync(staging, { recursive: true, force: true });
}
console.log(`Server compiled to ${path.relative(process.cwd(), DIST) || 'dist'} in ${Date.now() - started} ms`);
