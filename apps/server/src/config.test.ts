import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'farmstand-config-'));

describe('loadConfig', () => {
  it('has working defaults and keeps a generated JWT secret in DATA_DIR', () => {
    const dir = tmp();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.demoData).toBe(true);
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(config.jwtSecret);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(config.jwtSecret);
  });

  it('turns demo data off by default on PostgreSQL, and on request', () => {
    expect(loadConfig({ DATA_DIR: tmp(), DATABASE_URL: 'postgres://x@localhost/db' }).demoData).toBe(false);
    expect(loadConfig({ DATA_DIR: tmp(), DEMO_DATA: '0' }).demoData).toBe(false);
  });

  it('warns at start when a production-like start has no PUBLIC_URL, and not for the local demo', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).warnings).toEqual([]);
    expect(loadConfig({ DATA_DIR: tmp(), HOST: '127.0.0.1' }).warnings).toEqual([]);
    for (const env of [{ NODE_ENV: 'production' }, { DATABASE_URL: 'postgres://x@localhost/db' }, { HOST: '10.0.0.5' }]) {
      expect(loadConfig({ DATA_DIR: tmp(), ...env }).warnings.join(' ')).toMatch(/PUBLIC_URL is not set/);
    }
    expect(loadConfig({ DATA_DIR: tmp(), NODE_ENV: 'production', PUBLIC_URL: 'https://farmstand.example' }).warnings).toEqual([]);
  });

  it('reads every operational setting through the config', () => {
    const config = loadConfig({
      DATA_DIR: tmp(),
      METRICS_TOKEN: 'm',
      RATE_LIMIT_PER_MINUTE: '90',
      SHUTDOWN_GRACE_MS: '5000',
      JOBS: '0',
      BACKUP_KEEP: '3',
    });
    expect(config).toMatchObject({
      metricsToken: 'm',
      rateLimitPerMinute: 90,
      shutdownGraceMs: 5000,
      runJobs: false,
      backupKeep: 3,
    });
    expect(loadConfig({ DATA_DIR: tmp() })).toMatchObject({
      rateLimitPerMinute: 600,
      shutdownGraceMs: 10_000,
      runJobs: true,
      backupKeep: 14,
    });
    expect(() => loadConfig({ DATA_DIR: tmp(), SHUTDOWN_GRACE_MS: '10' })).toThrow(/SHUTDOWN_GRACE_MS/);
  });

  it('drains 5 s before a stop with a PostgreSQL server (behind a load balancer), not on the embedded database; 0 may be set', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).shutdownDrainMs).toBe(0);
    expect(loadConfig({ DATA_DIR: tmp(), DATABASE_URL: 'postgres://x@localhost/db' }).shutdownDrainMs).toBe(5000);
    expect(
      loadConfig({ DATA_DIR: tmp(), DATABASE_URL: 'postgres://x@localhost/db', SHUTDOWN_DRAIN_MS: '0' }).shutdownDrainMs,
    ).toBe(0);
    expect(loadConfig({ DATA_DIR: tmp(), SHUTDOWN_DRAIN_MS: '15000' }).shutdownDrainMs).toBe(15_000);
    for (const bad of ['-1', '1.5', 'soon', '300001']) {
      expect(() => loadConfig({ DATA_DIR: tmp(), SHUTDOWN_DRAIN_MS: bad })).toThrow(/SHUTDOWN_DRAIN_MS/);
    }
  });

  it('fails fast with a readable message naming each bad variable', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), PORT: 'eighty', DATABASE_URL: 'nope' })).toThrow(
      /Invalid configuration:\n {2}PORT: .*\n {2}DATABASE_URL: DATABASE_URL must be a postgres:\/\/ URL/,
    );
    expect(() => loadConfig({ DATA_DIR: tmp(), ADMIN_EMAIL: 'a@example.com' })).toThrow(/ADMIN_PASSWORD is required/);
  });
});
