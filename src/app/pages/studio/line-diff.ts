/** One line of a diff: kept, added or removed. */
export interface DiffLine {
  kind: ' ' | '+' | '-';
  text: string;
}

/**
 * A line diff (longest common subsequence) of two texts, for "publish with a diff against the
 * previous version". Quadratic, which is fine for definition files of a few thousand lines;
 * unchanged runs longer than `context` lines around changes are left out.
 */
export function lineDiff(before: string, after: string, context = 2): DiffLine[] {
  const a = before.split('\n');
  const b = after.split('\n');
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () => Array.from({ length: b.length + 1 }, () => 0));
  for (let i = a.length - 1; i >= 0; i--) for (let j = b.length - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const all: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) { all.push({ kind: ' ', text: a[i] }); i++; j++; }
    // On a tie the removed line comes first, as diffs are read.
    else if (i < a.length && (j >= b.length || lcs[i + 1][j] >= lcs[i][j + 1])) { all.push({ kind: '-', text: a[i] }); i++; }
    else { all.push({ kind: '+', text: b[j] }); j++; }
  }
  const near = all.map((_, k) => all.slice(Math.max(0, k - context), k + context + 1).some((l) => l.kind !== ' '));
  return all.filter((_, k) => near[k]);
}
