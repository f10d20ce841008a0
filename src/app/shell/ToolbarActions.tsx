import { useContext, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { ToolbarSlotContext } from './toolbar-slot';

/**
 * Buttons a page adds to the top toolbar (spec 000 §2: the detail page's edit icon "also appears
 * in the top toolbar"). Only the page on top shows them; a covered page's stay out of the bar.
 */
export function ToolbarActions({ children }: { children: ReactNode }) {
  const { slot, covered } = useContext(ToolbarSlotContext);
  return slot && !covered ? createPortal(children, slot) : null;
}
