import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { openPglite } from '../db/client';

/**
 * The OpenAPI document exactly as /api/docs serves it: the whole app built on an empty in-memory
 * database (building registers routes only; nothing is queried), then app.swagger().
 */
export async function buildOpenApiDocument(): Promise<Record<string, unknown>> {
  const database = await openPglite({});
  const app = await buildApp({
    config: {
      port: 0,
      host: '127.0.0.1',
      dataDir: path.join(os.tmpdir(), `farmstand-openapi-${process.pid}`),
      jwtSecret: 'openapi-document-openapi-document-0123456789',
      publicUrl: 'http://localhost:3000',
      mailFrom: 'Farmstand <no-reply@farmstand.local>',
      stripe: {},
      demoData: false,
      logLevel: 'silent',
      rateLimitPerMinute: 600,
      shutdownDrainMs: 0,
      shutdownGraceMs: 10_000,
      backupKeep: 14,
      runJobs: false,
      testHooks: false,
      warnings: [],
      webDist: path.join(os.tmpdir(), 'farmstand-no-web-build'),
    },
    database,
    logger: false,
  });
  try {
    await app.ready();
    return app.swagger() as unknown as Record<string, unknown>;
  } finally {
    await app.close();
    await database.close();
  }
}
