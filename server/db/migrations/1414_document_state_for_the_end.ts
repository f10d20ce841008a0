import { sql, type Kysely } from 'kysely';
import { up as eligibilityState } from './1411_document_state_eligibility';

/**
 * `ringi_document_state` with what a decision that ends the document writes beside its entry
 * (two round trips fewer for every final approval and rejection): `requesters`, the requester and
 * whoever filed for them as their mails address them (name, address, language, disabled), and
 * `numbering`, the document's company as its numbers read it (code, fiscal year start, time zone).
 * The rest is migration 1411's function as it was.
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
        'requesters', (select json_agg(json_build_object('id', m.id, 'name', m.name, 'email', m.email, 'language', m.language, 'disabled', m.disabled) order by m.id)
          from users m where m.id = b.requester_id or m.id = b.filed_by),
        'numbering', (select json_build_object('code', co.code, 'fiscal_year_start', co.fiscal_year_start, 'time_zone', cc.time_zone)
          from companies co left join company_calendars cc on cc.company_id = co.id where co.id = b.company_id),
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
  await eligibilityState(db);
}
