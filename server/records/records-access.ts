import { sql, type Kysely, type SqlBool } from 'kysely';
import { forbidden } from '../lib/errors';
import { mayUseArea, seesAllCompanies } from '../statistics/access';
import type { StatisticsContext } from '../statistics/statistics-context';
import type { Database } from '../db/database';

/**
 * The setting type (spec 000 §6 "User settings flags": Company Internal Auditor) whose approver
 * audits the user who has it: organisation data like the other setting types, not a module.
 */
export const INTERNAL_AUDITOR_SETTING = 'company-internal-auditor';

/** The companies of the users who name this user as their Company Internal Auditor. */
async function auditedCompanies(db: Kysely<Database>, ctx: StatisticsContext): Promise<number[]> {
  const rows = await sql<{ company_id: number }>`
    select distinct u.company_id from user_settings s join setting_types t on t.id = s.setting_type_id
      join users u on u.id = s.user_id
    where t.code = ${INTERNAL_AUDITOR_SETTING} and s.approver_id = ${ctx.user.id} and u.company_id is not null`.execute(db);
  return rows.rows.map((r) => r.company_id);
}

/**
 * Who may search the electronic records and read their history and files: the Statistic roles
 * (authorizer, finance, treasury; spec 000 §6) and every Company Internal Auditor. The companies
 * covered: all for a group admin; else the user's own company (Statistic roles) and the
 * companies of the users they audit. Naming a company outside that is a 403 with a message, as
 * elsewhere in the Statistic area; no role at all is a 403 too.
 */
export async function recordsScope(db: Kysely<Database>, ctx: StatisticsContext, requested?: number): Promise<number[] | null> {
  const user = ctx.user;
  const statistic = mayUseArea(user, 'statistic');
  const audited = await auditedCompanies(db, ctx);
  if (!statistic && !audited.length) throw forbidden(ctx.t('server.records.forbidden'));
  if (statistic && seesAllCompanies(user)) return requested === undefined ? null : [requested];
  const allowed = [...new Set([...(statistic && user.company_id !== null ? [user.company_id] : []), ...audited])];
  if (!allowed.length) throw forbidden(ctx.t('server.statistics.noCompany'));
  if (requested !== undefined) {
    if (!allowed.includes(requested)) throw forbidden(ctx.t('server.records.otherCompany'));
    return [requested];
  }
  return allowed;
}

/** Whether the user may open the records area at all (for a 404 instead of a 403 on single reads). */
export async function mayUseRecords(db: Kysely<Database>, ctx: StatisticsContext): Promise<boolean> {
  return recordsScope(db, ctx).then(() => true, () => false);
}

/** `records.company_keys` within the scope (null = every company): GIN-indexed overlap. */
export function recordsInCompanies(companies: number[] | null, alias = 'r') {
  if (companies === null) return sql<boolean>`true`;
  return sql<boolean>`${sql.ref(`${alias}.company_keys`)} && ${`{${companies.join(',')}}`}::text[]`;
}

/** Documents (over `buffers b`) whose companies are in the scope: their statistics row's keys (GIN). */
export const documentsIn = (companies: number[] | null) => (companies === null ? sql<SqlBool>`true`
  : sql<SqlBool>`exists (select 1 from buffer_stats s where s.buffer_id = b.id and s.company_keys && ${`{${companies.join(',')}}`}::text[])`);
