import { sql, type Kysely } from 'kysely';

/**
 * Every document has a company for scoping (issue #22): documents filed without one (corporate
 * seals, collection debts: their forms name no company of the group) belong to their
 * requester's company, as filing now records (`workflow/filing/document-company.ts`). The statistics
 * rows follow through their trigger (migration 0620).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update buffers set company_id = users.company_id from users
    where buffers.company_id is null and users.id = buffers.requester_id and users.company_id is not null`.execute(db);
}

/** The backfill cannot be told apart from filed companies: nothing to undo. */
export async function down(): Promise<void> {}
