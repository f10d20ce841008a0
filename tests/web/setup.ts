import { afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy*/waitFor give up after this long: a ceiling for a loaded 2-core CI machine, not a
// speed expectation (speed is measured by `npm run bench`).
configure({ asyncUtilTimeout: 5000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup; without it
// Fluent's focus management runs against a torn-down document ("NodeFilter is not defined").
afterEach(() => {
  cleanup();
});

// The files of a worker share one page and one module graph (vitest.config.ts, isolate: false).
// Each file starts as the app does on a fresh visit: nothing stored, the page at /, and the app's
// language the browser's (ja) — after the history moves a previous file left queued have run. A
// new entry drops the entries a previous file went back from: history.length counts to here.
// (The app's i18n is imported here, after the file's own vi.mock calls are registered.)
beforeAll(async () => {
  const { i18n, LANGUAGE_STORAGE_KEY } = await import('../../src/app/i18n');
  await new Promise((resolve) => setTimeout(resolve, 0));
  localStorage.clear();
  sessionStorage.clear();
  window.history.pushState(null, '', '/');
  document.body.innerHTML = '';
  await i18n.changeLanguage('ja');
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
});

// jsdom has no layout: every element's `offsetParent` is null and <body> measures 0×0, so Fluent's
// focus finder (tabster) takes every element for invisible. An opening dialog then focuses its own
// surface instead of its first button — sometimes before tabster has registered the dialog as the
// active modal, and 250 ms later tabster hides the dialog from the accessibility tree (aria-hidden),
// under load only. Browsers focus the first button. Give jsdom the two layout facts tabster reads.
Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
  configurable: true,
  get(this: HTMLElement) {
    if (!this.isConnected || this === this.ownerDocument.body || this.closest('[hidden]')) return null;
    return this.parentElement;
  },
});
HTMLBodyElement.prototype.getBoundingClientRect = function getBoundingClientRect() {
  return DOMRect.fromRect({ x: 0, y: 0, width: 390, height: 844 });
};

// The app starts in the browser's language when none was chosen (ja otherwise); jsdom reports
// en-US. The component tests are written for a Japanese browser, as the journeys are (ja-JP).
Object.defineProperty(window.navigator, 'languages', { configurable: true, get: () => ['ja-JP', 'ja'] });
Object.defineProperty(window.navigator, 'language', { configurable: true, get: () => 'ja-JP' });
