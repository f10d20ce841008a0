import { createHash } from 'node:crypto';

/**
 * Which statements a PostgreSQL connection keeps prepared (docs/PERFORMANCE.md "Where
 * PostgreSQL's time went"). Kysely sends every statement unnamed, so PostgreSQL parses and plans
 * it at each run: for a filing's short statements planning cost more than running them (4.9 ms
 * of its 9.8 ms at the top level). A statement text seen again is sent as a named prepared
 * statement instead: each connection parses it once and PostgreSQL's plan cache decides between a
 * plan per run and a generic one (`plan_cache_mode`).
 *
 * Bounded: only data statements (`select`, `insert`, `update`, `delete`, `with`; never `begin`,
 * `commit` or DDL), texts of at most 20,000 characters, and at most `PER_CONNECTION` statements a
 * connection; the rest run unnamed as before. A server-side pooler that does not keep sessions
 * (PgBouncer's transaction mode) cannot keep them either: `DATABASE_PREPARE=off` sends all unnamed.
 */
export const PER_CONNECTION = 256;
const MAX_TEXT = 20_000;
/** Distinct texts remembered for their second sighting; the memory is dropped whole when full. */
const MAX_REMEMBERED = 10_000;
const DATA_STATEMENT = /^\s*\(?\s*(select|insert|update|delete|with)\b/i;

export class StatementNames {
  private readonly seen = new Map<string, string | null>();

  /** The name to prepare `text` under, or null to send it unnamed (first sighting, not a data statement, too long). */
  nameOf(text: string): string | null {
    const known = this.seen.get(text);
    if (known) return known;
    if (known === undefined) {
      if (text.length > MAX_TEXT || !DATA_STATEMENT.test(text)) return null;
      if (this.seen.size >= MAX_REMEMBERED) this.seen.clear();
      this.seen.set(text, null);
      return null;
    }
    const name = `r${createHash('sha1').update(text).digest('base64url')}`;
    this.seen.set(text, name);
    return name;
  }
}

/** The error PostgreSQL answers when a prepared statement's result columns changed under it (DDL by another instance's migration). */
export function isStalePlan(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  return e?.code === '0A000' && /cached plan must not change result type/.test(e.message ?? '');
}
