import type { FastifyRequest } from 'fastify';
import { likePattern } from '../lib/paging';
import { companyScope } from './access';

/**
 * The companies a search covers: the user's scope narrowed by `companyName` (a company id, or
 * text matched against the company's names in every language). Null = every company; an empty
 * list = none matches.
 */
export async function searchCompanies(request: FastifyRequest, companyName: string | undefined): Promise<number[] | null> {
  const value = companyName?.trim() ?? '';
  if (/^\d{1,9}$/.test(value)) return companyScope(request, Number(value));
  const scope = companyScope(request);
  if (value === '') return scope;
  const pattern = likePattern(value);
  let query = request.server.db.selectFrom('companies').select('id')
    .where((eb) => eb.or([eb('name', 'ilike', pattern), eb('name_ja', 'ilike', pattern), eb('name_zh', 'ilike', pattern), eb('code', 'ilike', pattern)]));
  if (scope) query = query.where('id', 'in', scope);
  return (await query.execute()).map((row) => row.id);
}
