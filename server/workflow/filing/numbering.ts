import { sql, type Kysely } from 'kysely';
import { fiscalYearOf, localDate, numberAround, type CompiledModule } from '../../../src/engine';
import type { Database } from '../../db/database';
import { DEFAULT_TIME_ZONE } from '../../repositories/calendar-repository';

/** The two numbers of `ui:module.numbering`. */
export type NumberKind = 'application' | 'decision';

const COLUMN: Record<NumberKind, 'application_number' | 'decision_number'> = { application: 'application_number', decision: 'decision_number' };

/**
 * Gives document `documentId` its numbers of `kinds` from its module's rules and writes them on its
 * row, in ONE statement inside the caller's transaction (issue #36 item 1): for each number the
 * company's counter row of this fiscal year is incremented — or created at 1 — by an `insert … on
 * conflict do update … returning` part of the statement, so concurrent transactions on any instance
 * wait on that row and each gets the next value, and a transaction that rolls back gives its value
 * back (no gap, no duplicate); the row's update writes the text around the value (`numberAround`).
 * The fiscal year is the company's (`companies.fiscal_year_start`), on the day it is in the
 * company's time zone (its calendar). A kind the module does not number is left out of the answer
 * and of the row; nothing is written when it numbers none of them.
 */
export async function giveNumbers(
  trx: Kysely<Database>, module: CompiledModule | null | undefined, kinds: NumberKind[], companyId: number | null, documentId: number,
  now: Date = new Date(), known?: NumberingCompany,
): Promise<Partial<Record<NumberKind, string>>> {
  const ruled = kinds.flatMap((kind) => (module?.meta.numbering?.[kind] ? [{ kind, rule: module.meta.numbering[kind]! }] : []));
  if (!module || !ruled.length) return {};
  const company = known ?? await numberingCompany(trx, companyId);
  const day = localDate(now, company?.time_zone ?? DEFAULT_TIME_ZONE);
  const fiscalYear = fiscalYearOf(day, company?.fiscal_year_start ?? '01-01');
  const values = {
    companyCode: company?.code ?? '', fiscalYear, year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)),
    moduleCode: module.meta.codePrefix ?? module.code.toUpperCase(),
  };
  const counters = ruled.map(({ kind, rule }) => sql`${sql.id(`n_${kind}`)} as (
    insert into numbering_counters (kind, company_id, scope, fiscal_year, last_value)
    values (${kind}, ${companyId ?? 0}, ${rule.sequence === 'shared' ? '*' : module.code}, ${fiscalYear}, 1)
    on conflict (kind, company_id, scope, fiscal_year) do update set last_value = numbering_counters.last_value + 1, updated_at = now()
    returning last_value)`);
  const columns = ruled.map(({ kind, rule }) => {
    const { before, width, after } = numberAround(rule.format, values);
    // Padded to the width, never cut: a longer sequence is written in full.
    const text = sql`(select ${before} || lpad(last_value::text, greatest(${width}::integer, length(last_value::text)), '0') || ${after} from ${sql.id(`n_${kind}`)})`;
    return sql`${sql.id(COLUMN[kind])} = ${text}`;
  });
  const { rows } = await sql<Record<'application_number' | 'decision_number', string | null>>`with ${sql.join(counters)}
    update buffers set ${sql.join(columns)} where id = ${documentId} returning application_number, decision_number`.execute(trx);
  return Object.fromEntries(ruled.map(({ kind }) => [kind, rows[0]?.[COLUMN[kind]] ?? undefined]).filter(([, v]) => v !== undefined));
}

/** What a number's format and fiscal year take from the company (undefined without one). */
export type NumberingCompany = { code: string; fiscal_year_start: string | null; time_zone: string | null } | undefined;

/**
 * The company's code, fiscal year start and time zone for `giveNumbers`, read before the number is
 * taken: from the counter's row on, until the commit, other filings of the module wait for it.
 */
export async function numberingCompany(trx: Kysely<Database>, companyId: number | null): Promise<NumberingCompany> {
  return companyId === null ? undefined : trx.selectFrom('companies')
    .leftJoin('company_calendars', 'company_calendars.company_id', 'companies.id')
    .select(['companies.code', 'companies.fiscal_year_start', 'company_calendars.time_zone'])
    .where('companies.id', '=', companyId).executeTakeFirst();
}
