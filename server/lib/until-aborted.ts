/**
 * Settles with `work`, or rejects with `signal`'s reason as soon as it aborts — whichever comes
 * first. Whoever waits (and whatever slot it holds) is freed at once even if `work` takes a while
 * to notice the same signal; `work`'s own later failure is then swallowed, since nobody waits for
 * it any more. Without a signal, `work` itself.
 */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) {
    work.catch(() => undefined);
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      work.catch(() => undefined);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
