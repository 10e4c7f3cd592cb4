import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client';
import { runMigrations } from '../db/migrate';

/**
 * Migrates once per run. PGlite: a migrated data directory is dumped to a file that each test
 * file restores (0.3 s instead of a 3 s cold start). PostgreSQL: a template database that each
 * test file clones.
 */
export default async function setup(project: TestProject) {
  // The project's env reaches its tests, not this setup: read it from the project's config.
  if (project.config.env?.TEST_DB_ENGINE === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL as string;
    // Names carry this run's pid, so runs in parallel on one server never drop each other's databases.
    const template = `farmstand_test_${process.pid}_tpl`;
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await dropDatabasesOfDeadRuns(client);
    await client.query(`create database "${template}"`);
    await client.end();
    const handle = await openPostgres(withDatabase(adminUrl, template));
    await runMigrations(handle);
    await handle.close();
    project.provide('pgTemplate', template);
    return async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists "${template}" with (force)`);
      await dropper.end();
    };
  }
  const handle = await openPglite({});
  await runMigrations(handle);
  // biome-ignore lint/suspicious/noExplicitAny: reach the PGlite client behind drizzle
  const client = (handle.db as any).$client;
  const dump: Blob = await client.dumpDataDir('none');
  const file = path.join(os.tmpdir(), `farmstand-pglite-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteSnapshot', file);
}

/** Test databases left behind by runs that crashed: their pid is no longer alive. */
async function dropDatabasesOfDeadRuns(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ datname: string }>(
    "select datname from pg_database where datname like 'farmstand_test_%'",
  );
  for (const { datname } of rows) {
    const pid = Number(datname.match(/^farmstand_test_(\d+)_/)?.[1]);
    if (pid && isAlive(pid)) continue;
    await client.query(`drop database if exists "${datname}" with (force)`);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    pgTemplate: string;
  }
}
