/** Thrown when a limiter's queue is full: the error handler answers 503 with `Retry-After`. */
export class WorkBusyError extends Error {
  constructor(readonly limiter: string, readonly retryAfterSeconds: number) {
    super(`${limiter}: too much work queued`);
    this.name = 'WorkBusyError';
  }
}

/** How much of one kind of heavy work (password hashing, exports) may run and wait at once. */
export interface WorkLimits {
  /** Jobs running at the same time. */
  concurrency: number;
  /** Jobs waiting for a slot; one more is refused with WorkBusyError. */
  maxQueue: number;
  /** What the 503 tells the client to wait, in seconds. */
  retryAfterSeconds: number;
}

/**
 * Runs heavy work with bounded parallelism and a bounded queue, so a storm costs a fixed share
 * of CPU and memory and the excess is refused quickly (503 + Retry-After) instead of piling up
 * until the process falls over. Per process: with N instances the bound is N × `concurrency`.
 * Shared by password hashing (`server/auth/password.ts`) and export jobs.
 */
export class WorkLimiter {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly name: string, private limits: WorkLimits) {}

  /** Changes the limits (configuration at start); work already admitted keeps running. */
  configure(limits: Partial<WorkLimits>): void {
    this.limits = { ...this.limits, ...limits };
    this.pump();
  }

  /** Jobs running and waiting now. */
  get load(): { running: number; queued: number } {
    return { running: this.running, queued: this.waiting.length };
  }

  /**
   * Runs `work` when a slot is free; throws WorkBusyError at once when the queue is full. An
   * aborted `signal` ends the wait: the job leaves the queue without ever taking a slot, and the
   * call rejects with the signal's reason (a job already running is the caller's to stop).
   */
  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    if (this.running >= this.limits.concurrency) {
      if (this.waiting.length >= this.limits.maxQueue) throw new WorkBusyError(this.name, this.limits.retryAfterSeconds);
      await this.wait(signal);
    } else {
      this.running++;
    }
    try {
      return await work();
    } finally {
      this.running--;
      this.pump();
    }
  }

  /** Waits in the queue until `pump` hands over a slot (already counted), or leaves it when `signal` aborts. */
  private wait(signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const leave = () => {
        const at = this.waiting.indexOf(admit);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(signal!.reason);
      };
      const admit = () => {
        signal?.removeEventListener('abort', leave);
        resolve();
      };
      this.waiting.push(admit);
      signal?.addEventListener('abort', leave, { once: true });
    });
  }

  private pump(): void {
    while (this.running < this.limits.concurrency && this.waiting.length) {
      this.running++;
      this.waiting.shift()!();
    }
  }
}
