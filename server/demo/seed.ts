import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { hashPassword } from '../auth/password';
import type { Database } from '../db/database';
import { loadDefinitionFiles } from '../definitions/load-definition-files';
import { syncProcessRows } from '../definitions/sync-process-rows';
import { seedAdminData } from './seed-admin';
import { readDemoOrganisation } from './demo-organisation';
import {
  DEMO_CALENDARS, DEMO_CODE_LISTS, DEMO_COMPANIES, DEMO_CONTRACT_ITEM_TYPES, DEMO_CURRENCIES, DEMO_EXPENSE_ACCOUNTS,
  DEMO_DEFAULT_APPROVERS, DEMO_PASSWORD, DEMO_SETTING_TYPES, DEMO_USERS, DEMO_USER_SETTINGS,
} from './seed-data';

type Names = [string, string, string];
const named = ([name, name_ja, name_zh]: Names) => ({ name, name_ja, name_zh });

/** Whether the database already holds data (then the seed leaves it alone). */
export async function isSeeded(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('companies').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/**
 * Seeds the demo data into an empty database in one transaction. Returns false (and changes
 * nothing) when there is already data, so running it twice is harmless.
 */
export async function seedDemoData(db: Kysely<Database>): Promise<boolean> {
  if (await isSeeded(db)) return false;
  // Each login gets an own salt; the hashes run in parallel (about one hash's time), outside the
  // request limiter: the seed runs before the server listens. Colleagues
  // without a login get an unusable hash, as an invited user has until the link is used.
  const hashes = await Promise.all(DEMO_USERS.map((user) => (user.login === false ? `!${randomBytes(16).toString('hex')}` : hashPassword(DEMO_PASSWORD, null))));
  await db.transaction().execute(async (trx) => {
    const ids = await seedOrganisation(trx);
    await seedMasters(trx);
    const users = await seedUsers(trx, ids, hashes);
    await seedPosts(trx, ids, users);
    await seedCalendars(trx, ids);
    await seedApprovers(trx, users);
    await seedAdminData(trx, users);
  });
  return true;
}

interface OrgIds {
  companies: Map<string, number>;
  departments: Map<string, number>;
  locations: Map<string, number[]>;
}

async function seedOrganisation(trx: Transaction<Database>): Promise<OrgIds> {
  const ids: OrgIds = { companies: new Map(), departments: new Map(), locations: new Map() };
  for (const company of DEMO_COMPANIES) {
    const { id } = await trx.insertInto('companies')
      .values({ code: company.code, ...named(company.names), initial_name: company.initial_name, is_group: company.is_group })
      .returning('id').executeTakeFirstOrThrow();
    ids.companies.set(company.code, id);
    const departments = await trx.insertInto('departments')
      .values(company.departments.map((names) => ({ company_id: id, ...named(names) })))
      .returning(['id', 'name']).execute();
    for (const d of departments) ids.departments.set(`${company.code}/${d.name}`, d.id);
    const locations = await trx.insertInto('locations')
      .values(company.locations.map((address) => ({ company_id: id, address })))
      .returning('id').execute();
    ids.locations.set(company.code, locations.map((l) => l.id));
    await trx.insertInto('company_bank_accounts')
      .values(company.bank_accounts.map((account) => ({ company_id: id, ...account }))).execute();
    await trx.insertInto('expense_accounts')
      .values(DEMO_EXPENSE_ACCOUNTS.map((a) => ({
        company_id: id, module_type: a.module_type, code: a.code, name: a.names[0], name_jp: a.names[1],
        name_zh: a.names[2], is_transportation: a.is_transportation ?? false,
      }))).execute();
  }
  return ids;
}

async function seedMasters(trx: Transaction<Database>): Promise<void> {
  await trx.insertInto('currencies')
    .values(DEMO_CURRENCIES.map((c) => ({ code: c.code, ...named(c.names), decimals: c.decimals }))).execute();
  await trx.insertInto('setting_types')
    .values(DEMO_SETTING_TYPES.map((s) => ({ code: s.code, ...named(s.names) }))).execute();
  // Approval steps are definition data: the rows follow processes/<code>.json (publishing keeps them in step).
  const { files } = await loadDefinitionFiles(process.env.DEFINITIONS_DIR || undefined);
  for (const [code, file] of Object.entries(files.processes ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
    if (Array.isArray(file?.steps)) await syncProcessRows(trx, code, file.steps);
  }
  await trx.insertInto('contract_item_types')
    .values(Object.entries(DEMO_CONTRACT_ITEM_TYPES).flatMap(([module, types]) => types.map((t, index) => ({
      module, code: t.code, ...named(t.names), position: index + 1,
    })))).execute();
  for (const [table, rows] of Object.entries(DEMO_CODE_LISTS)) {
    await trx.insertInto(table as keyof typeof DEMO_CODE_LISTS)
      .values(rows.map((row, index) => ({ code: row.code, ...named(row.names), position: index + 1 }))).execute();
  }
}

async function seedUsers(trx: Transaction<Database>, ids: OrgIds, hashes: string[]): Promise<Map<string, number>> {
  const users = new Map<string, number>();
  for (const [index, user] of DEMO_USERS.entries()) {
    const flags = Object.fromEntries(user.flags.map((flag) => [flag, true]));
    const { id } = await trx.insertInto('users').values({
      email: user.email, name: user.name, initial_name: user.initial_name,
      company_id: ids.companies.get(user.company)!,
      department_id: ids.departments.get(`${user.company}/${user.department}`)!,
      location_id: ids.locations.get(user.company)![user.location],
      join_date: user.join_date, password_hash: hashes[index], ...flags,
    }).returning('id').executeTakeFirstOrThrow();
    users.set(user.email, id);
  }
  return users;
}

/**
 * The organisation routes resolve from (`demo-organisation.json`): every catalogue position in
 * every company, departments under their division, posts (approver@ heads employee@'s Sales
 * department; approver2@ is director of the Management division above it, a concurrent post
 * beside their main department in Ringi Trading) and managers.
 */
async function seedPosts(trx: Transaction<Database>, ids: OrgIds, users: Map<string, number>): Promise<void> {
  const org = readDemoOrganisation();
  await trx.insertInto('positions').values([...ids.companies.values()].flatMap((company_id) => Object.entries(org.positions)
    .map(([code, n]) => ({ company_id, code, name: n.en, name_ja: n.ja, name_zh: n.zh })))).execute();
  for (const [child, parent] of Object.entries(org.parents)) {
    await trx.updateTable('departments').set({ parent_id: ids.departments.get(parent)! }).where('id', '=', ids.departments.get(child)!).execute();
  }
  await trx.insertInto('user_posts').values(org.posts.map((p) => ({
    user_id: users.get(p.user)!, department_id: ids.departments.get(p.department)!, position_code: p.position,
  }))).execute();
  for (const [user, manager] of Object.entries(org.managers)) {
    await trx.updateTable('users').set({ manager_id: users.get(manager)! }).where('id', '=', users.get(user)!).execute();
  }
}

/** Each demo company's working week, time zone and holidays (`demo-calendars.json`). */
async function seedCalendars(trx: Transaction<Database>, ids: OrgIds): Promise<void> {
  for (const [code, { calendar, time_zone }] of Object.entries(DEMO_CALENDARS.companies)) {
    const company_id = ids.companies.get(code);
    if (company_id === undefined) continue;
    await trx.insertInto('company_calendars').values({ company_id, weekend_days: JSON.stringify([0, 6]), time_zone }).execute();
    const days = calendar ? DEMO_CALENDARS.calendars[calendar] ?? [] : [];
    if (days.length) {
      await trx.insertInto('holidays').values(days.map(([date, en, ja, zh, working]) => ({
        company_id, date, name: en, name_ja: ja, name_zh: zh, working: working === true,
      }))).execute();
    }
  }
}

/** Saved approvers for every user and module (mandatory steps only), plus user settings. */
async function seedApprovers(trx: Transaction<Database>, users: Map<string, number>): Promise<void> {
  const steps = await trx.selectFrom('master_processes')
    .innerJoin('processes', 'processes.id', 'master_processes.process_id')
    .select(['master_processes.id', 'master_processes.module_code', 'master_processes.optional', 'processes.code'])
    .where('master_processes.retired_at', 'is', null)
    .execute();
  const defaults = new Map(Object.entries(DEMO_DEFAULT_APPROVERS));
  const rows = [...users.entries()].flatMap(([email, user_id]) => steps.flatMap((step) => {
    let approver = defaults.get(step.code);
    if (step.optional || !approver) return [];
    // Nobody approves their own request at the first step: the manager of the manager is approver2.
    if (approver === email && step.code === 'p-manager') approver = 'approver2@example.com';
    return [{ user_id, module_code: step.module_code, master_process_id: step.id, approver_id: users.get(approver)! }];
  }));
  await trx.insertInto('saved_approvers').values(rows).execute();
  const types = await trx.selectFrom('setting_types').select(['id', 'code']).execute();
  const settings = [...users.values()].flatMap((user_id) => types.map((type) => ({
    user_id, setting_type_id: type.id,
    approver_id: DEMO_USER_SETTINGS[type.code] ? users.get(DEMO_USER_SETTINGS[type.code])! : null,
  })));
  await trx.insertInto('user_settings').values(settings).execute();
}
