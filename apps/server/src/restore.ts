import { loadConfig } from './config';
import { openDatabase } from './db/open';
import { readBackupFile, restoreBackup } from './lib/backup-file';

/**
 * `npm run restore -- FILE [--replace]`: loads a backup (DATA_DIR/backups/backup-*.json.gz) into the
 * configured database (DATABASE_URL, else the embedded one in DATA_DIR), migrated first. It refuses
 * a database that holds data unless --replace is given. Stop the server before restoring.
 */
async function main() {
  const args = process.argv.slice(2);
  const file = args.find((a) => !a.startsWith('--'));
  if (!file) {
    console.error('Usage: npm run restore -- FILE [--replace]   (FILE: a backup-*.json.gz from DATA_DIR/backups)');
    process.exit(2);
  }
  const config = loadConfig();
  const backup = await readBackupFile(file);
  const database = await openDatabase(config);
  try {
    const restored = await restoreBackup(database.db, backup, { replace: args.includes('--replace') });
    const rows = Object.values(restored).reduce((sum, n) => sum + n, 0);
    console.log(
      `Restored ${rows} rows in ${Object.keys(restored).length} tables from ${file} (taken ${backup.created_at}) into the ${database.engine} database.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(`Restore failed: ${(error as Error).message}`);
  process.exit(1);
});
