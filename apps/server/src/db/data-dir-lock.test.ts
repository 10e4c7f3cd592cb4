import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../test/test-app';
import { LOCK_FILE, lockDataDir } from './data-dir-lock';
import { openDatabase } from './open';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tmpDataDir = () => mkdtempSync(path.join(os.tmpdir(), 'farmstand-lock-'));

/** Runs `tsx src/main.ts` on a DATA_DIR and resolves with how it ended (or kills it after the timeout). */
function startServer(dataDir: string, timeoutMs = 60_000): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DEMO_DATA: '0', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

// The lock is the embedded engine's (a DATA_DIR), whichever engine the project's API tests use: it
// runs once, in the PGlite project (on PostgreSQL runs that project takes db/** too).
describe.skipIf(process.env.TEST_DB_ENGINE === 'postgres')('one server per DATA_DIR', () => {
  it('a second process refuses to start, naming the directory and the running process', async () => {
    const dataDir = tmpDataDir();
    const release = lockDataDir(dataDir); // this test process plays the running server
    try {
      const second = await startServer(dataDir);
      expect(second.code).toBe(1);
      expect(second.output).toContain(`Another Farmstand server (pid ${process.pid})`);
      expect(second.output).toContain(dataDir);
      expect(second.output).not.toMatch(/is running at/);
    } finally {
      release();
    }
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  }, 90_000);

  it('the embedded database refuses a second open of its directory until the first is closed', async () => {
    const config = testConfig({ dataDir: tmpDataDir() });
    const first = await openDatabase(config);
    try {
      await expect(openDatabase(config)).rejects.toThrow(new RegExp(`pid ${process.pid}.*${config.dataDir}`));
    } finally {
      await first.close();
    }
    expect(existsSync(path.join(config.dataDir, LOCK_FILE))).toBe(false);
  }, 90_000);

  it('takes over a lock left by a process that is gone (kill -9)', () => {
    const dataDir = tmpDataDir();
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    const deadPid = Number(gone.stdout.toString());
    writeFileSync(path.join(dataDir, LOCK_FILE), JSON.stringify({ pid: deadPid, host: os.hostname() }));
    const release = lockDataDir(dataDir);
    expect(JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    release();
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });

  it('refuses a lock held by a live process, whoever it is', () => {
    const dataDir = tmpDataDir();
    const parentPid = process.ppid; // alive for the whole test
    writeFileSync(path.join(dataDir, LOCK_FILE), JSON.stringify({ pid: parentPid, host: os.hostname() }));
    expect(() => lockDataDir(dataDir)).toThrow(`Another Farmstand server (pid ${parentPid})`);
    expect(JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).pid).toBe(parentPid);
  });
});
