import { sql, type Kysely } from 'kysely';

/**
 * Approvals mean what they approved (issue #30 items 1 and 2):
 *
 * - `approvals.voided_at`: an edit that changes what was approved (or the route it resolves to)
 *   restarts the route: the filed steps are voided (kept, with their candidates and logs, for the
 *   timeline and the audit; `position` moved to `-id` so the live steps keep 1..n) and the route
 *   re-resolved from the edited data is filed as new steps with new ids, so an action racing the
 *   edit on an old step is refused (409) instead of approving content its approver never saw.
 * - `approval_candidates.decided_by`: who actually gave a decision within a 合議 or quorum step
 *   (the candidate, or a deputy standing in for them), so one person counts once however many
 *   candidates they stand in for.
 * - `approval_logs.detail`: what a timeline entry needs beyond its action (the edit that cleared
 *   the approvals: each changed field, old → new).
 */
const STATEMENTS = [
  `alter table approvals add column voided_at timestamptz`,
  `alter table approval_candidates add column decided_by integer references users(id)`,
  `alter table approval_logs add column detail jsonb`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`alter table approval_logs drop column if exists detail`).execute(db);
  await sql.raw(`alter table approval_candidates drop column if exists decided_by`).execute(db);
  await sql.raw(`alter table approvals drop column if exists voided_at`).execute(db);
}
