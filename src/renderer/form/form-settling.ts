/**
 * What a form waits for before it judges a submit: widgets still filling a value of their own (a
 * currency picker's default, chosen once the currency list has loaded). A widget holds the form
 * while it fills and releases it when done; Submit pressed meanwhile waits — at most `limitMs`,
 * then judges what is there — instead of reporting the field as missing a moment before it fills.
 */
export interface FormSettling {
  /** Holds the form; call the returned function once (more calls do nothing) when filled or gone. */
  hold(): () => void;
  /** True while a widget holds the form. */
  pending(): boolean;
  /** Resolves when nothing holds the form any more, or after `limitMs`. */
  settled(limitMs: number): Promise<void>;
}

export function createFormSettling(): FormSettling {
  let holds = 0;
  let waiters: Array<() => void> = [];
  return {
    hold() {
      holds += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds -= 1;
        if (holds > 0) return;
        const done = waiters;
        waiters = [];
        done.forEach((resolve) => resolve());
      };
    },
    pending: () => holds > 0,
    settled(limitMs) {
      if (holds === 0) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, limitMs);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}
