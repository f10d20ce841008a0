import { sql, type Kysely } from 'kysely';

/**
 * Signed webhooks (issue #35 item 6; server/webhooks/README.md):
 * - `webhook_endpoints`: a company's receivers — URL, subscribed event types (jsonb array), the
 *   signing secret encrypted with a key the database never holds (AES-256-GCM under a key derived
 *   from the records key), and after a rotation the previous secret with the end of its 24 h.
 *   410 Gone from the receiver sets `disabled_at`.
 * - `webhook_messages`: THE outbox. One row per event and endpoint, written in the transaction of
 *   the change (a rolled-back change leaves none); `body` is the exact JSON sent on every attempt,
 *   `event_id` the `webhook-id`. Claimed with a lease (`claimed_until`, `for update skip locked`)
 *   by any instance when `next_attempt_at` is due; `pending` → `delivered` | `dead` | `disabled`.
 * - `webhook_deliveries`: one row per attempt (request, response status and first bytes, latency),
 *   purged after 30 days.
 * - `record.changed` events come from a trigger on `record_history` (every entry, whichever path
 *   wrote it), in the same transaction.
 */
const STATEMENTS = [
  `create table webhook_endpoints (
     id serial primary key,
     company_id integer not null references companies(id) on delete cascade,
     url text not null,
     events jsonb not null,
     description text,
     secret text not null,
     previous_secret text,
     previous_secret_until timestamptz,
     disabled_at timestamptz,
     disabled_reason text,
     created_by integer references users(id) on delete set null,
     created_at timestamptz not null default now())`,
  `create index webhook_endpoints_company_idx on webhook_endpoints(company_id)`,
  `create table webhook_messages (
     id bigserial primary key,
     endpoint_id integer not null references webhook_endpoints(id) on delete cascade,
     event_id text not null,
     type text not null,
     body text not null,
     status text not null default 'pending' check (status in ('pending', 'delivered', 'dead', 'disabled')),
     attempts integer not null default 0,
     next_attempt_at timestamptz not null default now(),
     claimed_until timestamptz,
     created_at timestamptz not null default now(),
     finished_at timestamptz)`,
  `create index webhook_messages_due_idx on webhook_messages(next_attempt_at, id) where status = 'pending'`,
  `create index webhook_messages_endpoint_idx on webhook_messages(endpoint_id)`,
  `create index webhook_messages_finished_idx on webhook_messages(finished_at) where finished_at is not null`,
  `create table webhook_deliveries (
     id bigserial primary key,
     message_id bigint not null references webhook_messages(id) on delete cascade,
     endpoint_id integer not null references webhook_endpoints(id) on delete cascade,
     attempt integer not null,
     url text not null,
     request_headers jsonb not null,
     request_body text not null,
     response_status integer,
     response_body text,
     error text,
     latency_ms integer not null,
     outcome text not null check (outcome in ('delivered', 'retry', 'dead', 'disabled')),
     created_at timestamptz not null default now())`,
  `create index webhook_deliveries_endpoint_idx on webhook_deliveries(endpoint_id, id desc)`,
  `create index webhook_deliveries_created_idx on webhook_deliveries(created_at)`,
  // The JSON of one event as the server writes it (type, timestamp, data — in that order).
  `create or replace function ringi_webhook_body(kind text, data jsonb) returns text language sql stable as $$
     select '{"type":' || to_json(kind)::text || ',"timestamp":' || to_json(to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
       || ',"data":' || data::text || '}'
   $$`,
  `create or replace function ringi_webhook_record_changed() returns trigger language plpgsql as $$
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
     return null;
   end $$`,
  `create trigger record_history_webhooks after insert on record_history
   for each row execute function ringi_webhook_record_changed()`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop trigger if exists record_history_webhooks on record_history').execute(db);
  await sql.raw('drop function if exists ringi_webhook_record_changed()').execute(db);
  await sql.raw('drop function if exists ringi_webhook_body(text, jsonb)').execute(db);
  for (const table of ['webhook_deliveries', 'webhook_messages', 'webhook_endpoints']) await sql.raw(`drop table if exists ${table}`).execute(db);
}
