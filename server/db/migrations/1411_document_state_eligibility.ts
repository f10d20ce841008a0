import { sql, type Kysely } from 'kysely';

/**
 * `ringi_document_state` with who may act (one round trip fewer for every decision and document
 * view): each candidate comes with whether the eligibility rule allows them on the step now, and —
 * on the pending step of a document on process — the deputies in effect for them on `p_day` (the
 * app's day, `deputyDay()`), so the state needs no second read of users and deputies. `version` is
 * the row version read (`xmin`): a decision taken without the lock writes only while it still is.
 *
 * The rule is the one `server/workflow/core/eligibility.ts` writes for the picker and the filing
 * checks (`eligibleCondition`), and the deputies those of `arrangementInEffect`; the eligibility
 * matrix (`tests/server/integrity-eligibility-matrix.test.ts`, against an oracle of its own) and
 * the deputies' tests hold the two forms to the same answers. The two-argument form of migration
 * 1410 stays for an instance of the build before (it reads candidates without the rule).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(`create or replace function ringi_document_state(p_id integer, p_lock boolean, p_day date) returns json
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
        'user_finances', b.user_finances, 'version', b.xmin::text,
        'steps', (select coalesce(json_agg(s order by s.position), '[]'::json) from (
          select a.id, a.position, a.status, a.active, a.approver_id, a.required, p.code as process_code,
            p.name, p.name_ja, p.name_zh, mp.allow_requester, a.voided_at,
            (select coalesce(json_agg(json_build_object('user_id', c.user_id, 'decision', c.decision, 'decided_by', c.decided_by,
               'eligible', exists (select 1 from users u left join companies co on co.id = u.company_id
                  where u.id = c.user_id and not u.disabled
                    and (mp.allow_requester or u.id <> b.requester_id)
                    and case when cardinality(p.approver_roles) > 0
                      then coalesce(co.is_group, false) and (
                        (u.is_authorizer and 'authorizer' = any(p.approver_roles)) or (u.is_finance and 'finance' = any(p.approver_roles))
                        or (u.is_treasury and 'treasury' = any(p.approver_roles)) or (u.is_legal and 'legal' = any(p.approver_roles)))
                      else coalesce(co.is_group, false) or u.company_id = coalesce(b.company_id, r.company_id)
                    end),
               'deputies', case when b.status = 0 and a.active and a.status = 0 then (
                  select coalesce(json_agg(distinct d.deputy_id), '[]'::json) from deputies d
                   where d.principal_id = c.user_id and d.from_date <= p_day and d.to_date >= p_day
                     and (d.module_codes is null or d.module_codes @> jsonb_build_array(b.module_code))
                     and exists (select 1 from users d_u where d_u.id = d.deputy_id and not d_u.disabled)) end)), '[]'::json)
               from approval_candidates c where c.approval_id = a.id) as candidates
          from approvals a
          join master_processes mp on mp.id = a.master_process_id
          join processes p on p.id = mp.process_id
          where a.buffer_id = b.id) s))
      into state
      from buffers b left join users r on r.id = b.requester_id
      where b.id = p_id;
      return state;
    end $$`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists ringi_document_state(integer, boolean, date)`.execute(db);
}
