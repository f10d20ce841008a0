import { AppError } from '../lib/errors';
import { WorkLimiter } from '../lib/work-limiter';

/** What the gate tells a refused client to wait, in seconds. */
export const UPLOAD_RETRY_AFTER_SECONDS = 5;

/** Limits of concurrent uploads: per instance (running and waiting) and per user. */
export interface UploadLimits {
  /** Uploads spooled and stored at the same time on this instance (`UPLOAD_CONCURRENCY`, default 4). */
  concurrency: number;
  /** Uploads waiting for a slot; beyond, 503 + Retry-After (`UPLOAD_QUEUE`, default 16). */
  queue: number;
  /** Uploads one user may have running or waiting (`UPLOADS_PER_USER`, default 3); beyond, 429 + Retry-After. */
  perUser: number;
}

/**
 * Bounds what uploads cost an instance (issue #19): a few run at once, a few more wait (their
 * bodies stay in the network buffers, unread), and the rest are refused at once — 429 for a user
 * who already has `perUser` under way, 503 when the instance's queue is full — both with
 * `Retry-After`, so a burst of 30 large uploads cannot starve every other request.
 */
export class UploadGate {
  private readonly limiter: WorkLimiter;
  private readonly perUser = new Map<number, number>();

  constructor(private readonly limits: UploadLimits) {
    this.limiter = new WorkLimiter('uploads', { concurrency: limits.concurrency, maxQueue: limits.queue, retryAfterSeconds: UPLOAD_RETRY_AFTER_SECONDS });
  }

  /** Uploads running and waiting on this instance. */
  get load(): { running: number; queued: number } {
    return this.limiter.load;
  }

  /** Runs `work` for `userId` within both limits; `tooMany` makes the per-user refusal's message. */
  async run<T>(userId: number, tooMany: (max: number) => string, work: () => Promise<T>): Promise<T> {
    const mine = this.perUser.get(userId) ?? 0;
    if (mine >= this.limits.perUser) {
      throw new AppError('RATE_LIMITED', tooMany(this.limits.perUser), { retryAfter: UPLOAD_RETRY_AFTER_SECONDS });
    }
    this.perUser.set(userId, mine + 1);
    try {
      return await this.limiter.run(work);
    } finally {
      const left = (this.perUser.get(userId) ?? 1) - 1;
      if (left > 0) this.perUser.set(userId, left);
      else this.perUser.delete(userId);
    }
  }
}
