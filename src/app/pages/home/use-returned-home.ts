import { useContext, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { NavigationContext, type PageStack } from '../../navigation';

const noStack = { subscribe: () => () => undefined, depth: () => 1 };

/**
 * A number that grows each time the page stack comes back down to its root (the user returned
 * to Home from a pushed page): Home refreshes its badge and inline list on it.
 */
export function useReturnedHome(): number {
  const navigation = useContext(NavigationContext);
  const stack: PageStack | null = navigation?.stack ?? null;
  const depth = useSyncExternalStore(stack ? stack.subscribe : noStack.subscribe, () => (stack ? stack.depth : 1));
  const [returns, setReturns] = useState(0);
  const previous = useRef(depth);
  useEffect(() => {
    if (previous.current > 1 && depth === 1) setReturns((n) => n + 1);
    previous.current = depth;
  }, [depth]);
  return returns;
}
