import type { EventEmitter } from 'node:events';

/** How fast an upload's body must keep arriving while it is read. */
export interface UploadPace {
  /** No body bytes for this long → aborted as idle (`UPLOAD_IDLE_TIMEOUT_MS`, default 10 s). */
  idleMs: number;
  /**
   * Fewer bytes than this per second, on average over the last `RATE_WINDOWS` idle periods, →
   * aborted as too slow (`UPLOAD_MIN_BYTES_PER_SECOND`, default 4 KiB/s; 0 = no minimum).
   */
  minBytesPerSecond: number;
}

/** The rate is averaged over this many idle periods (30 s by default): short stalls of a slow link are forgiven. */
export const RATE_WINDOWS = 3;

/** Why an upload was given up: its client left, sent nothing for the idle time, or trickled below the rate. */
export type UploadAbortReason = 'closed' | 'idle' | 'slow';

/** The reason an upload's signal carries. */
export class UploadAbortedError extends Error {
  constructor(readonly reason: UploadAbortReason) {
    super(`upload aborted: ${reason}`);
    this.name = 'UploadAbortedError';
  }
}

/** One upload being watched; see `watchUpload`. */
export interface UploadWatch {
  /** Aborts (reason: an UploadAbortedError) when the client leaves — at any stage — or, while the body is read, stalls or trickles. */
  readonly signal: AbortSignal;
  /** The body is read from now on: the idle time and the minimum rate apply. */
  reading(): void;
  /** `bytes` more of the body arrived. */
  received(bytes: number): void;
  /** The body is in: storing it is the server's time, not the client's, so the pace no longer applies. */
  storing(): void;
  /** Stops watching (the answer is on its way). */
  stop(): void;
}

/** The response side of a request, as far as the watch needs it: it closes, and says whether it was answered. */
type Answer = EventEmitter & { readonly writableEnded: boolean; readonly destroyed?: boolean };

/**
 * Watches one upload from the moment it asks for a slot until it is answered (issue #30). The
 * client leaving — the response closes before it was answered — aborts the signal whatever the
 * upload is doing: waiting in the queue, reading or storing. While the body is read (between
 * `reading()` and `storing()`), the signal also aborts when no bytes arrive for `idleMs`, or when
 * fewer than `minBytesPerSecond` arrived on average over the last `RATE_WINDOWS × idleMs` — a
 * client that trickles a few bytes a second cannot hold a slot for hours. The caller feeds the
 * bytes (`received`) as it reads them. Checked on a timer of a fifth of the idle time (at most 1 s).
 */
export function watchUpload(answer: Answer, pace: UploadPace, now: () => number = Date.now): UploadWatch {
  const controller = new AbortController();
  const abort = (reason: UploadAbortReason) => {
    if (controller.signal.aborted) return;
    controller.abort(new UploadAbortedError(reason));
    stop();
  };
  const onClose = () => {
    if (!answer.writableEnded) abort('closed');
  };
  answer.on('close', onClose);

  const windowMs = RATE_WINDOWS * pace.idleMs;
  let total = 0;
  let lastByteAt = 0;
  let startedAt = 0;
  /** `total` at past ticks, oldest first; the first one is at or before the start of the rate window. */
  let samples: Array<{ at: number; total: number }> = [];
  let timer: NodeJS.Timeout | undefined;

  function tick(): void {
    const at = now();
    if (at - lastByteAt >= pace.idleMs) return abort('idle');
    samples.push({ at, total });
    while (samples.length > 1 && samples[1]!.at <= at - windowMs) samples.shift();
    const oldest = samples[0]!;
    if (pace.minBytesPerSecond > 0 && at - startedAt >= windowMs && at - oldest.at > 0) {
      const rate = ((total - oldest.total) * 1000) / (at - oldest.at);
      if (rate < pace.minBytesPerSecond) abort('slow');
    }
  }

  function stopPacing(): void {
    if (timer) clearInterval(timer);
    timer = undefined;
  }

  function stop(): void {
    stopPacing();
    answer.off('close', onClose);
  }

  // A client that left before the handler ran has already closed its response.
  if (answer.destroyed) abort('closed');

  return {
    signal: controller.signal,
    reading() {
      if (controller.signal.aborted || timer) return;
      startedAt = lastByteAt = now();
      samples = [{ at: startedAt, total }];
      timer = setInterval(tick, Math.max(10, Math.min(1000, pace.idleMs / 5)));
      timer.unref();
    },
    received(bytes) {
      total += bytes;
      if (bytes > 0) lastByteAt = now();
    },
    storing: stopPacing,
    stop,
  };
}
