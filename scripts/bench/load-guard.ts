import { loadavg } from 'node:os';

/** Above this 1-minute load average a run is refused: its figures would measure the other work, not Ringi (issue #30 item 9). */
export const LOAD_LIMIT = 1.5;
const allowed = process.env.BENCH_ALLOW_LOAD === '1';
/** How long a phase waits for the machine to settle below the limit before it starts (BENCH_SETTLE_SECONDS). */
const settleSeconds = Number(process.env.BENCH_SETTLE_SECONDS ?? 900);
let loadedAtStart = false;
/** The 1-minute load average when the current phase started (its figures are marked when above the limit). */
let phaseStart = loadavg()[0];

/** The 1-minute load average, two decimals. */
export const load1 = () => loadavg()[0].toFixed(2);

/**
 * Refuses to start (exit 2, with the reason) when the 1-minute load average is above 1.5, unless
 * BENCH_ALLOW_LOAD=1 (development): then every figure line says it is not a measurement.
 */
export function refuseWhenLoaded(what: string): void {
  const now = loadavg()[0];
  phaseStart = now;
  if (now <= LOAD_LIMIT) return;
  if (!allowed) {
    console.error(`${what}: refused — the 1-minute load average is ${now.toFixed(2)} (above ${LOAD_LIMIT}); other work on this machine `
      + `would be measured, not Ringi. Run it on a quiet machine (BENCH_ALLOW_LOAD=1 runs anyway and marks every figure "LOADED, not a measurement").`);
    process.exit(2);
  }
  loadedAtStart = true;
  console.log(`${what}: load average ${now.toFixed(2)} is above ${LOAD_LIMIT}; running anyway (BENCH_ALLOW_LOAD=1): every figure is marked LOADED, not a measurement`);
}

/**
 * Before a phase: waits (up to BENCH_SETTLE_SECONDS, 900) until the 1-minute load average is at or
 * below the limit, so the phase does not start on the tail of the one before (pgbench's 20 clients,
 * the sustained mix). The load at the phase's start is what its figures are judged by: during a
 * phase the load is the bench's own (its instances, PostgreSQL and the load generator on 2 cores).
 * A phase that could not settle in time runs anyway and its figures are marked.
 */
export async function settle(what: string): Promise<void> {
  const began = Date.now();
  while (loadavg()[0] > LOAD_LIMIT && !loadedAtStart && Date.now() - began < settleSeconds * 1000) await new Promise((r) => setTimeout(r, 5000));
  phaseStart = loadavg()[0];
  const waited = Math.round((Date.now() - began) / 1000);
  console.log(`  ${what}: starts at load average ${phaseStart.toFixed(2)}${waited >= 5 ? ` (waited ${waited} s for the machine to settle)` : ''}`
    + `${phaseStart > LOAD_LIMIT ? ` — above ${LOAD_LIMIT}: its figures are marked LOADED, not a measurement` : ''}`);
}

/**
 * A figure line: the load average now and at the phase's start beside it, marked when the run or
 * the phase started above the limit (then the figure measures other work too).
 */
export function figure(line: string): string {
  const now = loadavg()[0];
  const mark = loadedAtStart || phaseStart > LOAD_LIMIT ? ' [LOADED, not a measurement]' : '';
  return `${line}, load average ${now.toFixed(2)} (${phaseStart.toFixed(2)} at the phase's start)${mark}`;
}
