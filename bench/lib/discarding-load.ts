import http from 'node:http';
import type { LoadFigures, PathSource } from './load';

/**
 * A load client for large answers (the 20,000-producer map, megabytes of JSON): it reads each
 * body off the socket and throws it away. autocannon appends every body to a string, which caps a
 * multi-megabyte endpoint at ~50–100 req/s on the client side whatever the server does.
 * Same method as `measure`: req/s at 50 connections, then exact percentiles at 10.
 */
export async function measureDiscardingBodies(
  baseUrl: string,
  nextPath: PathSource,
  seconds: number,
  headers: Record<string, string> = {},
): Promise<LoadFigures> {
  const throughput = await run(baseUrl, nextPath, 50, seconds, headers);
  const latency = await run(baseUrl, nextPath, 10, seconds, headers);
  const sorted = latency.latencies.sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
  return {
    rps: throughput.rps,
    p50: at(50),
    p95: at(95),
    p99: at(99),
    errors: throughput.errors + latency.errors,
    timeouts: throughput.timeouts + latency.timeouts,
  };
}

type RunResult = { rps: number; latencies: number[]; errors: number; timeouts: number };

async function run(
  baseUrl: string,
  nextPath: PathSource,
  connections: number,
  seconds: number,
  headers: Record<string, string>,
): Promise<RunResult> {
  const { hostname, port } = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const deadline = Date.now() + seconds * 1000;
  const latencies: number[] = [];
  let done = 0;
  let errors = 0;
  let timeouts = 0;
  const connection = async () => {
    while (Date.now() < deadline) {
      const started = performance.now();
      try {
        const status = await get(agent, hostname, Number(port), nextPath(), headers);
        if (status < 300) latencies.push(performance.now() - started);
        else errors++;
      } catch (error) {
        errors++;
        if ((error as Error).message === 'timeout') timeouts++;
      }
      done++;
    }
  };
  await Promise.all(Array.from({ length: connections }, connection));
  agent.destroy();
  return { rps: done / seconds, latencies, errors, timeouts };
}

function get(agent: http.Agent, host: string, port: number, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get({ agent, host, port, path, headers }, (response) => {
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.resume();
    });
    request.on('error', reject);
    request.setTimeout(10_000, () => request.destroy(new Error('timeout')));
  });
}
