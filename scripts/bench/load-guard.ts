import { loadavg } from 'node:os';

/** Above this 1-minute load average a run is refused: its figures would measure the other work, not Ringi (issue #30 item 9). */
export const LOAD_LIMIT = 1.5;
const allowed = process.env.BENCH_ALLOW_LOAD === '1';
let loadedAtStart = false;

/** The 1-minute load average, two decimals. */
export const load1 = () => loadavg()[0].toFixed(2);

/**
 * Refuses to start (exit 2, with the reason) when the 1-minute load average is above 1.5, unless
 * BENCH_ALLOW_LOAD=1 (development): then every figure line says it is not a measurement.
 */
export function refuseWhenLoaded(what: string): void {
  const now = loadavg()[0];
  if (now <= LOAD_LIMIT) return;
  if (!allowed) {
    console.error(`${what}: refused — the 1-minute load average is ${now.toFixed(2)} (above ${LOAD_LIMIT}); other work on this machine `
      + `would be measured, not Ringi. Run it on a quiet machine (BENCH_ALLOW_LOAD=1 runs anyway and marks every figure "LOADED, not a measurement").`);
    process.exit(2);
  }
  loadedAtStart = true;
  console.log(`${what}: load average ${now.toFixed(2)} is above ${LOAD_LIMIT}; running anyway (BENCH_ALLOW_LOAD=1): every figure is marked LOADED, not a measurement`);
}

/** A figure line: the load average beside it, and the mark when the run started (or is now) above the limit. */
export function figure(line: string): string {
  const now = loadavg()[0];
  const mark = loadedAtStart || now > LOAD_LIMIT ? ' [LOADED, not a measurement]' : '';
  return `${line}, load average ${now.toFixed(2)}${mark}`;
}
