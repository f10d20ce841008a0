import type { FieldKind } from './resolve-widget';

/** A guessed height of a stacked field (label, input, hint), as the inline list guesses its rows' fields. */
const FIELD_PX = 66;
/** A guessed height of a field that lays out more than one input (an object, a list, a card, a picker with its rows). */
const BLOCK_PX = 200;

/** How tall a top-level field of this kind is guessed to be; a hidden one takes no room. */
export function guessedHeight(kind: FieldKind, builtIn: boolean, visible: boolean): number {
  if (!visible || ('name' in kind && kind.name === 'hidden')) return 0;
  if ('layout' in kind) return BLOCK_PX;
  return builtIn ? FIELD_PX : BLOCK_PX;
}

/**
 * How many fields, from `from` on, fill one screen of `screenPx` by their guessed heights (at
 * least one, so every step shows something): a form opens with a screenful and adds the rest a
 * screenful at a time.
 */
export function screenfulFrom(heights: readonly number[], from: number, screenPx: number): number {
  let end = from;
  let filled = 0;
  while (end < heights.length && (end === from || filled < screenPx)) {
    filled += heights[end];
    end += 1;
  }
  return end;
}

/**
 * The height of the screen the form opens on: the device's screen (the window's height would
 * force a layout in the middle of rendering), a phone's when there is none.
 */
export function screenHeight(): number {
  const height = typeof window !== 'undefined' ? window.screen?.height : undefined;
  return height && height > 0 ? height : 800;
}
