// `npm start` calls this before it runs the compiled server: it builds the server and the web app
// only when their output is missing or older than any of their sources, so a second start on an
// unchanged checkout goes straight to `node`. `--server` checks the server alone (the e2e runner
// and anyone serving their own WEB_DIST).
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(ROOT, ...parts);
const isTestFile = (name) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(name);

/** Newest modification time under the given files and folders (tests and node_modules skipped). */
function newestMtime(paths) {
  let newest = 0;
  const visit = (file) => {
    const stat = statSync(file, { throwIfNoEntry: false });
    if (!stat) return;
    if (!stat.isDirectory()) {
      if (!isTestFile(file)) newest = Math.max(newest, stat.mtimeMs);
      return;
    }
    for (const entry of readdirSync(file)) {
      if (entry === 'node_modules' || entry === 'dist' || entry === 'test' || entry.startsWith('.')) continue;
      visit(path.join(file, entry));
    }
  };
  for (const p of paths) visit(p);
  return newest;
}

const outputMtime = (file) => statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? -1;

const TARGETS = {
  server: {
    output: at('apps/server/dist/main.js'),
    sources: [at('apps/server/src'), at('apps/server/scripts'), at('apps/server/package.json'), at('packages/shared/src')],
    build: ['node', [at('apps/server/scripts/build.mjs')]],
  },
  web: {
    output: at('apps/web/dist/index.html'),
    sources: [
      at('apps/web/src'),
      at('apps/web/public'),
      at('apps/web/index.html'),
      at('apps/web/vite.config.ts'),
      at('apps/web/package.json'),
      at('packages/shared/src'),
    ],
    build: ['npm', ['run', 'build', '-w', '@farmstand/web']],
  },
};

const wanted = process.argv.includes('--server') || process.env.WEB_DIST ? ['server'] : ['server', 'web'];
for (const name of wanted) {
  const target = TARGETS[name];
  const built = outputMtime(target.output);
  if (built >= newestMtime(target.sources)) continue;
  console.log(built < 0 ? `Building the ${name} (no build yet)…` : `Building the ${name} (sources changed)…`);
  const [command, args] = target.build;
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
