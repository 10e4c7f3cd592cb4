import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { REPO, startServer } from '../../test/compiled-server';

/**
 * A restart answers /api/health within 3 s. Most of a start-up used to be importing
 * packages that few requests need (pdf-lib alone 0.8 s); they are now loaded on first use
 * (lib/lazy-module.ts). This keeps them out of the compiled server's start-up: a preloaded probe
 * lists the CommonJS packages in memory when the server first answers.
 */
const LOADED_ON_FIRST_USE = ['pdf-lib', 'qrcode', 'sharp', 'stripe', 'zipcodes', 'nodemailer', 'pg-boss', 'pg', 'ioredis'];

const PROBE = `process.on('SIGUSR2', () => {
  const names = new Set(Object.keys(require.cache).map((f) => f.match(/node_modules\\/((?:@[^/]+\\/)?[^/]+)/)?.[1]).filter(Boolean));
  process.stderr.write('LOADED ' + JSON.stringify([...names]) + '\\n');
});`;

describe.skipIf(process.env.TEST_DB_ENGINE === 'postgres')('start-up', () => {
  it('answers /api/health without loading the packages only some requests need', async () => {
    const build = spawnSync('node', ['scripts/build-if-stale.mjs', '--server'], { cwd: REPO, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    const probe = path.join(mkdtempSync(path.join(os.tmpdir(), 'farmstand-probe-')), 'probe.cjs');
    writeFileSync(probe, PROBE);
    // JOBS=0: the queue (pg-boss) starts a second after listening; here we look at start-up alone.
    // No REDIS_URL (CI sets one): a single server on the embedded database, as `npm start` runs.
    const server = await startServer('node', ['--require', probe, 'apps/server/dist/main.js'], {
      JOBS: '0',
      REDIS_URL: undefined,
    });
    try {
      server.child.kill('SIGUSR2');
      await vi.waitFor(() => expect(server.stderr()).toContain('LOADED '), { timeout: 10_000, interval: 50 });
      const loaded: string[] = JSON.parse(server.stderr().split('LOADED ')[1].split('\n')[0]);
      expect(loaded).toContain('fastify'); // the probe sees the server's packages
      expect(loaded.filter((name) => LOADED_ON_FIRST_USE.includes(name))).toEqual([]);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 240_000);
});
