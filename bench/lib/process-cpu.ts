import { readFileSync } from 'node:fs';
import type { Pool } from 'pg';

/**
 * CPU time used by the processes behind a load run: the server, PostgreSQL's processes for the
 * bench database (its backends and background workers) and the bench process itself, which drives
 * the load. On a shared two-core machine the latency of a run moves with everybody else's load;
 * the CPU each order costs does not, so it tells a real change from a noisy run. Linux only (read
 * from /proc); elsewhere the figures are absent.
 */
export type CpuSnapshot = { server: number; postgres: number; loadGenerator: number } | null;

const CLOCK_TICKS_PER_SECOND = 100;

/** User + system CPU seconds of one process (all its threads), or 0 when it is gone or unreadable. */
function processCpuSeconds(pid: number): number {
  try {
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

export async function cpuSnapshot(serverPid: number | undefined, pool: Pool): Promise<CpuSnapshot> {
  if (process.platform !== 'linux' || serverPid === undefined) return null;
  const { rows } = await pool.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() or datname is null',
  );
  const own = process.cpuUsage();
  return {
    server: processCpuSeconds(serverPid),
    postgres: rows.reduce((sum, row) => sum + processCpuSeconds(row.pid), 0),
    loadGenerator: (own.user + own.system) / 1e6,
  };
}

/** "server 610 µs · PostgreSQL 820 µs · load generator 95 µs" per unit of work between two snapshots. */
export function cpuPerUnit(before: CpuSnapshot, after: CpuSnapshot, units: number): string | null {
  if (!before || !after || units <= 0) return null;
  const per = (from: number, to: number) => `${Math.round(((to - from) * 1e6) / units)} µs`;
  return [
    `server ${per(before.server, after.server)}`,
    `PostgreSQL ${per(before.postgres, after.postgres)}`,
    `load generator ${per(before.loadGenerator, after.loadGenerator)}`,
  ].join(' · ');
}
