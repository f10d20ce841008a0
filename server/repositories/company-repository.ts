import type { KeyTerm } from '../lib/keyset';
import { sql, type Kysely } from 'kysely';
import type { Lang } from '../../src/engine';
import type { Database } from '../db/database';
import { localizedName } from '../lib/localized-name';
import { likePattern } from '../lib/paging';

/** Filters of the company lists. */
export interface CompanyFilter {
  name?: string;
  /** true: only group companies; false: only external ones; undefined: all. */
  group?: boolean;
}

/** Companies matching a filter, before columns are chosen (count and page share it). */
export function companiesQuery(db: Kysely<Database>, filter: CompanyFilter) {
  let query = db.selectFrom('companies');
  if (filter.group !== undefined) query = query.where('companies.is_group', '=', filter.group);
  if (filter.name) {
    const pattern = likePattern(filter.name);
    query = query.where((eb) => eb.or([
      eb('companies.name', 'ilike', pattern), eb('companies.name_ja', 'ilike', pattern),
      eb('companies.name_zh', 'ilike', pattern), eb('companies.code', 'ilike', pattern),
    ]));
  }
  return query;
}

/** The columns of a company in lists (spec 000 §3 "Company" without its departments/locations). */
export function companyColumns<Q extends ReturnType<typeof companiesQuery>>(query: Q, lang: Lang) {
  return query.select([
    'companies.id', 'companies.code', 'companies.initial_name', 'companies.is_group',
    localizedName(lang, 'companies').as('name'),
    sql<number>`(select count(*)::int from users u where u.company_id = companies.id and not u.disabled)`.as('colleague_count'),
    sql<number>`(select count(*)::int from company_bank_accounts b where b.company_id = companies.id and b.retired_at is null)`.as('count_company_bank_accounts'),
  ]);
}

/** The company lists' order (group companies first), keyset terms (server/lib/keyset-paginate.ts). */
export const COMPANY_ORDER: KeyTerm[] = [
  { key: 'group', column: 'companies.is_group', direction: 'desc', type: 'boolean' },
  { key: 'company', column: 'companies.id', direction: 'asc', type: 'integer' },
];

/** One company with its departments and locations, or undefined. */
export async function findCompany(db: Kysely<Database>, id: number, lang: Lang) {
  const company = await companyColumns(companiesQuery(db, {}).where('companies.id', '=', id), lang).executeTakeFirst();
  if (!company) return undefined;
  const departments = await db.selectFrom('departments').select(['id', localizedName(lang, 'departments').as('name')])
    .where('company_id', '=', id).orderBy('id').execute();
  const locations = await db.selectFrom('locations').select(['id', 'address']).where('company_id', '=', id).orderBy('id').execute();
  const { fiscal_year_start } = await db.selectFrom('companies').select('fiscal_year_start').where('id', '=', id).executeTakeFirstOrThrow();
  return { ...company, fiscal_year_start, departments, locations };
}

/** The id of an existing company, or undefined (sub-collections answer 404 for an unknown company). */
export async function findCompanyId(db: Kysely<Database>, id: number): Promise<{ id: number } | undefined> {
  return db.selectFrom('companies').select('id').where('id', '=', id).executeTakeFirst();
}

/** The columns of a company bank account, with its company's id and name. */
export function bankAccountQuery(db: Kysely<Database>) {
  return db.selectFrom('company_bank_accounts')
    .innerJoin('companies', 'companies.id', 'company_bank_accounts.company_id');
}

export function bankAccountColumns<Q extends ReturnType<typeof bankAccountQuery>>(query: Q, lang: Lang) {
  return query.select([
    'company_bank_accounts.id', 'company_bank_accounts.company_id', 'company_bank_accounts.bank_name',
    'company_bank_accounts.branch', 'company_bank_accounts.number', 'company_bank_accounts.type',
    sql<{ id: number; name: string; code: string }>`json_build_object('id', companies.id, 'name', ${localizedName(lang, 'companies')}, 'code', companies.code)`.as('company'),
  ]);
}

/** The bank account lists' order (by company, then id), keyset terms. */
export const BANK_ACCOUNT_ORDER: KeyTerm[] = [
  { key: 'company', column: 'company_bank_accounts.company_id', direction: 'asc', type: 'integer' },
  { key: 'account', column: 'company_bank_accounts.id', direction: 'asc', type: 'integer' },
];
