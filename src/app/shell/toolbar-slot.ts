import { createContext } from 'react';

/**
 * Where pages put their own toolbar buttons (an edit icon): the element inside the top bar,
 * and whether the page rendering is covered by another one (then it shows nothing there).
 */
export const ToolbarSlotContext = createContext<{ slot: HTMLElement | null; covered: boolean }>({ slot: null, covered: true });
