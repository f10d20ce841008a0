import { AppError } from '../lib/errors';
import { untilAborted } from '../lib/until-aborted';
import { WorkLimiter } from '../lib/work-limiter';

/** What the gate tells a refused client to wait, in seconds. */
export const UPLOAD_RETRY_AFTER_SECONDS = 5;

/** Limits of concurrent uploads: per instance (running and waiting) and per user. */
export interface UploadLimits {
  /** Uploads spooled and stored at the same time on this instance (`UPLOAD_CONCURRENCY`, default 4). */
  concurrency: number;
  /** Uploads waiting for a slot; beyond, 503 + Retry-After (`UPLOAD_QUEUE`, default 16). */
  queue: number;
  /**
   * Uploads one user may have running or waiting (`UPLOADS_PER_USER`, default 3); beyond, 429 +
   * Retry-After. Held below `concurrency` (at most `concurrency` − 1, at least 1), so one account
   * never holds every slot of the instance.
   */
  perUser: number;
}

/**
 * Bounds what uploads cost an instance (issue #19): a few run at once, a few more wait (their
 * bodies stay in the network buffers, unread), and the rest are refused at once — 429 for a user
 * who already has `perUser` under way, 503 when the instance's queue is full — both with
 * `Retry-After`, so a burst of 30 large uploads cannot starve every other request.
 *
 * An upload's `signal` (its client left, or stalled or trickled: upload-watch.ts) frees what it
 * holds at once, at every stage (issue #30): a waiting upload leaves the queue without ever taking
 * a slot, and a running one gives its slot and the user's count back without waiting for its work
 * to notice the same signal — so an upload nobody waits for can never hold a slot.
 */
export class UploadGate {
  private readonly limiter: WorkLimiter;
  private readonly perUser = new Map<number, number>();
  /** Uploads one user may have under way: below the instance's slots (while it has more than one). */
  private readonly perUserMax: number;

  constructor(limits: UploadLimits) {
    this.limiter = new WorkLimiter('uploads', { concurrency: limits.concurrency, maxQueue: limits.queue, retryAfterSeconds: UPLOAD_RETRY_AFTER_SECONDS });
    this.perUserMax = Math.max(1, Math.min(limits.perUser, limits.concurrency - 1));
  }

  /** Uploads running and waiting on this instance. */
  get load(): { running: number; queued: number } {
    return this.limiter.load;
  }

  /**
   * Runs `work` for `userId` within both limits; `tooMany` makes the per-user refusal's message.
   * When `signal` aborts, the call rejects with its reason and releases the upload's place at once.
   */
  async run<T>(userId: number, tooMany: (max: number) => string, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    const mine = this.perUser.get(userId) ?? 0;
    if (mine >= this.perUserMax) {
      throw new AppError('RATE_LIMITED', tooMany(this.perUserMax), { retryAfter: UPLOAD_RETRY_AFTER_SECONDS });
    }
    this.perUser.set(userId, mine + 1);
    try {
      return await this.limiter.run(() => untilAborted(work(), signal), signal);
    } finally {
      const left = (this.perUser.get(userId) ?? 1) - 1;
      if (left > 0) this.perUser.set(userId, left);
      else this.perUser.delete(userId);
    }
  }
}
