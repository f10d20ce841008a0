import { likePattern } from '../lib/paging';
import { companyScope } from './access';
import type { StatisticsContext } from './statistics-context';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';

/**
 * The companies a search covers: the user's scope narrowed by `companyName` (a company id, or
 * text matched against the company's names in every language). Null = every company; an empty
 * list = none matches.
 */
export async function searchCompanies(db: Kysely<Database>, ctx: StatisticsContext, companyName: string | undefined): Promise<number[] | null> {
  const value = companyName?.trim() ?? '';
  if (/^\d{1,9}$/.test(value)) return companyScope(ctx, Number(value));
  const scope = companyScope(ctx);
  if (value === '') return scope;
  const pattern = likePattern(value);
  let query = db.selectFrom('companies').select('id')
    .where((eb) => eb.or([eb('name', 'ilike', pattern), eb('name_ja', 'ilike', pattern), eb('name_zh', 'ilike', pattern), eb('code', 'ilike', pattern)]));
  if (scope) query = query.where('id', 'in', scope);
  return (await query.execute()).map((row) => row.id);
}
