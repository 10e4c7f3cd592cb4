import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app';
import type { Config } from '../config';
import { type DatabaseHandle, openPglite, openPostgres } from '../db/client';
import { listingIndexLoaded } from '../modules/search/listing-index/listing-index.service';
import { withDatabase } from './global-setup';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: path.join(os.tmpdir(), `farmstand-test-${process.pid}`),
    jwtSecret: 'test-secret-test-secret-test-secret-0123456789',
    publicUrl: 'http://localhost:3000',
    mailFrom: 'Farmstand <no-reply@farmstand.local>',
    stripe: {},
    demoData: false,
    logLevel: 'silent',
    rateLimitPerMinute: 100_000,
    shutdownDrainMs: 0,
    shutdownGraceMs: 10_000,
    backupKeep: 14,
    runJobs: true,
    testHooks: false,
    warnings: [],
    webDist: path.join(os.tmpdir(), 'farmstand-no-web-build'),
    // Tests never reach the internet: a closed local port stands for the tile servers.
    mapTiles: { light: 'http://127.0.0.1:9/{z}/{x}/{y}.png', dark: 'http://127.0.0.1:9/dark/{z}/{x}/{y}.png' },
    ...overrides,
  };
}

/** A fresh, migrated database of the engine this test project runs on (with its URL on PostgreSQL). */
export async function openTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  if (process.env.TEST_DB_ENGINE === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL as string;
    // Same run prefix as the template (farmstand_test_<run pid>_), so stale-run cleanup finds it.
    const template = inject('pgTemplate');
    const name = `${template.replace(/_tpl$/, '')}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${name}" template "${template}"`);
    await admin.end();
    const url = withDatabase(adminUrl, name);
    const handle = await openPostgres(url);
    return {
      ...handle,
      url,
      close: async () => {
        await handle.close();
        const dropper = new pg.Client({ connectionString: adminUrl });
        await dropper.connect();
        await dropper.query(`drop database if exists "${name}" with (force)`);
        await dropper.end();
      },
    };
  }
  const snapshot = readFileSync(inject('pgliteSnapshot'));
  return openPglite({ loadDataDir: new Blob([snapshot]) });
}

export type TestApp = FastifyInstance & { closeAll: () => Promise<void> };

/** The whole app on a fresh database, for app.inject tests. */
export async function buildTestApp(configOverrides: Partial<Config> = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const app = await buildApp({
    config: testConfig(configOverrides),
    database,
    logger: false,
    rateLimitPerMinute: 100_000,
  });
  await app.ready();
  // Search answers (and readiness says so) once its index has loaded (decision 461).
  await listingIndexLoaded(app.ctx);
  return Object.assign(app, {
    closeAll: async () => {
      await app.close();
      await database.close();
    },
  });
}
