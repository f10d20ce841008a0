import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { DocumentStatus, type CompiledModule, type DefinitionSet, type Lang, type RelatedAs } from '../../../src/engine';
import type { Database } from '../../db/database';
import { collectionSchema, lookupErrors } from '../../lib/http-schemas';
import { keysetPaginate } from '../../repositories/keyset-paginate';
import type { KeyTerm } from '../../lib/keyset';
import { localizedName } from '../../lib/localized-name';
import { likePattern, paginate, type Collection } from '../../lib/paging';
import { badRequest, notFound } from '../../lib/errors';
import { visibleTo } from '../../workflow/core/visibility';
import { canSeeRelated } from './related-visibility';
import { inStatisticScope } from '../../statistics/scope-checks';
import { statisticsContext } from '../request-context';
import { amountOf, counterpartyOf, memberItems, memberValue, moduleDataInt, numberOf, supplierAccountOf, textOf } from './related-shapes';
import {
  RelatedContract, RelatedContractCollection, RelatedContractQuery, RelatedPurchase, RelatedPurchaseCollection, RelatedPurchaseDetail, RelatedPurchaseQuery,
  SupplierAccount, SupplierAccountQuery,
} from '../../../src/wire/related';
import { IdParams } from '../../../src/wire/common';

/** An OpenAPI description for a route schema (FastifySchema does not declare the keyword). */
const doc = (description: string) => ({ description });
/**
 * The document pickers' order, newest first (keyset: `cursor`/`nextCursor`, count capped at
 * PICKER_COUNT_CAP; server/lib/keyset-paginate.ts).
 */
const NEWEST_FIRST: KeyTerm[] = [
  { key: 'createdAt', column: 'buffers.created_at', direction: 'desc', type: 'timestamptz' },
  { key: 'document', column: 'buffers.id', direction: 'desc', type: 'integer' },
];
/** On process or completed: a rejected or withdrawn document is not a basis for another one. */
const USABLE_STATUSES = [DocumentStatus.ON_PROCESS, DocumentStatus.COMPLETED];

/** The modules a related-approval list serves (`ui:module.relatedAs.list`), by code. */
function listedModules(definitions: DefinitionSet, list: RelatedAs['list']): CompiledModule[] {
  return Object.values(definitions.modules).filter((m) => m.kind === 'module' && m.meta.relatedAs?.list === list)
    .sort((a, b) => a.code.localeCompare(b.code));
}

/** Code, stamp number, or any of the modules' `relatedAs.search` fields matches. */
function searchCondition(modules: CompiledModule[], search: string) {
  const pattern = likePattern(search);
  const fields = [...new Set(modules.flatMap((m) => m.meta.relatedAs?.search ?? []))];
  return (eb: ExpressionBuilder<Database & { buffers: Database['buffers'] }, 'buffers'>) => eb.or([
    eb('buffers.code', 'ilike', pattern), eb('buffers.stamp_no', 'ilike', pattern),
    ...fields.map((field) => eb(sql`buffers.data #>> ${field.split('.')}::text[]`, 'ilike', pattern)),
  ]);
}

interface Row {
  id: number;
  code: string;
  stamp_no: string | null;
  status: number;
  module_code: string;
  data: Record<string, unknown>;
  currency_id: number | null;
  currency_code: string | null;
  type_code: string | null;
  type_name: string | null;
}

/**
 * Documents of some modules with their currency (each module's `currencyField`) and contract
 * item type (its `relatedAs.itemType`), joined by the ids in their data.
 */
function documents(db: Kysely<Database>, modules: CompiledModule[], lang: Lang) {
  return db.selectFrom('buffers')
    .leftJoin('currencies', (join) => join.on(sql`currencies.id`, '=', moduleDataInt(modules, (m) => m.meta.currencyField ?? 'currency_id')))
    .leftJoin('contract_item_types', (join) => join.on(sql`contract_item_types.id`, '=', moduleDataInt(modules, (m) => m.meta.relatedAs?.itemType)))
    // No module serving the list: nothing matches (an empty `in ()` is not SQL).
    .where('buffers.module_code', 'in', modules.length ? modules.map((m) => m.code) : [''])
    .select(['buffers.id', 'buffers.code', 'buffers.stamp_no', 'buffers.status', 'buffers.module_code', 'buffers.data',
      'currencies.id as currency_id', 'currencies.code as currency_code', 'contract_item_types.code as type_code',
      sql<string | null>`${localizedName(lang, 'contract_item_types')}`.as('type_name')]);
}

/** The module of each listed code (the members read the fields its `relatedAs` names). */
const byCode = (modules: CompiledModule[]) => new Map(modules.map((m) => [m.code, m]));

/** A purchases member: the fields `relatedAs.fields` maps, the item list with its `relatedAs.items`. */
function purchaseOf(row: Row, module: CompiledModule | undefined): RelatedPurchase {
  return {
    id: row.id, code: row.code, stamp_no: row.stamp_no, status: row.status, currency_id: row.currency_id, currency_code: row.currency_code,
    counterparty: counterpartyOf(module, row.data), amount: amountOf(module, row.data),
    total_estimated: numberOf(memberValue(module, row.data, 'total_estimated')), purchase_goods: memberItems(module, row.data, 'purchase_goods'),
  };
}

/** A contracts member: names from `relatedAs.fields`, the account from `relatedAs.accounts`, the type from `relatedAs.itemType`. */
function contractOf(row: Row, module: CompiledModule | undefined): RelatedContract {
  const text = (member: string) => textOf(memberValue(module, row.data, member));
  return {
    id: row.id, code: row.code, stamp_no: row.stamp_no, status: row.status, currency: row.currency_code, currency_id: row.currency_id,
    counterparty: counterpartyOf(module, row.data), amount: amountOf(module, row.data),
    data: row.data, module: row.module_code, type: row.type_code, contract_name: text('contract_name'), contract_full_name: text('contract_full_name'),
    supplier_full_name: text('supplier_full_name'), supplier_account: supplierAccountOf(module, row.data),
    contract_item_type: row.type_code ? { code: row.type_code, name: row.type_name ?? row.type_code } : null,
  };
}

/**
 * Related approvals (spec 001 §2 "Related approval picker", §3, §7): purchases for a
 * reimbursement, contracts for a payment or a collection, and the supplier accounts of earlier
 * supplier contracts. Which modules each list serves, what its search matches and which field
 * holds the accounts are the definitions' `ui:module.relatedAs`. Only documents the user may see
 * (see README.md).
 */
const related: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const gone = (lang: (key: string, v?: Record<string, unknown>) => string, what: string) =>
    notFound(lang('server.errors.notFound', { what: lang(`server.related.${what}`) }));
  // Who may read one related document: whoever sees it or a document referencing it, and a document-search
  // reader (the Statistic scope) whose companies hold it — it opens the documents that name it there.
  const mayReadRelated = async (request: FastifyRequest, id: number) =>
    (await canSeeRelated(app.db, id, request.user.id)) || inStatisticScope(app.db, statisticsContext(request), id).catch(() => false);

  app.get<{ Querystring: RelatedPurchaseQuery }>('/purchases/list', {
    schema: {
      ...doc('The signed-in user\'s own purchases on process or completed (usable for a reimbursement), newest first; `search` matches the code, '
        + 'stamp number and the fields the modules\' `ui:module.relatedAs.search` name.'),
      querystring: RelatedPurchaseQuery, response: { 200: RelatedPurchaseCollection, ...lookupErrors },
    },
  }, async (request): Promise<RelatedPurchaseCollection> => {
    const modules = listedModules(request.definitions, 'purchases');
    const moduleOf = byCode(modules);
    let query = documents(app.db, modules, request.lang)
      .where('buffers.requester_id', '=', request.user.id).where('buffers.status', 'in', USABLE_STATUSES);
    if (request.query.search) query = query.where(searchCondition(modules, request.query.search));
    const page = await keysetPaginate(app.db, query.clearSelect(), () => query as never, NEWEST_FIRST, request.query);
    return { ...page, 'hydra:member': (page['hydra:member'] as unknown as Row[]).map((row) => purchaseOf(row, moduleOf.get(row.module_code))) };
  });

  app.get<{ Params: IdParams }>('/purchases/:id', {
    schema: { ...doc('One purchase as a related approval, with its data; 404 unless the user may see it (it or a document referencing it, or it is in their Statistic scope).'), params: IdParams, response: { 200: RelatedPurchaseDetail, ...lookupErrors } },
  }, async (request): Promise<RelatedPurchaseDetail> => {
    const modules = listedModules(request.definitions, 'purchases');
    const row = await documents(app.db, modules, request.lang).where('buffers.id', '=', request.params.id).executeTakeFirst() as Row | undefined;
    if (!row || !(await mayReadRelated(request, row.id))) throw gone(request.t, 'purchases');
    return { ...purchaseOf(row, byCode(modules).get(row.module_code)), data: row.data };
  });

  app.get<{ Querystring: RelatedContractQuery }>('/contracts/list', {
    schema: {
      ...doc('Contracts of one module (`module`, a module whose `ui:module.relatedAs.list` is `contracts`; all of them when omitted) on process or completed '
        + 'that the user may see, newest first; `search` matches code, stamp number and the modules\' `relatedAs.search` fields (contract and supplier full name).'),
      querystring: RelatedContractQuery, response: { 200: RelatedContractCollection, ...lookupErrors },
    },
  }, async (request): Promise<RelatedContractCollection> => {
    const { search, module } = request.query;
    const all = listedModules(request.definitions, 'contracts');
    const modules = module === undefined ? all : all.filter((m) => m.code === module);
    if (module !== undefined && !modules.length) throw badRequest(request.t('server.related.unknownSource', { code: module }));
    const moduleOf = byCode(modules);
    let query = documents(app.db, modules, request.lang)
      .where(visibleTo(request.user.id)).where('buffers.status', 'in', USABLE_STATUSES);
    if (search) query = query.where(searchCondition(modules, search));
    const page = await keysetPaginate(app.db, query.clearSelect(), () => query as never, NEWEST_FIRST, request.query);
    return { ...page, 'hydra:member': (page['hydra:member'] as unknown as Row[]).map((row) => contractOf(row, moduleOf.get(row.module_code))) };
  });

  app.get<{ Params: IdParams }>('/contracts/:id', {
    schema: { ...doc('One supplier or customer contract as a related approval; 404 unless the user may see it (it or a document referencing it, or it is in their Statistic scope).'), params: IdParams, response: { 200: RelatedContract, ...lookupErrors } },
  }, async (request): Promise<RelatedContract> => {
    const modules = listedModules(request.definitions, 'contracts');
    const row = await documents(app.db, modules, request.lang).where('buffers.id', '=', request.params.id).executeTakeFirst() as Row | undefined;
    if (!row || !(await mayReadRelated(request, row.id))) throw gone(request.t, 'contracts');
    return contractOf(row, byCode(modules).get(row.module_code));
  });

  app.get<{ Querystring: SupplierAccountQuery }>('/distinct_contract_supplier_accounts', {
    schema: {
      ...doc('Distinct supplier accounts `{name, no, bankName, branchName}` of supplier contracts the user may see (the object field named by '
        + '`ui:module.relatedAs.accounts` of the contract modules); `search` matches any of the four.'),
      querystring: SupplierAccountQuery, response: { 200: collectionSchema(SupplierAccount), ...lookupErrors },
    },
  }, async (request): Promise<Collection<SupplierAccount>> => {
    const sources = listedModules(request.definitions, 'contracts').filter((m) => m.meta.relatedAs?.accounts);
    // One account field per module: `buffers.data -> <that module's field>`.
    const accountOf = sources.length
      ? sql`(case ${sql.join(sources.map((m) => sql`when buffers.module_code = ${m.code} then buffers.data #> ${m.meta.relatedAs!.accounts!.split('.')}::text[]`), sql` `)} end)`
      : sql`null::jsonb`;
    const field = (key: string) => sql<string | null>`nullif(trim(${accountOf} ->> ${key}), '')`;
    let accounts = app.db.selectFrom('buffers')
      .where('buffers.module_code', 'in', sources.length ? sources.map((m) => m.code) : [''])
      .where(visibleTo(request.user.id))
      .where('buffers.status', 'in', USABLE_STATUSES)
      .where(sql<boolean>`jsonb_typeof(${accountOf}) = 'object'`)
      .where(sql<boolean>`coalesce(${field('name')}, ${field('no')}) is not null`)
      .select([field('name').as('name'), field('no').as('no'), field('bank_name').as('bankName'), field('branch_name').as('branchName'), field('registration_no').as('registration_no')])
      .distinct();
    if (request.query.search) {
      const pattern = likePattern(request.query.search);
      accounts = accounts.where((eb) => eb.or(['name', 'no', 'bank_name', 'branch_name'].map((k) => eb(field(k), 'ilike', pattern))));
    }
    const sub = app.db.selectFrom(accounts.as('accounts'));
    return paginate(sub, (q) => q.selectAll().orderBy('name').orderBy('no').orderBy('bankName').orderBy('branchName').orderBy('registration_no'), request.query);
  });
};

export default related;
