import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open';
import { testConfig } from '../test/test-app';
import { writeBackup } from './backup-file';
import { securePrivateDataDir, UnsafeDataDirError } from './data-dir';
import { LocalDiskStorage } from './file-storage';

const tmpParent = () => mkdtempSync(path.join(os.tmpdir(), 'farmstand-private-'));
const modeOf = (file: string) => lstatSync(file).mode & 0o777;

/** Every directory and file under `dir` (itself included) with its permission bits, symlinks left out. */
function modesUnder(dir: string): { file: string; mode: number; isDirectory: boolean }[] {
  const found = [{ file: dir, mode: modeOf(dir), isDirectory: true }];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isSymbolicLink()) continue;
    const file = path.join(entry.parentPath, entry.name);
    found.push({ file, mode: modeOf(file), isDirectory: entry.isDirectory() });
  }
  return found;
}

const loose = (entries: ReturnType<typeof modesUnder>) =>
  entries.filter((e) => e.mode !== (e.isDirectory ? 0o700 : 0o600)).map((e) => `${e.file} 0${e.mode.toString(8)}`);

// Each test file runs in its own process: the umask changes made here stay in this file.
const startUmask = process.umask();
afterEach(() => {
  process.umask(startUmask);
});

describe('the data directory is private to the server user', () => {
  it('a fresh embedded DATA_DIR, with an upload and a backup, is 0700 directories and 0600 files even under umask 000', async () => {
    process.umask(0o000);
    const dataDir = path.join(tmpParent(), 'data');
    const database = await openDatabase(testConfig({ dataDir }));
    try {
      await new LocalDiskStorage(path.join(dataDir, 'uploads')).put('products/1/a-640.webp', Buffer.from('image'));
      await writeBackup(database.db, path.join(dataDir, 'backups'), 3);
      // Anything else written later in the process (the tile cache, a file PGlite adds) is private too.
      mkdirSync(path.join(dataDir, 'tile-cache', 'light'), { recursive: true });
      writeFileSync(path.join(dataDir, 'tile-cache', 'light', '1-2-3.png'), 'tile');
      await database.db.execute(sql`create table private_mode_probe (id int)`);
    } finally {
      await database.close();
    }
    const entries = modesUnder(dataDir);
    expect(entries.filter((e) => !e.isDirectory).length).toBeGreaterThan(100); // the database's own files are there
    expect(loose(entries)).toEqual([]);
  }, 240_000);

  it('refuses a world-writable directory it did not create, with a one-line message naming it', async () => {
    const dataDir = tmpParent();
    chmodSync(dataDir, 0o777);
    const opening = openDatabase(testConfig({ dataDir }));
    await expect(opening).rejects.toThrow(UnsafeDataDirError);
    const message = await opening.catch((error: Error) => error.message);
    expect(message).toContain(dataDir);
    expect(message).toMatch(/writable by every local user \(mode 0777\).*chmod 700/);
    expect(message).not.toContain('\n');
    // Nothing was written into it and its mode is left for the operator to look at.
    expect(readdirSync(dataDir)).toEqual([]);
    expect(modeOf(dataDir)).toBe(0o777);
  });

  it('refuses a group-writable directory too', () => {
    const dataDir = tmpParent();
    chmodSync(dataDir, 0o770);
    expect(() => securePrivateDataDir(dataDir)).toThrow(/writable by its group \(mode 0770\)/);
  });

  it('tightens an older install: 0666 database files and 0777 folders become 0600 and 0700', () => {
    process.umask(0o000);
    const dataDir = tmpParent();
    chmodSync(dataDir, 0o755);
    mkdirSync(path.join(dataDir, 'db', 'pg_wal'), { recursive: true, mode: 0o777 });
    writeFileSync(path.join(dataDir, 'db', 'pg_wal', '000000010000000000000001'), 'wal', { mode: 0o666 });
    writeFileSync(path.join(dataDir, 'jwt-secret'), 'secret', { mode: 0o644 });
    securePrivateDataDir(dataDir);
    expect(loose(modesUnder(dataDir))).toEqual([]);
    expect(statSync(path.join(dataDir, 'db', 'pg_wal', '000000010000000000000001')).mode & 0o777).toBe(0o600);
    // And files written afterwards are private whatever the umask was.
    writeFileSync(path.join(dataDir, 'later'), 'x');
    expect(modeOf(path.join(dataDir, 'later'))).toBe(0o600);
  });
});
