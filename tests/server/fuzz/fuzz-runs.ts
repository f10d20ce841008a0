/**
 * How many generated cases a fuzz property runs: `FUZZ_RUNS` when set, 1000 when `CI=true`,
 * else 100 (enough to find a crash locally without taking minutes).
 */
export function fuzzRuns(): number {
  const given = Number(process.env.FUZZ_RUNS);
  if (Number.isInteger(given) && given > 0) return given;
  return process.env.CI === 'true' ? 1000 : 100;
}
