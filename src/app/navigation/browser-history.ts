import type { PageStack } from './page-stack';

interface RingiHistoryState {
  ringiDepth: number;
}

function depthOf(state: unknown): number {
  const depth = (state as Partial<RingiHistoryState> | null)?.ringiDepth;
  return typeof depth === 'number' && depth >= 1 ? depth : 1;
}

/**
 * Ties the page stack to the browser history: every push adds a history entry (same URL), the
 * browser's back button pops one page, and a back/forward between root entries reports the new
 * path (used to select the tab). Returns the function that unbinds.
 *
 * Programmatic pops go back in history too, so the back button never "re-pops" a page that is
 * already gone; the popstate those cause is recognised by a counter and ignored. `history.go`
 * completes asynchronously, so a page pushed while such a move is in flight is recorded only
 * once the move has landed (else its entry would be dropped and back would leave the app).
 */
export function bindBrowserHistory(stack: PageStack, win: Window, onRootPath: (pathname: string) => void): () => void {
  let ownMoves = 0;
  let deferredPushes: number[] = [];
  const record = (depth: number) => win.history.pushState({ ringiDepth: depth } satisfies RingiHistoryState, '', win.location.href);
  if (depthOf(win.history.state) !== stack.depth) {
    win.history.replaceState({ ringiDepth: Math.max(1, stack.depth) } satisfies RingiHistoryState, '');
  }
  stack.setHistory({
    pushed: (depth) => (ownMoves > 0 ? deferredPushes.push(depth) : record(depth)),
    popped: (count) => {
      ownMoves += 1;
      win.history.go(-count);
    },
  });
  const onPopState = (event: PopStateEvent) => {
    if (ownMoves > 0) {
      ownMoves -= 1;
      if (ownMoves === 0) {
        const pushes = deferredPushes;
        deferredPushes = [];
        pushes.forEach(record);
      }
      return;
    }
    const depth = depthOf(event.state);
    if (depth < stack.depth) stack.popTo(depth);
    else if (stack.depth <= 1) onRootPath(win.location.pathname);
  };
  win.addEventListener('popstate', onPopState);
  return () => {
    win.removeEventListener('popstate', onPopState);
    stack.setHistory(null);
  };
}

/** Keeps `?borderradius` (a display choice for the whole visit) when the path changes. */
function withKeptQuery(win: Window, path: string): string {
  return new URLSearchParams(win.location.search).has('borderradius') ? `${path}?borderradius` : path;
}

/** Records a root-level move to `path` (a tab change) as a new history entry. */
export function pushRootPath(win: Window, path: string): void {
  if (win.location.pathname === path) return;
  win.history.pushState({ ringiDepth: 1 } satisfies RingiHistoryState, '', withKeptQuery(win, path));
}

/** Replaces the current URL by `path` at root level (login, logout, a refused deep link). */
export function replaceRootPath(win: Window, path: string): void {
  win.history.replaceState({ ringiDepth: 1 } satisfies RingiHistoryState, '', withKeptQuery(win, path));
}
