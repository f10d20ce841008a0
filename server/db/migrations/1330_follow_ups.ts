import { sql, type Kysely } from 'kysely';

/**
 * Follow-up documents (関連書類, issue #36 item 5; docs/MODULES.md "Follow-up documents"):
 * `buffers.follow_up_of` names the decided document (the origin) a document follows up — a
 * reimbursement its purchase — as the origin's definition declares (`ui:module.followUps`). Set
 * once at filing (`follow_up_of` in the body, checked by `follow-ups/follow-up-origin.ts`), never
 * changed; the origin lists its follow-ups through it, and the origins still waiting for one are
 * those without a follow-up on process or completed.
 */
const STATEMENTS = [
  `alter table buffers add column follow_up_of integer references buffers(id)`,
  `create index buffers_follow_up_of_idx on buffers(follow_up_of, module_code, status) where follow_up_of is not null`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists buffers_follow_up_of_idx`.execute(db);
  await sql`alter table buffers drop column if exists follow_up_of`.execute(db);
}
