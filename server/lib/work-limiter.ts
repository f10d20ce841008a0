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

  /** Runs `work` when a slot is free; throws WorkBusyError at once when the queue is full. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limits.concurrency) {
      if (this.waiting.length >= this.limits.maxQueue) throw new WorkBusyError(this.name, this.limits.retryAfterSeconds);
      await new Promise<void>((resolve) => this.waiting.push(resolve));
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

  private pump(): void {
    while (this.running < this.limits.concurrency && this.waiting.length) {
      this.running++;
      this.waiting.shift()!();
    }
  }
}
