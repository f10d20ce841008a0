import { sql, type Kysely } from 'kysely';

/**
 * Filing as one of my posts (兼務, issue #36 item 6): `buffers.filed_as_department_id` is the
 * department of the requester's post the document was filed as — their main department or the
 * department of a concurrent post (`user_posts`) in effect on the filing day. The route resolved
 * from it at filing, and an edit resolves it again from the same post. Null for documents filed
 * before, and for requesters without a department.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table buffers add column filed_as_department_id integer references departments(id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table buffers drop column if exists filed_as_department_id`.execute(db);
}
