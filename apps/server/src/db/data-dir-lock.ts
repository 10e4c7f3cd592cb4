import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const LOCK_FILE = 'farmstand.lock';

/** A second server on one DATA_DIR: the embedded database would lose writes, so it must not start. */
export class DataDirLockedError extends Error {
  constructor(
    public readonly dataDir: string,
    public readonly holderPid: number,
    holderHost: string,
  ) {
    const where = holderHost === os.hostname() ? `pid ${holderPid}` : `pid ${holderPid} on host ${holderHost}`;
    super(
      `Another Farmstand server (${where}) is already using the data directory ${dataDir}. ` +
        `Stop it first, or give this server its own DATA_DIR. ` +
        `(If no server is running there, delete ${path.join(dataDir, LOCK_FILE)}.)`,
    );
    this.name = 'DataDirLockedError';
  }
}

type Holder = { pid: number; host: string };

/** Directories this process holds: opening one twice in one process is refused too. */
const heldHere = new Set<string>();

/**
 * Takes the exclusive lock of a data directory: a lock file with our pid, created atomically.
 * A lock left by a process that is gone (kill -9, power loss) is taken over. Returns the release
 * function; the lock is also removed when the process exits.
 */
export function lockDataDir(dataDir: string): () => void {
  const dir = path.resolve(dataDir);
  const file = path.join(dir, LOCK_FILE);
  if (heldHere.has(dir)) throw new DataDirLockedError(dir, process.pid, os.hostname());
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, JSON.stringify({ pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString() }));
      closeSync(fd);
      heldHere.add(dir);
      let isHeld = true;
      const release = () => {
        if (!isHeld) return;
        isHeld = false;
        heldHere.delete(dir);
        process.off('exit', release);
        if (readHolder(file)?.pid === process.pid) unlinkSync(file);
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(file);
      if (holder && isRunning(holder)) throw new DataDirLockedError(dir, holder.pid, holder.host);
      // Stale: its process is gone (or the file is unreadable). Remove it and try once more.
      try {
        unlinkSync(file);
      } catch {
        // Someone else removed it first; the retry decides.
      }
    }
  }
  const holder = readHolder(file);
  throw new DataDirLockedError(dir, holder?.pid ?? 0, holder?.host ?? os.hostname());
}

function readHolder(file: string): Holder | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, host: String(parsed.host ?? '') } : null;
  } catch {
    return null;
  }
}

function isRunning(holder: Holder): boolean {
  // Another host's process cannot be checked from here: count it as running.
  if (holder.host !== os.hostname()) return true;
  // Our own pid in a file this process did not write: a previous run under the same pid (containers restart as pid 1).
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
