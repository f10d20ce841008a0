import type { FastifyPluginAsync } from 'fastify';
import type { DefinitionSet, Lang } from '../../../src/engine';
import { found } from '../../lib/found';
import { collectionSchema, lookupErrors } from '../../lib/http-schemas';
import type { Collection } from '../../lib/paging';
import { localizedName } from '../../lib/localized-name';
import { collectionOf, likePattern } from '../../lib/paging';
import { CodeListQuery, CodeName, ContractItemType, ContractItemTypesParams, Currency, SmallListQuery } from '../../../src/wire/masters';
import { IdParams } from '../../../src/wire/common';

/**
 * The module whose contract item types a path names: a module with `ui:module.contractItemTypes`,
 * by its code or its `alias` (`supplier`, `customer`).
 */
function contractTypeModule(definitions: DefinitionSet, name: string): string | undefined {
  return Object.values(definitions.modules)
    .find((m) => m.kind === 'module' && m.meta.contractItemTypes && (m.code === name || m.meta.contractItemTypes.alias === name))?.code;
}

/** The small code lists: table, path and entity name for the 404 message. */
const CODE_LISTS = [
  { table: 'contract_frequencies', path: '/contract_frequencies', entity: 'contractFrequency' },
  { table: 'corporate_seal_types', path: '/corporate_seal_types', entity: 'corporateSealType' },
  { table: 'collection_sales_evidence_types', path: '/collection_sales_evidence_types', entity: 'evidenceType' },
] as const;

/**
 * Read-only master data: currencies, setting types, contract item types and the small code
 * lists (frequencies, seal types, evidence types). `name` is in the request's language.
 */
const masters: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get<{ Querystring: SmallListQuery }>('/currencies', {
    schema: { querystring: SmallListQuery, response: { 200: collectionSchema(Currency), ...lookupErrors } },
  }, async (request): Promise<Collection<Currency>> => collectionOf(await app.db.selectFrom('currencies')
    .select(['id', 'code', 'decimals', localizedName(request.lang, 'currencies').as('name')]).orderBy('id').execute(), request.query));

  app.get<{ Params: IdParams }>('/currencies/:id', {
    schema: { params: IdParams, response: { 200: Currency, ...lookupErrors } },
  }, async (request): Promise<Currency> => found(await app.db.selectFrom('currencies')
    .select(['id', 'code', 'decimals', localizedName(request.lang, 'currencies').as('name')])
    .where('id', '=', request.params.id).executeTakeFirst(), request.t, 'currency'));

  app.get<{ Querystring: SmallListQuery }>('/setting_types', {
    schema: { querystring: SmallListQuery, response: { 200: collectionSchema(CodeName), ...lookupErrors } },
  }, async (request): Promise<Collection<CodeName>> => collectionOf(await app.db.selectFrom('setting_types')
    .select(['id', 'code', localizedName(request.lang, 'setting_types').as('name')]).orderBy('id').execute(), request.query));

  const contractTypeColumns = (lang: Lang) =>
    ['id', 'code', 'module', localizedName(lang, 'contract_item_types').as('name')] as const;

  app.get<{ Params: ContractItemTypesParams; Querystring: SmallListQuery }>('/contract_item_types/module/:module', {
    schema: {
      params: ContractItemTypesParams,
      querystring: SmallListQuery,
      response: { 200: collectionSchema(ContractItemType), ...lookupErrors },
    },
  }, async (request): Promise<Collection<ContractItemType>> => {
    const module = found(contractTypeModule(request.definitions, request.params.module), request.t, 'module');
    return collectionOf(await app.db.selectFrom('contract_item_types').select(contractTypeColumns(request.lang))
      .where('module', '=', module).orderBy('position').execute(), request.query);
  });

  app.get<{ Params: IdParams }>('/contract_item_types/:id', {
    schema: { params: IdParams, response: { 200: ContractItemType, ...lookupErrors } },
  }, async (request): Promise<ContractItemType> => found(await app.db.selectFrom('contract_item_types').select(contractTypeColumns(request.lang))
    .where('id', '=', request.params.id).executeTakeFirst(), request.t, 'contractItemType'));

  for (const list of CODE_LISTS) {
    app.get<{ Querystring: CodeListQuery }>(list.path, {
      schema: {
        querystring: CodeListQuery,
        response: { 200: collectionSchema(CodeName), ...lookupErrors },
      },
    }, async (request): Promise<Collection<CodeName>> => {
      let query = app.db.selectFrom(list.table).select(['id', 'code', localizedName(request.lang, list.table).as('name')]);
      if (request.query.name) {
        const pattern = likePattern(request.query.name);
        query = query.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('name_ja', 'ilike', pattern), eb('name_zh', 'ilike', pattern)]));
      }
      return collectionOf(await query.orderBy('position').orderBy('id').execute(), request.query);
    });

    app.get<{ Params: IdParams }>(`${list.path}/:id`, {
      schema: { params: IdParams, response: { 200: CodeName, ...lookupErrors } },
    }, async (request): Promise<CodeName> => found(await app.db.selectFrom(list.table)
      .select(['id', 'code', localizedName(request.lang, list.table).as('name')])
      .where('id', '=', request.params.id).executeTakeFirst(), request.t, list.entity));
  }
};

export default masters;
