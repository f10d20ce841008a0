/** Edit distance between two strings (case-insensitive), for "did you mean" suggestions. */
function distance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let previous = Array.from({ length: y.length + 1 }, (_, i) => i);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[y.length];
}

/**
 * The `count` valid names closest to `name`, so a message about an unknown name can say what was
 * probably meant instead of pointing at source code: names containing it (or contained in it,
 * `price` → `estimated_unit_price`, `currency_id` → `currency`) first, then by edit distance,
 * then alphabetically.
 */
export function closestNames(name: string, valid: Iterable<string>, count = 3): string[] {
  const lower = name.toLowerCase();
  return [...new Set(valid)]
    .map((candidate) => {
      const c = candidate.toLowerCase();
      return { candidate, part: lower.length > 1 && c.length > 1 && (c.includes(lower) || lower.includes(c)) ? 0 : 1, d: distance(name, candidate) };
    })
    .sort((a, b) => a.part - b.part || a.d - b.d || a.candidate.localeCompare(b.candidate))
    .slice(0, count)
    .map((c) => c.candidate);
}
