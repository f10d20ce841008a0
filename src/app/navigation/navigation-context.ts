import { createContext, useContext, useSyncExternalStore } from 'react';
import type { PageEntry, PageStack } from './page-stack';
import type { Tab } from './tabs';

/** The shell's navigation: the page stack and the selected tab. */
export interface Navigation {
  stack: PageStack;
  tab: Tab;
  /** Selects a tab (root page of the stack) and records it in the browser history. */
  selectTab: (tab: Tab) => void;
}

/** Provided by the shell. */
export const NavigationContext = createContext<Navigation | null>(null);

/** The shell's navigation; throws outside the shell, where there is no stack to push on. */
export function useNavigation(): Navigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('useNavigation must be used inside the Ringi shell');
  return navigation;
}

/**
 * The page stack: `push({ title, render })` or `push({ title, component, params })` returns a
 * promise of the pushed page's result; `pop(result?)`; `reset(root)`.
 */
export function usePageStack(): PageStack {
  return useNavigation().stack;
}

/** The stack's pages (re-renders on every push, pop and reset). */
export function usePageEntries(stack: PageStack): readonly PageEntry[] {
  return useSyncExternalStore(stack.subscribe, stack.getSnapshot, stack.getSnapshot);
}
