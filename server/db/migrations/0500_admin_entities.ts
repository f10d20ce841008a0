import { sql, type Kysely } from 'kysely';

/**
 * The admin area's tables (spec 000 §3 "Background group"): background groups, their companies
 * and persons in charge per pic type (a pic type names the setting type whose approver it
 * decides for the group's users). Also the spec's single company-authorizer flag: the old second
 * flag `is_company_authorizer` is folded into `is_authorizer` (the column stays, unused, so older
 * code reading it keeps compiling; nothing derives roles from it any more).
 */
const STATEMENTS = [
  `update users set is_authorizer = true where is_company_authorizer and not is_authorizer`,
  `create table pic_types (id serial primary key, code text not null unique, name text not null, name_ja text, name_zh text,
    setting_type_id integer references setting_types(id) on delete set null)`,
  `create table backgrounds (id serial primary key, name text not null,
    created_at timestamptz not null default now(), updated_at timestamptz not null default now())`,
  `create table background_companies (background_id integer not null references backgrounds(id) on delete cascade,
    company_id integer not null references companies(id) on delete cascade, primary key (background_id, company_id))`,
  `create index background_companies_company_idx on background_companies(company_id)`,
  `create table background_pics (background_id integer not null references backgrounds(id) on delete cascade,
    pic_type_id integer not null references pic_types(id) on delete cascade, pic_id integer not null references users(id),
    primary key (background_id, pic_type_id))`,
  // The pending org-change requests of one entity (edit/delete refused while another is pending).
  `create index buffers_entity_pending_idx on buffers(module_code, target_id) where status = 0`,
];

/**
 * A database seeded before this migration gets the pic types (a fresh one gets them from the
 * seed, which runs after migrating). The organisation modules' approval steps are definition
 * data (`processes/<code>.json`), synced like every module's.
 */
const UPGRADE = [
  `insert into pic_types (code, name, name_ja, name_zh, setting_type_id)
    select v.code, v.name, v.name_ja, v.name_zh, s.id
    from (values ('pic-authorizer', 'Authorizer in charge', '決裁担当者', '授权负责人', 'company-authorizer'),
      ('pic-finance', 'Finance in charge', '経理担当者', '财务负责人', 'company-finance'),
      ('pic-legal', 'Legal in charge', '法務担当者', '法务负责人', 'company-legal')) as v(code, name, name_ja, name_zh, setting_code)
    join setting_types s on s.code = v.setting_code
    on conflict (code) do nothing`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of [...STATEMENTS, ...UPGRADE]) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['background_pics', 'background_companies', 'backgrounds', 'pic_types']) {
    await sql.raw(`drop table if exists ${table} cascade`).execute(db);
  }
  await sql`drop index if exists buffers_entity_pending_idx`.execute(db);
}
