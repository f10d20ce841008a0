import http from 'node:http';

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
  /** Per request instead of `path`/`body`/`headers` (decisions: each a step of its own candidate, with that user's token). */
  request?: () => { path: string; body?: string; headers: Record<string, string> } | null;
  /** Told each answer (decisions: the next step of a document approved becomes due). */
  onResponse?: (path: string, status: number) => void;
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
  /** p99 of the requests due in each 10 s of the run, in order (where in the run a tail came from). */
  p99By10s: number[];
}

/** Nearest-rank percentile of sorted latencies. */
function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Runs a scenario for `seconds` at its rate over every port (round robin), with arrivals evenly
 * spaced: request i is due at start + i / rate, whatever earlier requests are doing (an open
 * model, as users arrive). Each latency is counted from the moment the request was due, so a
 * client or server that falls behind shows in the figures (no coordinated omission).
 * Why not autocannon's `overallRate`: its limiter lets each connection send its whole quota for a
 * second back to back at the start of that second and then wait, so "200 req/s" arrives as a
 * burst of 200 every second and measures a burst's queue, not a steady rate.
 */
export async function runScenario(scenario: Scenario, ports: number[], seconds: number): Promise<ScenarioResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const latencies: number[] = [];
  /** Latencies by the 10 s window their request was due in. */
  const windows: number[][] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  const count = (status: string) => { statuses[status] = (statuses[status] ?? 0) + 1; };
  const send = (port: number, due: number) => new Promise<void>((resolve) => {
    const own = scenario.request ? scenario.request() : undefined;
    if (own === null) { errors++; count('nothing left to send'); resolve(); return; }
    const body = own ? own.body : scenario.body?.();
    const path = own ? own.path : scenario.path();
    const request = http.request({
      host: '127.0.0.1', port, agent, method: scenario.method, path, timeout: 10_000,
      headers: { 'content-type': 'application/json', ...(own ? own.headers : scenario.headers), ...(body ? { 'content-length': Buffer.byteLength(body) } : {}) },
    }, (response) => {
      response.resume();
      response.on('end', () => {
        const latency = performance.now() - due;
        latencies.push(latency);
        (windows[Math.floor((due - start) / 10_000)] ??= []).push(latency);
        count(String(response.statusCode));
        if ((response.statusCode ?? 500) >= 400) errors++;
        scenario.onResponse?.(path, response.statusCode ?? 0);
        resolve();
      });
    });
    let timedOut = false;
    const failed = () => { errors++; count(timedOut ? 'timeout' : 'error'); resolve(); };
    request.on('timeout', () => { timedOut = true; request.destroy(new Error('timeout')); });
    request.on('error', failed);
    request.end(body);
  });
  const total = Math.round(scenario.rate * seconds);
  const interval = 1000 / scenario.rate;
  const start = performance.now() + 20;
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait >= 1) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(send(ports[i % ports.length], due));
  }
  await Promise.all(inFlight);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    name: scenario.name, instances: ports.length, requests: latencies.length,
    reqPerSec: round(latencies.length / seconds),
    p50: round(percentile(latencies, 50)), p95: round(percentile(latencies, 95)), p99: round(percentile(latencies, 99)),
    max: round(latencies[latencies.length - 1] ?? 0), errors, statuses,
    p99By10s: Array.from(windows, (w) => round(percentile((w ?? []).sort((a, b) => a - b), 99))),
  };
}
