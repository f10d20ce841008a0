import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { observeElementRect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';

/**
 * The nearest ancestor that scrolls vertically (the page's frame), or the document's. Only an
 * ancestor whose content overflows it can be that frame, so only those have their style computed
 * (a computed style per ancestor was a fifth of a 1000-row form's mount).
 */
function scrollParent(node: HTMLElement | null): HTMLElement | null {
  for (let el = node?.parentElement ?? null; el; el = el.parentElement) {
    if (el.scrollHeight <= el.clientHeight) continue;
    const { overflowY } = getComputedStyle(el);
    if (overflowY === 'auto' || overflowY === 'scroll') return el;
  }
  return (document.scrollingElement as HTMLElement | null) ?? document.documentElement;
}

const PHONE = { width: 390, height: 844 };

/**
 * The scroll element's size, or a phone screen while it has none (before layout, a hidden tab,
 * jsdom): a zero-height viewport would render no row at all.
 */
function observeRect(instance: Virtualizer<HTMLElement, Element>, callback: (rect: { width: number; height: number }) => void) {
  return observeElementRect(instance, (rect) => callback(rect.height > 0 ? rect : PHONE));
}

export interface VirtualRowsProps {
  count: number;
  /** Estimated row height before a row was measured (a row of stacked fields: their number × a field's height). */
  estimate?: number;
  renderRow(index: number): ReactNode;
}

/**
 * Only the rows on screen (plus a margin) are in the DOM: a long inline array (1000 rows) mounts
 * a screenful instead of every row. Rows are measured as they render, so rows of different
 * heights (an error message, a wrapped label) keep their place. Scrolls with the page around it.
 */
export function VirtualRows({ count, estimate = 72, renderRow }: VirtualRowsProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  const [margin, setMargin] = useState(0);
  // Found once: the virtualizer asks for it before this component's layout effect has run.
  const found = useRef<HTMLElement | null>(null);
  // Rows beyond the screen: half a screenful (at least two rows), so Tab from the last row on screen reaches a rendered row.
  const overscan = Math.max(2, Math.ceil(PHONE.height / 2 / estimate));
  useLayoutEffect(() => {
    const list = listRef.current;
    const parent = (found.current ??= scrollParent(list));
    setScroller(parent);
    if (list && parent) setMargin(list.getBoundingClientRect().top - parent.getBoundingClientRect().top + parent.scrollTop);
  }, []);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller ?? (found.current ??= listRef.current ? scrollParent(listRef.current) : null),
    estimateSize: () => estimate,
    overscan,
    scrollMargin: margin,
    // Before the first layout (and in jsdom, which has none) assume a phone screen.
    initialRect: PHONE,
    observeElementRect: observeRect,
    // An unlaid-out row (jsdom, a hidden tab) measures 0: keep its estimate so the range stays right.
    measureElement: (element) => {
      const height = element.getBoundingClientRect().height;
      return height > 0 ? height : estimate;
    },
  });
  // The first commit happens before the virtualizer has its scroll element: show the first
  // screenful at estimated offsets rather than an empty list (it is replaced once measured).
  const measured = virtualizer.getVirtualItems();
  const rows = measured.length > 0 || count === 0
    ? measured.map((row) => ({ key: row.key, index: row.index, start: row.start - margin }))
    : Array.from({ length: Math.min(count, Math.ceil(PHONE.height / estimate) + overscan) }, (_, index) => ({ key: index, index, start: index * estimate }));
  return (
    <div ref={listRef} style={{ position: 'relative', height: virtualizer.getTotalSize(), width: '100%' }} data-virtual-rows={count}>
      {rows.map((row) => (
        <div
          key={row.key}
          data-index={row.index}
          ref={virtualizer.measureElement}
          style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${row.start}px)` }}
        >
          {renderRow(row.index)}
        </div>
      ))}
    </div>
  );
}
