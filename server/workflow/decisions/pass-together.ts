import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/database';

/**
 * Plain approvals that arrive together pass together: the calls of `ringi_pass_step` waiting at the
 * same moment go to the database as ONE statement — one transaction, one commit and its flush, one
 * backend woken — instead of one each (issue #30 item 10: at the limit most of a plain approval's
 * database time was what each statement and commit costs a backend woken for it, not the call's own
 * work; docs/PERFORMANCE.md, "Plain approvals that arrive together").
 *
 * Nothing waits for company: while fewer than IN_FLIGHT statements are running, the calls made in
 * one turn of the event loop leave at its end (one alone when it is alone); while IN_FLIGHT are
 * running, the calls wait for one of them to end and then leave together, at most MAX_TOGETHER in
 * one statement. The calls of one statement run in the order they were made, each seeing what the
 * ones before it wrote (two candidates' approvals of one step: the second reads the step passed and
 * answers the state, which the app refuses with 409, as it would have one after the other).
 *
 * A statement that fails fails all its calls (nothing of it is written): each is then made again
 * alone, and answers or fails as it would have — a call that found its document changed since its
 * read (`ringi_expect`) fails with the same error alone. Inside a transaction a call is made at
 * once, in it (it cannot join statements of other transactions).
 */
const IN_FLIGHT = 2;
/** A bound on one statement's calls: its text stays short enough to be kept prepared (`prepared-statements.ts`), and a failed one retries few. */
const MAX_TOGETHER = 16;

interface Waiting {
  call: RawBuilder<unknown>;
  resolve: (answer: unknown) => void;
  reject: (error: unknown) => void;
}

interface Queue {
  waiting: Waiting[];
  running: number;
  /** A departure is set for the end of this turn of the event loop. */
  leaving: boolean;
}

const queues = new WeakMap<Kysely<Database>, Queue>();

/** The answer of `call` (one SQL expression), made with the calls waiting beside it. */
export function passTogether<T>(db: Kysely<Database>, call: RawBuilder<T>): Promise<T> {
  if (db.isTransaction) return alone(db, call);
  let queue = queues.get(db);
  if (!queue) queues.set(db, queue = { waiting: [], running: 0, leaving: false });
  const q = queue;
  return new Promise<T>((resolve, reject) => {
    q.waiting.push({ call, resolve: resolve as (answer: unknown) => void, reject });
    leaveSoon(db, q);
  });
}

/** Sets a departure at the end of this turn when a statement may start and none is set. */
function leaveSoon(db: Kysely<Database>, queue: Queue): void {
  if (queue.leaving || queue.running >= IN_FLIGHT || queue.waiting.length === 0) return;
  queue.leaving = true;
  setImmediate(() => {
    queue.leaving = false;
    void leave(db, queue);
  });
}

async function leave(db: Kysely<Database>, queue: Queue): Promise<void> {
  const calls = queue.waiting.splice(0, MAX_TOGETHER);
  if (calls.length === 0) return;
  queue.running += 1;
  try {
    await together(db, calls);
  } finally {
    queue.running -= 1;
    leaveSoon(db, queue);
  }
}

async function together(db: Kysely<Database>, calls: Waiting[]): Promise<void> {
  if (calls.length === 1) {
    const [only] = calls;
    await alone(db, only.call).then(only.resolve, only.reject);
    return;
  }
  let answers: unknown[];
  try {
    const { rows } = await sql<Record<string, unknown>>`select ${sql.join(calls.map((c, i) => sql`${c.call} as ${sql.ref(`a${i}`)}`))}`.execute(db);
    answers = calls.map((_, i) => rows[0][`a${i}`]);
  } catch {
    // Nothing of the statement was written: each call again, alone.
    await Promise.all(calls.map((c) => alone(db, c.call).then(c.resolve, c.reject)));
    return;
  }
  calls.forEach((c, i) => c.resolve(answers[i]));
}

async function alone<T>(db: Kysely<Database>, call: RawBuilder<T>): Promise<T> {
  const { rows } = await sql<{ a0: T }>`select ${call} as a0`.execute(db);
  return rows[0].a0;
}
