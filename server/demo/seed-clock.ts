import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The demo seed's clock: runs API calls as if they happened at a chosen instant of the demo's
 * past, so a document filed "three weeks ago" is stamped three weeks ago by the app's own code
 * (filing time, approvals, timeline, history, numbering by month, tokens) — nothing is rewritten
 * afterwards, and whatever the app derives from the time (record history, its hashes) is
 * computed from the time the seed chose.
 *
 * Why the global `Date` and not a `now` handed to the workflow: the app reads the time in many
 * places (`new Date()` in the workflow, `Date.now()` in tokens and mail, the embedded PGlite's
 * `now()` and `clock_timestamp()`, which read the same JavaScript clock), and the seed must not
 * need a second way through them. The clock is moved only while the seed's own calls run, one at
 * a time, before the server listens (`server/main.ts`, `npm run seed`), and only for what those
 * calls do (an async context); time keeps running inside a call, so the order of what one call
 * writes is kept. A PostgreSQL server keeps its own clock:
 * `demo-documents.ts` gives the rows that database stamped during a call the call's instant.
 */
const RealDate = Date;
/** The seed clock's offset from real time, in the async context of the seed's own calls only. */
const offsets = new AsyncLocalStorage<number>();

/**
 * The process clock while a seed call runs: moved by the call's offset inside the seed's async
 * context (the request it injects, the queries that request runs), real everywhere else — the
 * app's timers (records anchor, mail, reminders) keep real time. `instanceof Date` holds for any
 * date, made before or after the swap.
 */
class SeedDate extends RealDate {
  constructor(...args: unknown[]) {
    if (args.length === 0) super(RealDate.now() + (offsets.getStore() ?? 0));
    else super(...(args as [string | number | Date]));
  }

  static override now(): number {
    return RealDate.now() + (offsets.getStore() ?? 0);
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof RealDate;
  }
}

/** The real time, whatever the seed clock says. */
export function realNow(): number {
  return RealDate.now();
}

/** Runs `call` with the clock at `instant` (advancing as real time passes) for what `call` does, then puts the real clock back. */
export async function atInstant<T>(instant: Date, call: () => Promise<T>): Promise<T> {
  const previous = globalThis.Date;
  const emitWarning = process.emitWarning;
  globalThis.Date = SeedDate as DateConstructor;
  // PGlite's Postgres arms its idle timers (statistics flush) on this clock: one armed before the
  // move falls due months ahead of the moved clock, and Node warns while it clamps that delay to
  // 1 ms. Harmless (Postgres arms it again); not worth a warning per call on the first start.
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const type = typeof rest[0] === 'string' ? rest[0] : (rest[0] as { type?: string } | undefined)?.type;
    if (type === 'TimeoutOverflowWarning') return;
    (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    return await offsets.run(instant.getTime() - RealDate.now(), call);
  } finally {
    globalThis.Date = previous;
    process.emitWarning = emitWarning;
  }
}
