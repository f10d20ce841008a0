/**
 * A worker that runs rounds one at a time: `run()` starts a round, or — when one is under way —
 * asks for one more after it (so work queued meanwhile is not left waiting until the next kick),
 * and answers the promise of the rounds under way. `idle()` settles once no round runs. Rounds stop
 * repeating once `stopped()` says so (closing).
 */
export interface CoalescedRounds {
  run(): Promise<void>;
  idle(): Promise<void>;
}

export function coalescedRounds(round: () => Promise<void>, stopped: () => boolean = () => false): CoalescedRounds {
  let running: Promise<void> | undefined;
  let again = false;
  return {
    run() {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        do {
          again = false;
          await round();
        } while (again && !stopped());
      })().finally(() => { running = undefined; });
      return running;
    },
    async idle() {
      await running?.catch(() => undefined);
    },
  };
}
