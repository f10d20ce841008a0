/**
 * The top of a bar chart's scale for values up to `max`: the smallest 1, 2, 2.5 or 5 times a
 * power of ten that is at least `max` (a half of it is a round tick too); 1 when there is nothing
 * to show, so an empty currency still draws an axis.
 */
export function niceScaleMax(max: number): number {
  if (!Number.isFinite(max) || max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * power >= max) ?? 10;
  return step * power;
}
