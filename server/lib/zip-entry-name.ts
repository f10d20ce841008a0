/** `code/name` for a file in a download archive, made unique within it (`name (2).ext`); `taken` is updated. */
export function zipEntryName(code: string, name: string, taken: Set<string>): string {
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let candidate = `${code}/${name}`;
  for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) candidate = `${code}/${stem} (${n})${ext}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}
