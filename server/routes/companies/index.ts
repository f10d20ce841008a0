import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { found } from '../../lib/found';
import { collectionSchema, lookupErrors, pagedCollectionSchema, summary } from '../../lib/http-schemas';
import { localizedName } from '../../lib/localized-name';
import { likePattern, paginate, type Collection } from '../../lib/paging';
import { keysetPaginate } from '../../repositories/keyset-paginate';
import type { KeyTerm } from '../../lib/keyset';
import {
  BANK_ACCOUNT_ORDER, COMPANY_ORDER, bankAccountColumns, bankAccountQuery, companiesQuery, companyColumns, findCompany, findCompanyId,
} from '../../repositories/company-repository';
import { selectUserSummary, usersByName } from '../../repositories/user-repository';
import { companyCalendarView } from '../../repositories/calendar-repository';
import { companyPositions } from '../../repositories/position-repository';
import { toApiDate } from '../../../src/engine';
import { UserSummary } from '../../../src/wire/users';
import {
  BackgroundQuery, BankAccount, BankAccountQuery, Company, CompanyBackground, CompanyBankAccountQuery, CompanyCalendar, CompanyCalendarQuery, CompanyDetail, CompanyQuery,
  Department, DepartmentDetail, ExternalCompanyQuery, Location, LocationQuery, NamePageQuery, PositionCollection, PositionsQuery,
} from '../../../src/wire/organisation';
import { IdParams } from '../../../src/wire/common';
import { registerExchangeRateRoutes } from './exchange-rates';
import { registerJournalMappingRoutes } from './journal-mapping';
import { CompanySignIn } from '../../../src/wire/sign-in';
import { signInSettingsView } from '../../auth/sso/sign-in-view';
import { assertOrganisationScope } from '../../entities/organisation-scope';
import { doc } from '../route-schemas';
import { errorResponseSchema, notFound } from '../../lib/errors';

const BY_ID = (column: string): KeyTerm[] => [{ key: 'id', column, direction: 'asc', type: 'integer' }];
const BY_NAME: KeyTerm[] = [
  { key: 'name', column: 'users.name', direction: 'asc', type: 'text' },
  { key: 'user', column: 'users.id', direction: 'asc', type: 'integer' },
];

/**
 * Organisation lookups (spec 000 §7): companies, their departments, locations and bank
 * accounts, companies with their background group (the group form's picker), and the signed-in
 * user's organisation. All need a login.
 */
const companies: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);
  registerExchangeRateRoutes(app);
  registerJournalMappingRoutes(app);

  app.get<{ Querystring: CompanyQuery }>('/companies', {
    schema: { querystring: CompanyQuery, response: { 200: pagedCollectionSchema(Company), ...lookupErrors } },
  }, async (request) => {
    const { name, byGroup: group } = request.query;
    const onlyGroup = group === '1' || group === 'true' ? true : undefined;
    return keysetPaginate(app.db, companiesQuery(app.db, { name, group: onlyGroup }), (q) => companyColumns(q, request.lang), COMPANY_ORDER, request.query);
  });

  app.get<{ Querystring: ExternalCompanyQuery }>('/companies-external', {
    schema: { querystring: ExternalCompanyQuery, response: { 200: pagedCollectionSchema(Company), ...lookupErrors } },
  }, async (request) =>
    keysetPaginate(app.db, companiesQuery(app.db, { name: request.query.name, group: false }), (q) => companyColumns(q, request.lang), COMPANY_ORDER, request.query));

  app.get<{ Querystring: BankAccountQuery }>('/companies/bank_accounts', {
    schema: { querystring: BankAccountQuery, response: { 200: pagedCollectionSchema(BankAccount), ...lookupErrors } },
  }, async (request) => {
    let query = bankAccountQuery(app.db).where('company_bank_accounts.retired_at', 'is', null);
    if (request.query.bankName) query = query.where('company_bank_accounts.bank_name', 'ilike', likePattern(request.query.bankName));
    if (request.query.companyId) query = query.where('company_bank_accounts.company_id', '=', request.query.companyId);
    return keysetPaginate(app.db, query, (q) => bankAccountColumns(q, request.lang), BANK_ACCOUNT_ORDER, request.query);
  });

  app.get<{ Params: IdParams }>('/companies/:id', {
    schema: {
      params: IdParams,
      response: { 200: CompanyDetail, ...lookupErrors },
    },
  }, async (request) => found(await findCompany(app.db, request.params.id, request.lang), request.t, 'company'));

  // The company calendar reminders and escalation count business days in: weekend days
  // (0 = Sunday … 6 = Saturday), the time zone its days are counted in, and its holidays (name in
  // the request language; `working: true` = a weekend date that is worked), optionally of one
  // year. Without a stored calendar: Saturday and Sunday off in Asia/Tokyo, no holidays. Changed
  // through the company-calendar entity module (approval); `name_en`/`name_ja`/`name_zh` are the
  // stored names a change request starts from.
  app.get<{ Params: IdParams; Querystring: CompanyCalendarQuery }>('/companies/:id/calendar', {
    schema: {
      params: IdParams,
      querystring: CompanyCalendarQuery,
      response: {
        200: CompanyCalendar,
        ...lookupErrors,
      },
    },
  }, async (request): Promise<CompanyCalendar> => {
    found(await findCompanyId(app.db, request.params.id), request.t, 'company');
    return companyCalendarView(app.db, request.params.id, request.lang, request.query.year);
  });

  // A company's positions (issue #20 item 1): code, the name in the request language and in each
  // language, the dates (`effective_from`, `retired_on`), the state today (`active`, `scheduled`:
  // starts later, `retired`) and how many posts hold it. Retired ones only with `includeRetired`.
  // Changed through the positions entity module (approval); routes name the code.
  app.get<{ Params: IdParams; Querystring: PositionsQuery }>('/companies/:id/positions', {
    schema: {
      params: IdParams,
      querystring: PositionsQuery,
      response: {
        200: PositionCollection,
        ...lookupErrors,
      },
    },
  }, async (request): Promise<PositionCollection> => {
    found(await findCompanyId(app.db, request.params.id), request.t, 'company');
    const all = request.query.includeRetired === '1' || request.query.includeRetired === 'true';
    const rows = await companyPositions(app.db, request.params.id, request.lang, toApiDate(new Date())!, all);
    return { 'hydra:member': rows, 'hydra:totalItems': rows.length };
  });

  app.get<{ Params: IdParams; Querystring: NamePageQuery }>('/companies/:id/departments', {
    schema: { params: IdParams, querystring: NamePageQuery, response: { 200: pagedCollectionSchema(Department), ...lookupErrors } },
  }, async (request) => {
    found(await findCompanyId(app.db, request.params.id), request.t, 'company');
    let query = app.db.selectFrom('departments').where('company_id', '=', request.params.id);
    if (request.query.name) {
      const pattern = likePattern(request.query.name);
      query = query.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('name_ja', 'ilike', pattern), eb('name_zh', 'ilike', pattern)]));
    }
    return keysetPaginate(app.db, query, (q) => q.select(['id', localizedName(request.lang, 'departments').as('name')]), BY_ID('departments.id'), request.query);
  });

  app.get<{ Params: IdParams; Querystring: LocationQuery }>('/companies/:id/locations', {
    schema: { params: IdParams, querystring: LocationQuery, response: { 200: pagedCollectionSchema(Location), ...lookupErrors } },
  }, async (request) => {
    found(await findCompanyId(app.db, request.params.id), request.t, 'company');
    const query = app.db.selectFrom('locations').where('company_id', '=', request.params.id);
    return keysetPaginate(app.db, query, (q) => q.select(['id', 'address']), BY_ID('locations.id'), request.query);
  });

  app.get<{ Params: IdParams }>('/companies/:id/sign_in', {
    schema: {
      ...doc('A company\'s sign-in settings in force (issue #34 item 1): method, SSO required and the break-glass admin, e-mail domains, JIT, the IdP\'s settings (of the client secret only whether one is set), the addresses to register at the IdP and, for SAML, the certificate of the company\'s request-signing SP key. For the company\'s authorizer or a group admin (403 otherwise). Changed through the sign-in entity module (approval).'),
      params: IdParams,
      response: { 200: CompanySignIn, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema },
    },
  }, async (request): Promise<CompanySignIn> => {
    const id = request.params.id;
    if (!(await app.db.selectFrom('companies').select('id').where('id', '=', id).executeTakeFirst())) {
      throw notFound(request.t('server.errors.notFound', { what: request.t('server.entities.company') }));
    }
    assertOrganisationScope(request.user, id, request.t);
    return signInSettingsView(app.db, id, app.config.appUrl, app.ssoSecretsKey);
  });

  app.get<{ Params: IdParams }>('/departments/:id', {
    schema: { params: IdParams, response: { 200: DepartmentDetail, ...lookupErrors } },
  }, async (request): Promise<DepartmentDetail> => found(
    await app.db.selectFrom('departments').select(['id', 'company_id', localizedName(request.lang, 'departments').as('name')])
      .where('id', '=', request.params.id).executeTakeFirst(),
    request.t, 'department',
  ));

  app.get<{ Querystring: NamePageQuery }>('/my-organization', {
    schema: { querystring: NamePageQuery, response: { 200: pagedCollectionSchema(UserSummary), ...lookupErrors } },
  }, async (request) => {
    const query = usersByName(app.db, request.query.name).where('users.company_id', '=', request.user.company_id ?? -1);
    return keysetPaginate(app.db, query, (q) => selectUserSummary(q, request.lang), BY_NAME, request.query);
  });

  app.get<{ Params: IdParams }>('/company_bank_accounts/:id', {
    schema: { params: IdParams, response: { 200: BankAccount, ...lookupErrors } },
  }, async (request) => found(
    await bankAccountColumns(bankAccountQuery(app.db).where('company_bank_accounts.id', '=', request.params.id), request.lang).executeTakeFirst(),
    request.t, 'bankAccount',
  ));

  app.get<{ Params: IdParams; Querystring: CompanyBankAccountQuery }>('/company_bank_accounts_list/:id', {
    schema: { params: IdParams, querystring: CompanyBankAccountQuery, response: { 200: pagedCollectionSchema(BankAccount), ...lookupErrors } },
  }, async (request) => {
    found(await findCompanyId(app.db, request.params.id), request.t, 'company');
    let query = bankAccountQuery(app.db).where('company_bank_accounts.company_id', '=', request.params.id).where('company_bank_accounts.retired_at', 'is', null);
    if (request.query.bankName) query = query.where('company_bank_accounts.bank_name', 'ilike', likePattern(request.query.bankName));
    return keysetPaginate(app.db, query, (q) => bankAccountColumns(q, request.lang), BANK_ACCOUNT_ORDER, request.query);
  });

  app.get<{ Querystring: BackgroundQuery }>('/companies/background', {
    schema: {
      ...summary('Companies with the background group each belongs to (the group form\'s company picker)'),
      querystring: BackgroundQuery,
      response: { 200: collectionSchema(CompanyBackground), ...lookupErrors },
    },
  }, async (request): Promise<Collection<CompanyBackground>> => {
    let query = app.db.selectFrom('companies');
    if (request.query.name) {
      const pattern = likePattern(request.query.name);
      query = query.where((eb) => eb.or([eb('companies.name', 'ilike', pattern), eb('companies.name_ja', 'ilike', pattern), eb('companies.name_zh', 'ilike', pattern)]));
    }
    return paginate(query, (q) => q.select([
      'companies.id', 'companies.code', localizedName(request.lang, 'companies').as('name'),
      sql<{ id: number; name: string } | null>`(select json_build_object('id', b.id, 'name', b.name) from background_companies bc
        join backgrounds b on b.id = bc.background_id where bc.company_id = companies.id order by b.id limit 1)`.as('background'),
    ]).orderBy('companies.id'), request.query);
  });
};

export default companies;
