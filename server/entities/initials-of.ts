/**
 * The two-letter initials shown on a profile card: first letters of the first two words
 * ("Emi Tanaka" → "ET"), else the first two characters ("林吉" → "林吉"), upper-cased.
 */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const initials = words.length >= 2 ? `${[...words[0]][0]}${[...words[1]][0]}` : [...(words[0] ?? '?')].slice(0, 2).join('');
  return initials.toUpperCase();
}
