/** A path in form data: property names and array indexes. */
export type DataPath = ReadonlyArray<string | number>;

/** `purchase_goods.0.qty` or `purchase_goods[0].qty` → ['purchase_goods', 0, 'qty']. */
export function parsePath(path: string): DataPath {
  return path
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((part) => part !== '')
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/**
 * `data` with the value at `path` replaced. Structural sharing: only the objects and arrays on
 * the path are copied, so every untouched row keeps its identity and its memoized component
 * does not re-render.
 */
export function setIn<T>(data: T, path: DataPath, value: unknown): T {
  if (path.length === 0) return value as T;
  const [head, ...rest] = path;
  const container: unknown = data;
  const current = container && typeof container === 'object' ? (container as Record<string | number, unknown>)[head] : undefined;
  const nextChild = setIn(current, rest, value);
  if (Array.isArray(container)) {
    const copy = container.slice();
    copy[head as number] = nextChild;
    return copy as T;
  }
  if (typeof head === 'number' && (container === undefined || container === null)) {
    const copy: unknown[] = [];
    copy[head] = nextChild;
    return copy as T;
  }
  return { ...(container as object | null), [head]: nextChild } as T;
}

/** The value at `path`, or undefined. */
export function getIn(data: unknown, path: DataPath): unknown {
  let node = data;
  for (const part of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[part];
  }
  return node;
}

/**
 * The DOM id of the field at `path`: `root_purchase_goods_0_qty` (rjsf's convention, with its
 * `idPrefix` and `idSeparator`). An item page gives its own `prefix`, so its ids never repeat the
 * ids of the form still mounted behind it.
 */
export function idOf(path: DataPath, prefix = 'root'): string {
  return [prefix, ...path].join('_');
}
