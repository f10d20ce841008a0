import { useEffect, useState } from 'react';

/**
 * The value, but only after it has stopped changing for `delayMs` (the spec's search pause:
 * 800 ms, 1000 ms for supplier accounts). The first value is returned at once so a picker
 * loads its first page without waiting.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    if (Object.is(value, debounced)) return undefined;
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs, debounced]);
  return debounced;
}
