import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';

/** Owner only: DATA_DIR holds password hashes, the outbox, the JWT secret and backups (decision 350). */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** A data directory other local users could write into: the server must not use it. */
export class UnsafeDataDirError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsafeDataDirError';
  }
}

/**
 * Directories already secured by this process: the checks are done once (configuration and the
 * database open both ask for them), not at every open.
 */
const securedHere = new Set<string>();

/**
 * Makes DATA_DIR private to the user the server runs as, whatever the umask:
 * - creates it 0700 when absent (the umask is set first, so it is never looser, not even briefly);
 * - refuses an existing one that is group- or world-writable: another user may have placed or
 *   swapped files in it, which no chmod undoes (one this function created is never loose);
 * - tightens what is already there to 0700 directories / 0600 files (an older install's 0666
 *   database files), leaving symbolic links and other users' files alone. Only when DATA_DIR itself
 *   was looser than 0700: one that is 0700 was secured by an earlier start or created here, and what
 *   was written in it since followed the umask, so the walk (a stat per file, seconds for a large
 *   upload folder) is not repeated at every start;
 * - sets the process umask to 077, so every file written later (the embedded database's own files,
 *   uploads, the tile cache, backups) is owner-only without each writer having to remember.
 * Idempotent: the checks run once per directory per process.
 */
export function securePrivateDataDir(dataDir: string): void {
  const dir = path.resolve(dataDir);
  // Worker threads cannot change the umask (it is per process); the main thread sets it for all.
  if (isMainThread) process.umask(0o077);
  if (securedHere.has(dir)) return;

  let stats = statOrNull(dir);
  if (!stats) {
    mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
    stats = statSync(dir);
  }
  if (!stats.isDirectory()) throw new UnsafeDataDirError(`DATA_DIR ${dir} is not a directory.`);
  if ((stats.mode & 0o022) !== 0) {
    const who = (stats.mode & 0o002) !== 0 ? 'every local user' : 'its group';
    throw new UnsafeDataDirError(
      `Refusing to use DATA_DIR ${dir}: it is writable by ${who} (mode ${octal(stats.mode)}), and it holds passwords, sign-in links and backups. ` +
        `Check its contents, then run "chmod 700 ${dir}", or point DATA_DIR at a new directory.`,
    );
  }
  const uid = process.getuid?.();
  if (uid !== undefined && uid !== 0 && stats.uid !== uid) {
    throw new UnsafeDataDirError(
      `Refusing to use DATA_DIR ${dir}: it belongs to another user (uid ${stats.uid}), so this server (uid ${uid}) cannot keep it private. ` +
        `Run the server as its owner, or point DATA_DIR at a directory of your own.`,
    );
  }
  if ((stats.mode & 0o077) !== 0) tightenPrivateTree(dir);
  securedHere.add(dir);
}

/**
 * Tightens a directory we own and everything in it to 0700 / at most 0600. For writers that set
 * modes themselves rather than through the umask: PGlite lays out a new database with its files
 * chmod-ed 0666 (files it adds later follow the umask).
 */
export function tightenPrivateTree(dir: string): void {
  tighten(dir, statSync(dir).mode, true);
  walk(dir, process.getuid?.());
}

function walk(dir: string, uid: number | undefined) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // Symbolic links are not followed: what they point at is not ours to change.
    if (entry.isSymbolicLink()) continue;
    const stats = lstatSync(full);
    // Another user's file cannot be changed by us (chmod would fail); root may change anything.
    if (uid !== undefined && uid !== 0 && stats.uid !== uid) continue;
    if (stats.isDirectory()) {
      tighten(full, stats.mode, true);
      walk(full, uid);
    } else if (stats.isFile()) {
      tighten(full, stats.mode, false);
    }
  }
}

/** Drops every group and other bit, and gives directories their owner search bit. */
function tighten(file: string, mode: number, isDirectory: boolean) {
  const wanted = isDirectory ? PRIVATE_DIR_MODE : mode & PRIVATE_FILE_MODE;
  if ((mode & 0o7777) !== wanted) chmodSync(file, wanted);
}

function statOrNull(file: string) {
  try {
    return statSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

const octal = (mode: number) => `0${(mode & 0o777).toString(8)}`;
