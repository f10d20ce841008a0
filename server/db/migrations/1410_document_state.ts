import { sql, type Kysely } from 'kysely';

/**
 * A document with its steps and their candidates as one JSON value (`loadDocumentState`), with the
 * document's row locked first when asked. One round trip for what took two: the lock had to be a
 * statement of its own, because a subquery of a locking statement still reads the snapshot taken
 * before any wait for the lock, not what the previous holder committed. Inside a volatile function
 * each statement takes a new snapshot (READ COMMITTED), so the read after the lock sees it.
 * The columns are those `DocumentState` is built from; a change to them is a new migration.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(`create or replace function ringi_document_state(p_id integer, p_lock boolean) returns json
    language plpgsql volatile as $$
    declare
      state json;
    begin
      if p_lock then
        perform 1 from buffers where id = p_id for update;
        if not found then return null; end if;
      end if;
      select json_build_object(
        'id', b.id, 'code', b.code, 'module_code', b.module_code, 'status', b.status, 'requester_id', b.requester_id,
        'filed_by', b.filed_by, 'company_id', b.company_id, 'data', b.data, 'bypass', b.bypass, 'urgent', b.urgent,
        'user_finances', b.user_finances,
        'steps', (select coalesce(json_agg(s order by s.position), '[]'::json) from (
          select a.id, a.position, a.status, a.active, a.approver_id, a.required, p.code as process_code,
            p.name, p.name_ja, p.name_zh, p.approver_roles, mp.allow_requester, a.voided_at,
            (select coalesce(json_agg(json_build_object('user_id', c.user_id, 'decision', c.decision, 'decided_by', c.decided_by)), '[]'::json)
               from approval_candidates c where c.approval_id = a.id) as candidates
          from approvals a
          join master_processes mp on mp.id = a.master_process_id
          join processes p on p.id = mp.process_id
          where a.buffer_id = b.id) s))
      into state
      from buffers b where b.id = p_id;
      return state;
    end $$`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists ringi_document_state(integer, boolean)`.execute(db);
}
