import { sql, type Kysely } from 'kysely';

/** Localized name columns shared by the master tables. */
const NAMES = 'name text not null, name_ja text, name_zh text';

/**
 * Every table of docs/ARCHITECTURE.md "Database". Statements run one by one because PGlite's
 * extended-protocol queries take a single statement.
 */
const STATEMENTS = [
  `create table companies (id serial primary key, code text not null unique, ${NAMES},
    initial_name text not null, is_group boolean not null default false, created_at timestamptz not null default now())`,
  `create table departments (id serial primary key, company_id integer not null references companies(id) on delete cascade,
    ${NAMES}, created_at timestamptz not null default now())`,
  `create index departments_company_idx on departments(company_id)`,
  `create table locations (id serial primary key, company_id integer not null references companies(id) on delete cascade,
    address text not null, created_at timestamptz not null default now())`,
  `create index locations_company_idx on locations(company_id)`,
  `create table users (id serial primary key, email text not null, name text not null, initial_name text not null,
    company_id integer references companies(id), department_id integer references departments(id) on delete set null,
    location_id integer references locations(id) on delete set null, join_date date,
    is_authorizer boolean not null default false, is_company_authorizer boolean not null default false,
    is_finance boolean not null default false, is_treasury boolean not null default false,
    is_legal boolean not null default false, is_notified boolean not null default true,
    password_hash text not null, failed_attempts integer not null default 0, locked_at timestamptz,
    disabled boolean not null default false, password_changed_at timestamptz not null default now(),
    created_at timestamptz not null default now(), updated_at timestamptz not null default now())`,
  `create unique index users_email_idx on users(lower(email))`,
  `create index users_company_idx on users(company_id)`,
  `create table setting_types (id serial primary key, code text not null unique, ${NAMES})`,
  `create table user_settings (id serial primary key, user_id integer not null references users(id) on delete cascade,
    setting_type_id integer not null references setting_types(id), approver_id integer references users(id) on delete set null,
    unique (user_id, setting_type_id))`,
  `create table currencies (id serial primary key, code text not null unique, ${NAMES}, decimals integer not null default 2)`,
  `create table processes (id serial primary key, code text not null unique, ${NAMES},
    approver_role text check (approver_role in ('authorizer', 'finance', 'treasury', 'legal')))`,
  `create table master_processes (id serial primary key, module_code text not null,
    process_id integer not null references processes(id), position integer not null,
    optional boolean not null default false, unique (module_code, position))`,
  `create table saved_approvers (id serial primary key, user_id integer not null references users(id) on delete cascade,
    module_code text not null, master_process_id integer not null references master_processes(id) on delete cascade,
    approver_id integer not null references users(id) on delete cascade, position integer not null default 0,
    unique (user_id, master_process_id, approver_id))`,
  `create index saved_approvers_user_module_idx on saved_approvers(user_id, module_code)`,
  `create table expense_accounts (id serial primary key, company_id integer not null references companies(id) on delete cascade,
    module_type text not null check (module_type in ('reimbursement', 'payment')), code text not null,
    name text not null, name_jp text not null, name_zh text not null, is_transportation boolean not null default false,
    created_at timestamptz not null default now(), unique (company_id, module_type, code))`,
  `create table company_bank_accounts (id serial primary key, company_id integer not null references companies(id) on delete cascade,
    bank_name text not null, branch text not null, number text not null, type text not null,
    created_at timestamptz not null default now())`,
  `create index company_bank_accounts_company_idx on company_bank_accounts(company_id)`,
  `create table contract_item_types (id serial primary key, module text not null, code text not null, ${NAMES},
    position integer not null, unique (module, code))`,
  ...['contract_frequencies', 'corporate_seal_types', 'collection_sales_evidence_types'].map(
    (table) => `create table ${table} (id serial primary key, code text not null unique, ${NAMES}, position integer not null default 0)`,
  ),
  `create table buffers (id serial primary key, code text not null unique, module_code text not null,
    status integer not null default 0, action text not null default 'create',
    requester_id integer not null references users(id), company_id integer references companies(id),
    department_id integer references departments(id), target_id integer, data jsonb not null default '{}'::jsonb,
    info jsonb, definition_version text not null, stamp_no text, bypass boolean not null default false,
    send_notification_first_approval boolean not null default true, user_finances jsonb not null default '[]'::jsonb,
    completed_at timestamptz, created_at timestamptz not null default now(), updated_at timestamptz not null default now())`,
  `create index buffers_requester_idx on buffers(requester_id, created_at desc)`,
  `create index buffers_module_status_idx on buffers(module_code, status)`,
  `create table approvals (id serial primary key, buffer_id integer not null references buffers(id) on delete cascade,
    master_process_id integer not null references master_processes(id), position integer not null,
    status integer not null default 0, active boolean not null default false,
    approver_id integer references users(id), approved_at timestamptz, data jsonb,
    created_at timestamptz not null default now(), unique (buffer_id, position))`,
  `create index approvals_active_idx on approvals(active, status)`,
  `create table approval_candidates (approval_id integer not null references approvals(id) on delete cascade,
    user_id integer not null references users(id), primary key (approval_id, user_id))`,
  `create index approval_candidates_user_idx on approval_candidates(user_id)`,
  `create table approval_logs (id serial primary key, buffer_id integer not null references buffers(id) on delete cascade,
    approval_id integer references approvals(id) on delete cascade, user_id integer references users(id),
    log_text text not null, created_at timestamptz not null default now())`,
  `create index approval_logs_buffer_idx on approval_logs(buffer_id)`,
  `create table buffer_temporaries (id serial primary key, user_id integer not null references users(id) on delete cascade,
    module_code text not null, data jsonb not null, updated_at timestamptz not null default now(),
    unique (user_id, module_code))`,
  `create table buffer_histories (id serial primary key, buffer_id integer not null references buffers(id) on delete cascade,
    user_id integer not null references users(id), data jsonb not null, created_at timestamptz not null default now())`,
  `create index buffer_histories_buffer_idx on buffer_histories(buffer_id, created_at)`,
  `create table files (id serial primary key, name text not null, mime_type text not null, size integer not null,
    document_type text not null, storage_key text not null unique, sha256 text not null,
    uploader_id integer not null references users(id), buffer_id integer references buffers(id) on delete set null,
    created_at timestamptz not null default now())`,
  `create index files_buffer_idx on files(buffer_id)`,
  `create table mail_outbox (id serial primary key, to_address text not null, subject text not null, text text not null,
    html text, status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
    attempts integer not null default 0, last_error text, created_at timestamptz not null default now(), sent_at timestamptz)`,
  `create index mail_outbox_pending_idx on mail_outbox(status) where status = 'pending'`,
  `create table password_reset_tokens (id serial primary key, user_id integer not null references users(id) on delete cascade,
    token_hash text not null unique, expires_at timestamptz not null, used_at timestamptz,
    created_at timestamptz not null default now())`,
  `create table idempotency_keys (user_id integer not null references users(id) on delete cascade, key text not null,
    request_hash text not null, response_status integer, response_body jsonb,
    created_at timestamptz not null default now(), primary key (user_id, key))`,
  `create table module_definition_versions (code text not null, version text not null, definition jsonb not null,
    created_at timestamptz not null default now(), primary key (code, version))`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const tables = [...STATEMENTS].reverse()
    .map((s) => /^create table (\w+)/.exec(s)?.[1])
    .filter((t): t is string => !!t);
  for (const table of tables) await sql.raw(`drop table if exists ${table} cascade`).execute(db);
}
