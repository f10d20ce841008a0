import { sql, type Kysely } from 'kysely';

/**
 * `record.changed` webhook messages (migration 1120) say that they were queued: the trigger sets the
 * transaction's `ringi.webhooks_queued` when it queued any, and the history's sealer
 * (`server/records/record-seal.ts`) reads it with the entries it seals. The sealer kicked the
 * webhook sender after every transaction that wrote history (every filing, edit and final
 * approval), which then claimed nothing wherever no endpoint listens.
 */
/** The trigger function of migration 1120; `flag`: with the transaction's note that it queued messages. */
const recordChanged = (flag: boolean) => `create or replace function ringi_webhook_record_changed() returns trigger language plpgsql as $$
   declare b record;
   begin
     if not exists (select 1 from webhook_endpoints where disabled_at is null and events @> '["record.changed"]'::jsonb) then return null; end if;
     select id, code, module_code, company_id, status into b from buffers where id = new.buffer_id;
     insert into webhook_messages (endpoint_id, event_id, type, body)
       select e.id, ev.id, 'record.changed', ringi_webhook_body('record.changed', jsonb_build_object(
           'document_id', b.id, 'code', b.code, 'module', b.module_code, 'company_id', b.company_id, 'status', b.status,
           'seq', new.seq, 'kind', new.kind))
         from webhook_endpoints e cross join (select 'msg_' || replace(gen_random_uuid()::text, '-', '') as id) ev
         where e.company_id = b.company_id and e.disabled_at is null and e.events @> '["record.changed"]'::jsonb;
     ${flag ? "if found then perform set_config('ringi.webhooks_queued', '1', true); end if;" : ''}
     return null;
   end $$`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(recordChanged(true)).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(recordChanged(false)).execute(db);
}
