import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildOpenApiDocument } from './openapi-document';

/**
 * `npm run lint:api`: writes the API description to a temporary file and lints it with Redocly's
 * recommended rules; exits non-zero on any error (warnings are printed, not fatal).
 */
const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'farmstand-openapi-')), 'openapi.json');
writeFileSync(file, JSON.stringify(await buildOpenApiDocument(), null, 2));
console.log(`OpenAPI document written to ${file}`);
try {
  execFileSync('npx', ['redocly', 'lint', file, '--extends', 'recommended', '--format', 'codeframe'], {
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
} catch {
  process.exit(1);
}
