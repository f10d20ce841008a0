import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Lang } from '../../../src/engine';
import type { Database } from '../../db/database';
import { found } from '../../lib/found';
import { badRequest } from '../../lib/errors';
import { collectionSchema, lookupErrors } from '../../lib/http-schemas';
import { localizedName } from '../../lib/localized-name';
import { collectionOf, likePattern, paginate } from '../../lib/paging';
import { ExpenseAccount, ExpenseAccountFilters, ExpenseAccountQuery } from '../../../src/wire/organisation';
import { IdParams } from '../../../src/wire/common';

function filtered(db: Kysely<Database>, { moduleCode, companyId, name }: ExpenseAccountFilters) {
  // Retired accounts (a completed delete) stay readable by id for the documents that name them.
  let query = db.selectFrom('expense_accounts').where('retired_at', 'is', null);
  if (moduleCode) query = query.where('module_type', '=', moduleCode);
  if (companyId) query = query.where('company_id', '=', companyId);
  if (name) {
    const pattern = likePattern(name);
    query = query.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('name_jp', 'ilike', pattern), eb('name_zh', 'ilike', pattern), eb('code', 'ilike', pattern)]));
  }
  return query;
}

const columns = (lang: Lang) => [
  'id', 'code', 'name', 'name_jp', 'name_zh', 'company_id', 'module_type', 'is_transportation',
  localizedName(lang, 'expense_accounts', 'name_jp').as('label'),
] as const;

/**
 * Expense accounts (spec 001 §7): paged and filtered, all at once, and one by id. `moduleCode`
 * must name a module whose definition has `ui:module.expenseAccounts` (400 otherwise).
 */
const expenseAccounts: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('preHandler', async (request) => {
    const code = (request.query as ExpenseAccountFilters | undefined)?.moduleCode;
    if (code === undefined) return;
    const { modules } = request.definitions;
    const module = Object.hasOwn(modules, code) ? modules[code] : undefined;
    if (module?.kind !== 'module' || module.meta.expenseAccounts !== true) throw badRequest(request.t('server.expenseAccounts.unknownModule', { code }));
  });

  app.get<{ Querystring: ExpenseAccountQuery }>('/expense_accounts', {
    schema: { querystring: ExpenseAccountQuery, response: { 200: collectionSchema(ExpenseAccount), ...lookupErrors } },
  }, async (request) => paginate(filtered(app.db, request.query),
    (q) => q.select(columns(request.lang)).orderBy('company_id').orderBy('module_type').orderBy('id'), request.query));

  app.get<{ Querystring: ExpenseAccountFilters }>('/expense_accounts_all', {
    schema: { querystring: ExpenseAccountFilters, response: { 200: collectionSchema(ExpenseAccount), ...lookupErrors } },
  }, async (request) => collectionOf(await filtered(app.db, request.query).select(columns(request.lang))
    .orderBy('company_id').orderBy('module_type').orderBy('id').execute()));

  app.get<{ Params: IdParams }>('/expense_accounts/:id', {
    schema: { params: IdParams, response: { 200: ExpenseAccount, ...lookupErrors } },
  }, async (request) => found(await app.db.selectFrom('expense_accounts').select(columns(request.lang))
    .where('id', '=', request.params.id).executeTakeFirst(), request.t, 'expenseAccount'));
};

export default expenseAccounts;
