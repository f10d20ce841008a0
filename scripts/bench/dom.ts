import { JSDOM } from 'jsdom';

/**
 * Installs a jsdom window as the global browser environment (what Vitest's jsdom environment
 * does), so React DOM, Fluent and rjsf run in this Node process exactly as in component tests.
 */
export function installDom(): JSDOM {
  const dom = new JSDOM('<!doctype html><html><body></body></html>', { url: 'http://localhost/', pretendToBeVisual: true });
  const win = dom.window as unknown as Record<string, unknown>;
  const g = globalThis as Record<string, unknown>;
  for (const key of Object.getOwnPropertyNames(win)) {
    if (key in g) continue;
    try {
      g[key] = win[key];
    } catch {
      // Some window properties are read-only getters; the ones React needs are copied.
    }
  }
  g.window = win;
  g.document = dom.window.document;
  Object.defineProperty(g, 'navigator', { value: dom.window.navigator, configurable: true });
  g.IS_REACT_ACT_ENVIRONMENT = false;
  return dom;
}

/** Types one character into a React-controlled input the way a browser does: native setter, then `input`. */
export function typeInto(input: HTMLInputElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(window.HTMLInputElement.prototype, 'value')?.set;
  setter?.call(input, value);
  input.dispatchEvent(new window.Event('input', { bubbles: true }));
}
