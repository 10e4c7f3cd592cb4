import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/client';
import { runMigrations } from '../db/migrate';
import { countRows, readBackupFile, readDatabase, restoreBackup, writeBackup } from '../lib/backup-file';
import { bearer, buildUser } from '../test/factories';
import { buildProducer, buildProduct } from '../test/listing-factories';
import { buildTestApp, openTestDatabase, type TestApp } from '../test/test-app';

/** Back up, wipe, restore: the same data, on this project's engine. */
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'farmstand-restore-'));
let app: TestApp;
let file: string;

beforeAll(async () => {
  app = await buildTestApp({ dataDir: dir });
  const producer = await buildProducer(app, { verified: true, farmName: 'Restore Farm' });
  await buildProduct(app, producer, { name: 'Restored Eggs' });
  const shopper = await buildUser(app);
  await app.inject({
    method: 'POST',
    url: '/api/messages/conversations',
    headers: bearer(shopper),
    payload: { recipientId: producer.id, content: 'Hello before the backup' },
  });
  const admin = await buildUser(app, { userType: 'admin' });
  await app.inject({
    method: 'PUT',
    url: '/api/admin/settings/general',
    headers: bearer(admin),
    payload: { site_name: 'Restored Market' },
  });
  const written = await writeBackup(app.ctx.db, path.join(dir, 'backups'), 5);
  file = path.join(dir, 'backups', written.file);
});
afterAll(async () => {
  await app.closeAll();
  rmSync(dir, { recursive: true, force: true });
});

describe('backups that restore', () => {
  it('restores into an empty database with the same rows, and ids continue after the restored ones', async () => {
    const before = await readDatabase(app.ctx.db);
    const empty = await openTestDatabase();
    try {
      expect(await countRows(empty.db)).toBe(0);
      const restored = await restoreBackup(empty.db, await readBackupFile(file));
      expect(restored.users).toBe(before.tables.users.length);
      const after = await readDatabase(empty.db);
      expect(after.tables).toEqual(before.tables);
      // Sequences moved on: a new user gets a fresh id, not a clash.
      const maxId = Math.max(...before.tables.users.map((u) => Number(u.id)));
      const inserted = await empty.db.execute<{ id: number }>(
        sql`insert into users (email, password_hash, user_type) values ('new@example.com', 'x', 'consumer') returning id`,
      );
      expect(Number(inserted.rows[0].id)).toBeGreaterThan(maxId);
      // A second restore into the now full database is refused unless asked to replace.
      await expect(restoreBackup(empty.db, await readBackupFile(file))).rejects.toThrow(/not empty/);
      await restoreBackup(empty.db, await readBackupFile(file), { replace: true });
      expect((await readDatabase(empty.db)).tables).toEqual(before.tables);
    } finally {
      await empty.close();
    }
  });

  it.skipIf(process.env.TEST_DB_ENGINE === 'postgres')(
    'npm run restore -- FILE loads it into a fresh embedded database',
    async () => {
      const target = mkdtempSync(path.join(os.tmpdir(), 'farmstand-restore-cli-'));
      try {
        const result = spawnSync('npm', ['run', 'restore', '--', file], {
          cwd: REPO,
          env: { ...process.env, DATA_DIR: target },
          encoding: 'utf8',
          timeout: 200_000,
        });
        expect(result.status, result.stderr).toBe(0);
        expect(result.stdout).toMatch(/Restored \d+ rows/);
        const db = await openPglite({ dataDir: path.join(target, 'db') });
        try {
          await runMigrations(db);
          const restored = await readDatabase(db.db);
          expect(restored.tables.producers.map((p) => p.farm_name)).toContain('Restore Farm');
          expect(restored.tables.products.map((p) => p.name)).toContain('Restored Eggs');
          expect(JSON.stringify(restored.tables.settings)).toContain('Restored Market');
        } finally {
          await db.close();
        }
      } finally {
        rmSync(target, { recursive: true, force: true });
      }
    },
    240_000,
  );
});
