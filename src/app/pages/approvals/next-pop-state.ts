/**
 * Resolves after the browser history has moved back for a programmatic pop (the shell's history
 * binding calls `history.go(-n)`, which completes asynchronously). A page pushed before that
 * would be recorded at the wrong history position and the back button would leave the app.
 * Without a history move (a test host), it resolves after `fallbackMs`.
 */
export function nextPopState(fallbackMs = 300): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window === 'undefined') return resolve();
    const done = () => {
      window.removeEventListener('popstate', done);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, fallbackMs);
    window.addEventListener('popstate', done);
  });
}
