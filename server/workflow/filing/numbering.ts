import { sql, type Kysely } from 'kysely';
import { fiscalYearOf, formatNumber, localDate, type CompiledModule } from '../../../src/engine';
import type { Database } from '../../db/database';
import { DEFAULT_TIME_ZONE } from '../../repositories/calendar-repository';

/** The two numbers of `ui:module.numbering`. */
export type NumberKind = 'application' | 'decision';

/**
 * Gives the document's `kind` number from its module's rule, inside the caller's transaction
 * (issue #36 item 1): the company's counter row for this fiscal year is incremented — or created
 * at 1 — by one `insert … on conflict do update … returning` statement, so concurrent
 * transactions on any instance wait on that row and each gets the next value, and a transaction
 * that rolls back gives its value back (no gap, no duplicate). The fiscal year is the company's
 * (`companies.fiscal_year_start`), on the day it is in the company's time zone (its calendar).
 * Null when the module numbers no such kind.
 */
export async function giveNumber(
  trx: Kysely<Database>, module: CompiledModule | null | undefined, kind: NumberKind, companyId: number | null, now: Date = new Date(),
  known?: NumberingCompany,
): Promise<string | null> {
  const rule = module?.meta.numbering?.[kind];
  if (!module || !rule) return null;
  const company = known ?? await numberingCompany(trx, companyId);
  const day = localDate(now, company?.time_zone ?? DEFAULT_TIME_ZONE);
  const fiscalYear = fiscalYearOf(day, company?.fiscal_year_start ?? '01-01');
  const scope = rule.sequence === 'shared' ? '*' : module.code;
  const { last_value: sequence } = await trx.insertInto('numbering_counters')
    .values({ kind, company_id: companyId ?? 0, scope, fiscal_year: fiscalYear, last_value: 1 })
    .onConflict((oc) => oc.columns(['kind', 'company_id', 'scope', 'fiscal_year'])
      .doUpdateSet({ last_value: sql<number>`numbering_counters.last_value + 1`, updated_at: new Date() }))
    .returning('last_value')
    .executeTakeFirstOrThrow();
  return formatNumber(rule.format, {
    companyCode: company?.code ?? '', fiscalYear, year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)),
    moduleCode: module.meta.codePrefix ?? module.code.toUpperCase(), sequence,
  });
}

/** What a number's format and fiscal year take from the company (undefined without one). */
export type NumberingCompany = { code: string; fiscal_year_start: string | null; time_zone: string | null } | undefined;

/**
 * The company's code, fiscal year start and time zone for `giveNumber`, read before the number is
 * taken: from the counter's row on, until the commit, other filings of the module wait for it.
 */
export async function numberingCompany(trx: Kysely<Database>, companyId: number | null): Promise<NumberingCompany> {
  return companyId === null ? undefined : trx.selectFrom('companies')
    .leftJoin('company_calendars', 'company_calendars.company_id', 'companies.id')
    .select(['companies.code', 'companies.fiscal_year_start', 'company_calendars.time_zone'])
    .where('companies.id', '=', companyId).executeTakeFirst();
}
