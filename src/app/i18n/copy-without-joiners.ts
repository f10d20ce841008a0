import { WORD_JOINER, withoutJoiners } from '../../engine/i18n/keep-words';

/**
 * Issue 31 item 15: the joiners that keep a Chinese word whole at a line end (keep-words.ts) are
 * for the screen only. What a reader copies — a company name to paste into a search, a sentence
 * into a mail — reaches the clipboard without them, as plain text and as HTML. Selections without
 * a joiner, and the inputs' own values (the user's text), are left to the browser.
 */
export function copyWithoutJoiners(event: Pick<ClipboardEvent, 'clipboardData' | 'target' | 'preventDefault'>, doc: Document): void {
  const clipboard = event.clipboardData;
  const target = event.target as Element | null;
  if (!clipboard || target?.closest?.('input, textarea, [contenteditable="true"]')) return;
  const selection = doc.getSelection();
  if (!selection || selection.rangeCount === 0) return;
  const text = selection.toString();
  if (!text.includes(WORD_JOINER)) return;
  const html = doc.createElement('div');
  for (let i = 0; i < selection.rangeCount; i += 1) html.append(selection.getRangeAt(i).cloneContents());
  clipboard.setData('text/plain', withoutJoiners(text));
  clipboard.setData('text/html', withoutJoiners(html.innerHTML));
  event.preventDefault();
}

/** Copies from the page leave their joiners behind (once per document). */
export function installCopyWithoutJoiners(doc: Document = document): void {
  doc.addEventListener('copy', (event) => copyWithoutJoiners(event, doc));
}
