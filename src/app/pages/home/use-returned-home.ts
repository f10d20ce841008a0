import { useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import { NavigationContext, type PageStack } from '../../navigation';

const noStack = { subscribe: () => () => undefined, depth: () => 1 };

/**
 * Calls `onReturn` each time the page stack comes back down to its root (the user returned to
 * Home from a pushed page): Home invalidates what it shows, so its badge and lists are asked again.
 */
export function useReturnedHome(onReturn: () => void): void {
  const navigation = useContext(NavigationContext);
  const stack: PageStack | null = navigation?.stack ?? null;
  const depth = useSyncExternalStore(stack ? stack.subscribe : noStack.subscribe, () => (stack ? stack.depth : 1));
  const previous = useRef(depth);
  const latest = useRef(onReturn);
  latest.current = onReturn;
  useEffect(() => {
    if (previous.current > 1 && depth === 1) latest.current();
    previous.current = depth;
  }, [depth]);
}
