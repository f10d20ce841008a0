/**
 * The page's entry script. The HTML already shows the first screen (the login page or the
 * session splash, written by scripts/lib/first-screen-plugin.ts), so the app's code is requested
 * once that screen has been painted rather than in parallel with it: the first paint waits for
 * nothing but the HTML, on a slow network too. The app's chunks then load together (Vite preloads
 * `main`'s static imports with it). A background tab, where animation frames do not run, starts
 * after 100 ms. The start is marked and watched (./start-watch.ts): one that stalls reloads once.
 */
import { markStart, watchStart } from './start-watch';

let started = false;
function start(): void {
  if (started) return;
  started = true;
  markStart('boot');
  watchStart();
  import('./main').catch((error: unknown) => console.error('[ringi] the app failed to load:', error));
}
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 100);
