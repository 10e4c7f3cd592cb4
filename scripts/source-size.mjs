// The size budgets of the source (docs/CONVENTIONS.md "Size"): non-test .ts/.tsx lines per
// workspace and per web feature, and the files over 600 lines. Prints figures; refuses nothing.
// `node scripts/source-size.mjs [REV]` reads a commit instead of what git holds staged.
// Not counted: tests (`*.test.*`, `*.spec.*`) and test helpers (`src/test/`).
import { execFileSync } from 'node:child_process';

const rev = process.argv[2];
const git = (...args) => execFileSync('git', args, { encoding: 'utf8', maxBuffer: 1 << 28 });
const files = (rev ? git('ls-tree', '-r', '--name-only', rev) : git('ls-files'))
  .split('\n')
  .filter((file) => /\.tsx?$/.test(file) && !/\.(test|spec)\.tsx?$|\/src\/test\//.test(file));
const lines = (file) => {
  const text = rev ? git('show', `${rev}:${file}`) : git('show', `:${file}`);
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
};

const size = new Map(files.map((file) => [file, lines(file)]));
const sum = (prefix) => [...size].filter(([file]) => file.startsWith(prefix)).reduce((n, [, count]) => n + count, 0);

for (const workspace of ['apps/server/', 'apps/web/', 'packages/shared/'])
  console.log(`${String(sum(workspace)).padStart(7)}  ${workspace}`);
console.log('\nweb features (budget 2,500 each):');
const features = new Set([...size.keys()].flatMap((file) => file.match(/^apps\/web\/src\/features\/[^/]+\//) ?? []));
for (const [feature, count] of [...features].map((f) => [f, sum(f)]).sort((a, b) => b[1] - a[1]))
  console.log(`${String(count).padStart(7)}  ${feature}`);
const large = [...size].filter(([file, count]) => count > 600 && /^(apps|packages)\//.test(file));
console.log(`\nfiles over 600 lines: ${large.length}`);
for (const [file, count] of large) console.log(`${String(count).padStart(7)}  ${file}`);
