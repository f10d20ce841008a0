import autocannon from 'autocannon';

/** One measured scenario against every instance at once. */
export interface Scenario {
  name: string;
  /** Requests per second over all instances. */
  rate: number;
  method: 'GET' | 'POST';
  /** Path per request (called for each request: approvals use a new step each time). */
  path: () => string;
  body?: () => string;
  headers: Record<string, string>;
}

/** What one scenario measured: totals over all instances, latency percentiles in ms. */
export interface ScenarioResult {
  name: string;
  instances: number;
  requests: number;
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  statuses: Record<string, number>;
}

/** Nearest-rank percentile of sorted latencies. */
function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Runs a scenario for `seconds` against every port in parallel (rate split evenly), recording
 * each response's latency ourselves so the percentiles are over all instances together.
 */
export async function runScenario(scenario: Scenario, ports: number[], seconds: number): Promise<ScenarioResult> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  const runs = ports.map((port) => new Promise<void>((resolve, reject) => {
    const instance = autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: Math.max(2, Math.ceil(scenario.rate / ports.length / 10)),
      overallRate: Math.max(1, Math.round(scenario.rate / ports.length)),
      duration: seconds,
      timeout: 10,
      requests: [{
        method: scenario.method,
        headers: { 'content-type': 'application/json', ...scenario.headers },
        setupRequest: (request: Record<string, unknown>) => ({
          ...request, path: scenario.path(), ...(scenario.body ? { body: scenario.body() } : {}),
        }),
      }],
    }, (error) => (error ? reject(error) : resolve()));
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      latencies.push(responseTime);
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
      if (statusCode >= 400) errors++;
    });
    instance.on('reqError', () => { errors++; statuses.error = (statuses.error ?? 0) + 1; });
  }));
  await Promise.all(runs);
  latencies.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    name: scenario.name, instances: ports.length, requests: latencies.length,
    reqPerSec: round(latencies.length / seconds),
    p50: round(percentile(latencies, 50)), p95: round(percentile(latencies, 95)), p99: round(percentile(latencies, 99)),
    max: round(latencies[latencies.length - 1] ?? 0), errors, statuses,
  };
}
