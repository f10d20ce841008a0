import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';

/** Where a drag over a list is: the row dragged and the place it would land on release. */
export interface DragState {
  from: number;
  to: number;
}

/**
 * The index a row dragged to `y` (a viewport coordinate) lands at, from the rows' boxes in list
 * order: past the middle of a row, it goes after it. Pure, so tests need no layout.
 */
export function dropIndex(from: number, y: number, rows: ReadonlyArray<{ top: number; bottom: number }>): number {
  // Its new index is the number of the other rows whose middle is above the pointer.
  return rows.filter((row, i) => i !== from && y > (row.top + row.bottom) / 2).length;
}

/**
 * Drag-to-reorder for an ordered list with pointer events (mouse, pen and touch alike): a handle
 * in each row starts the drag; the list's rows (its `li` children) are measured as the pointer
 * moves; release calls `onMove(from, to)` when the place changed. The handle also takes
 * ArrowUp/ArrowDown from the keyboard, so the order never needs a pointer.
 */
export function useDragReorder<T extends HTMLElement>(count: number, onMove: (from: number, to: number) => void) {
  const list = useRef<T | null>(null);
  const [drag, setDrag] = useState<DragState | null>(null);

  const rowsBoxes = () => Array.from(list.current?.children ?? []).map((row) => row.getBoundingClientRect());

  const handleProps = (index: number) => ({
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (event.button !== 0) return;
      event.preventDefault();
      event.currentTarget.setPointerCapture?.(event.pointerId);
      setDrag({ from: index, to: index });
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      if (!drag || drag.from !== index) return;
      const to = dropIndex(index, event.clientY, rowsBoxes());
      if (to !== drag.to) setDrag({ from: index, to });
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      if (!drag || drag.from !== index) return;
      event.currentTarget.releasePointerCapture?.(event.pointerId);
      const to = dropIndex(index, event.clientY, rowsBoxes());
      setDrag(null);
      if (to !== index) onMove(index, to);
    },
    onPointerCancel() {
      setDrag(null);
    },
    onKeyDown(event: KeyboardEvent<HTMLElement>) {
      const to = event.key === 'ArrowUp' ? index - 1 : event.key === 'ArrowDown' ? index + 1 : null;
      if (to === null || to < 0 || to >= count) return;
      event.preventDefault();
      onMove(index, to);
    },
    // Touch drags must not scroll the page.
    style: { touchAction: 'none', cursor: drag?.from === index ? 'grabbing' : 'grab' } as const,
  });

  return { list, drag, handleProps };
}
