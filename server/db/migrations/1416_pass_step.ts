import { sql, type Kysely } from 'kysely';

/**
 * `ringi_pass_step`: the common decision — a plain approval that moves its document on to the next
 * step — read, decided and written in ONE call (one round trip, no transaction around it), where it
 * was a read and then a write built by the app (`server/workflow/decisions/step-action.ts`,
 * `passInDatabase`). The state is `ringi_document_state`'s (migration 1414), read without the lock.
 *
 * It passes the step only when the app's rules would, on that state (`transitions.ts`:
 * `refuseStepAction`, `actingFor`, `nextStep`, `isTreasuryStep`; `step-action.ts`: `mayPassWithoutLock`
 * — `tests/server/pass-step-oracle.test.ts` holds the two to each other): the document on process;
 * the step live (not voided), active, pending, passed by one approval, not the treasury form; the
 * user an eligible candidate who has not approved it, or else a deputy in effect for an undecided
 * eligible candidate (the lowest such principal; never the requester); a pending step after it; and
 * no webhook endpoint of the document's company (its events are queued in a transaction: the app's
 * path). Anything else answers `{"state": …}` — the state read, on which the app decides as before,
 * refusing or taking the decision in a transaction — and writes nothing.
 *
 * The write is the one statement's it replaces: the document's row locked at the version read
 * (else SQLSTATE RG409, `ringi_expect`: nothing is written and the app takes the decision again
 * under the lock), the actor named for the history entries, the step's close (RG409 when someone
 * was first), the timeline entry, the document's touch, the next step made active (RG409 when it
 * was voided) and the approver's remembered choice of mailing the next approvers. Answers
 * `{"passed": <document id>}`; null for an unknown document.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(`create or replace function ringi_pass_step(p_doc integer, p_step integer, p_user integer, p_day date,
      p_now timestamptz, p_remember boolean, p_detail jsonb) returns json
    language plpgsql volatile as $$
    declare
      state json := ringi_document_state(p_doc, false, p_day);
      doc jsonb := state::jsonb;
      step jsonb;
      principal integer;
      next_step integer;
    begin
      if state is null then return null; end if;
      select s into step from jsonb_array_elements(doc->'steps') s
        where (s->>'id')::integer = p_step and s->>'voided_at' is null;
      if step is null or (doc->>'status')::integer <> 0 or not (step->>'active')::boolean
        or (step->>'status')::integer <> 0 or (step->>'required')::integer > 1 or step->>'process_code' = 'p-treasury'
        or exists (select 1 from webhook_endpoints w where w.company_id = (doc->>'company_id')::integer and w.disabled_at is null) then
        return json_build_object('state', state);
      end if;
      if exists (select 1 from jsonb_array_elements(step->'candidates') c
                 where (c->>'user_id')::integer = p_user and (c->>'eligible')::boolean) then
        -- A candidate acts as themselves, once.
        if exists (select 1 from jsonb_array_elements(step->'candidates') c
                   where (c->>'user_id')::integer = p_user and (c->>'decision')::integer = 1) then
          return json_build_object('state', state);
        end if;
      else
        select min((c->>'user_id')::integer) into principal from jsonb_array_elements(step->'candidates') c
          where (c->>'eligible')::boolean and (c->>'decision') is distinct from '1' and jsonb_typeof(c->'deputies') = 'array'
            and p_user <> (doc->>'requester_id')::integer
            and exists (select 1 from jsonb_array_elements_text(c->'deputies') d where d::integer = p_user);
        if principal is null then return json_build_object('state', state); end if;
      end if;
      select (s->>'id')::integer into next_step from jsonb_array_elements(doc->'steps') s
        where s->>'voided_at' is null and (s->>'position')::integer > (step->>'position')::integer and (s->>'status')::integer = 0
        order by (s->>'position')::integer limit 1;
      if next_step is null then return json_build_object('state', state); end if;

      perform ringi_expect(exists (select 1 from buffers where id = p_doc and xmin = (doc->>'version')::xid for update));
      perform set_config('ringi.actor', p_user::text, true), set_config('ringi.reason', 'approve', true),
        set_config('ringi.on_behalf_of', coalesce(principal::text, ''), true);
      update approvals set status = 1, active = false, approver_id = p_user, on_behalf_of = principal, approved_at = p_now
        where id = p_step and status = 0 and active;
      perform ringi_expect(found);
      insert into approval_logs (buffer_id, approval_id, user_id, log_text, on_behalf_of, detail)
        values (p_doc, p_step, p_user, 'approve', principal, p_detail);
      update buffers set updated_at = p_now where id = p_doc;
      update approvals set active = true where id = next_step and voided_at is null;
      perform ringi_expect(found);
      if p_remember is not null then
        insert into email_push_preferences (user_id, is_notified, updated_at) values (p_user, p_remember, p_now)
          on conflict (user_id) do update set is_notified = excluded.is_notified, updated_at = excluded.updated_at
          where email_push_preferences.is_notified <> excluded.is_notified;
      end if;
      return json_build_object('passed', p_doc);
    end $$`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists ringi_pass_step(integer, integer, integer, date, timestamptz, boolean, jsonb)`.execute(db);
}
