import autocannon from 'autocannon';

export type LoadFigures = {
  /** Requests per second at 50 connections. */
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Responses that were not 2xx, errors and time-outs, over both runs. */
  errors: number;
  timeouts: number;
};

/** The next request path for a connection; called for every request so paths (terms, places, ids) rotate. */
export type PathSource = (() => string) & { fixed?: string };

type RunResult = { rps: number; latencies: number[]; errors: number; timeouts: number };

async function run(
  baseUrl: string,
  nextPath: PathSource,
  connections: number,
  seconds: number,
  recordLatency: boolean,
  headers?: Record<string, string>,
): Promise<RunResult> {
  const latencies: number[] = [];
  // One fixed path (the ceiling) goes without setupRequest, which costs the client a little per request.
  const fixed = nextPath.fixed;
  const instance = autocannon({
    url: fixed ? baseUrl + fixed : baseUrl,
    connections,
    duration: seconds,
    headers,
    requests: fixed
      ? undefined
      : [
          {
            method: 'GET',
            setupRequest: (request: { path: string }) => {
              request.path = nextPath();
              return request;
            },
          },
        ],
  });
  if (recordLatency) {
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      if (statusCode < 300) latencies.push(responseTime);
    });
  }
  const result = await instance;
  return {
    rps: result.requests.average,
    latencies,
    errors: result.non2xx + result.errors + result.timeouts,
    timeouts: result.timeouts,
  };
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Two runs against one endpoint: throughput at 50 connections, then latency percentiles at 10
 * (computed from every response's own time, so p95 is exact rather than autocannon's p97.5).
 */
export async function measure(
  baseUrl: string,
  nextPath: PathSource,
  seconds: number,
  headers?: Record<string, string>,
): Promise<LoadFigures> {
  const throughput = await run(baseUrl, nextPath, 50, seconds, false, headers);
  await waitUntilIdle(baseUrl);
  const latency = await run(baseUrl, nextPath, 10, seconds, true, headers);
  const sorted = latency.latencies.sort((a, b) => a - b);
  return {
    rps: throughput.rps,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    errors: throughput.errors + latency.errors,
    timeouts: throughput.timeouts + latency.timeouts,
  };
}

/**
 * Waits until the server answers /api/ping within a few milliseconds again: a slow endpoint can
 * leave queued queries behind, which must not be billed to the next row.
 */
export async function waitUntilIdle(baseUrl: string, maxWaitMs = 120_000): Promise<boolean> {
  const deadline = Date.now() + maxWaitMs;
  while (Date.now() < deadline) {
    const started = performance.now();
    await fetch(`${baseUrl}/api/ping`).catch(() => undefined);
    if (performance.now() - started < 5) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

/** One request to see whether the endpoint exists yet (404 with Fastify's route-not-found) and answers. */
export async function probe(baseUrl: string, path: string): Promise<{ available: boolean; status: number; detail: string }> {
  const response = await fetch(baseUrl + path);
  const body = await response.text();
  const routeMissing = response.status === 404 && /No such endpoint|Route .* not found/i.test(body);
  return { available: response.ok, status: response.status, detail: routeMissing ? 'not available yet' : body.slice(0, 160) };
}

/** Round-robin over a list, so every request asks for something else. */
export function rotate(paths: string[]): PathSource {
  let next = 0;
  const source: PathSource = () => paths[next++ % paths.length];
  if (paths.length === 1) source.fixed = paths[0];
  return source;
}
