/** The value at `parts` inside a nested translation tree (`['renderer', 'reset']`), or undefined. */
export function lookupKey(tree: unknown, parts: readonly string[]): unknown {
  let node = tree;
  for (const part of parts) {
    if (node === null || typeof node !== 'object') return undefined;
    // Own keys only: an inherited `constructor` is not a translation.
    node = Object.hasOwn(node, part) ? (node as Record<string, unknown>)[part] : undefined;
  }
  return node;
}
