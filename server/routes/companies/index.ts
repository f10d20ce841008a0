import type { FastifyPluginAsync } from 'fastify';
import { found } from '../../lib/found';
import {
  idParams, idSchema, lookupErrors, pagedCollectionSchema, pagedQuery, searchText,
} from '../../lib/http-schemas';
import { localizedName } from '../../lib/localized-name';
import { likePattern } from '../../lib/paging';
import { cursorParam, keysetPaginate, type CursorPageQuery } from '../../repositories/keyset-paginate';
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
  BankAccount, Company, CompanyCalendar, CompanyCalendarQuery, CompanyDetail, Department, DepartmentDetail, Location, PositionCollection,
  PositionsQuery,
} from '../../../src/wire/organisation';
import { QueryFlag } from '../../../src/wire/common';

type Paged<T = object> = { Querystring: CursorPageQuery & T };

const BY_ID = (column: string): KeyTerm[] => [{ key: 'id', column, direction: 'asc', type: 'integer' }];
const BY_NAME: KeyTerm[] = [
  { key: 'name', column: 'users.name', direction: 'asc', type: 'text' },
  { key: 'user', column: 'users.id', direction: 'asc', type: 'integer' },
];

/**
 * Organisation lookups (spec 000 §7): companies, their departments, locations and bank
 * accounts, and the signed-in user's organisation. All need a login.
 */
const companies: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get<Paged<{ name?: string; byGroup?: QueryFlag }>>('/companies', {
    schema: { querystring: pagedQuery({ name: searchText, byGroup: QueryFlag, cursor: cursorParam }, 99999), response: { 200: pagedCollectionSchema(Company), ...lookupErrors } },
  }, async (request) => {
    const { name, byGroup: group } = request.query;
    const onlyGroup = group === '1' || group === 'true' ? true : undefined;
    return keysetPaginate(app.db, companiesQuery(app.db, { name, group: onlyGroup }), (q) => companyColumns(q, request.lang), COMPANY_ORDER, request.query);
  });

  app.get<Paged<{ name?: string }>>('/companies-external', {
    schema: { querystring: pagedQuery({ name: searchText, cursor: cursorParam }, 99999), response: { 200: pagedCollectionSchema(Company), ...lookupErrors } },
  }, async (request) =>
    keysetPaginate(app.db, companiesQuery(app.db, { name: request.query.name, group: false }), (q) => companyColumns(q, request.lang), COMPANY_ORDER, request.query));

  app.get<Paged<{ bankName?: string; companyId?: number }>>('/companies/bank_accounts', {
    schema: { querystring: pagedQuery({ bankName: searchText, companyId: idSchema, cursor: cursorParam }), response: { 200: pagedCollectionSchema(BankAccount), ...lookupErrors } },
  }, async (request) => {
    let query = bankAccountQuery(app.db).where('company_bank_accounts.retired_at', 'is', null);
    if (request.query.bankName) query = query.where('company_bank_accounts.bank_name', 'ilike', likePattern(request.query.bankName));
    if (request.query.companyId) query = query.where('company_bank_accounts.company_id', '=', request.query.companyId);
    return keysetPaginate(app.db, query, (q) => bankAccountColumns(q, request.lang), BANK_ACCOUNT_ORDER, request.query);
  });

  app.get<{ Params: { id: number } }>('/companies/:id', {
    schema: {
      params: idParams,
      response: { 200: CompanyDetail, ...lookupErrors },
    },
  }, async (request) => found(await findCompany(app.db, request.params.id, request.lang), request.t, 'company'));

  // The company calendar reminders and escalation count business days in: weekend days
  // (0 = Sunday … 6 = Saturday), the time zone its days are counted in, and its holidays (name in
  // the request language; `working: true` = a weekend date that is worked), optionally of one
  // year. Without a stored calendar: Saturday and Sunday off in Asia/Tokyo, no holidays. Changed
  // through the company-calendar entity module (approval); `name_en`/`name_ja`/`name_zh` are the
  // stored names a change request starts from.
  app.get<{ Params: { id: number }; Querystring: CompanyCalendarQuery }>('/companies/:id/calendar', {
    schema: {
      params: idParams,
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
  app.get<{ Params: { id: number }; Querystring: PositionsQuery }>('/companies/:id/positions', {
    schema: {
      params: idParams,
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

  app.get<{ Params: { id: number } } & Paged<{ name?: string }>>('/companies/:id/departments', {
    schema: { params: idParams, querystring: pagedQuery({ name: searchText, cursor: cursorParam }), response: { 200: pagedCollectionSchema(Department), ...lookupErrors } },
  }, async (request) => {
    found(await findCompanyId(app.db, request.params.id), request.t, 'company');
    let query = app.db.selectFrom('departments').where('company_id', '=', request.params.id);
    if (request.query.name) {
      const pattern = likePattern(request.query.name);
      query = query.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('name_ja', 'ilike', pattern), eb('name_zh', 'ilike', pattern)]));
    }
    return keysetPaginate(app.db, query, (q) => q.select(['id', localizedName(request.lang, 'departments').as('name')]), BY_ID('departments.id'), request.query);
  });

  app.get<{ Params: { id: number } } & Paged>('/companies/:id/locations', {
    schema: { params: idParams, querystring: pagedQuery({ cursor: cursorParam }), response: { 200: pagedCollectionSchema(Location), ...lookupErrors } },
  }, async (request) => {
    found(await findCompanyId(app.db, request.params.id), request.t, 'company');
    const query = app.db.selectFrom('locations').where('company_id', '=', request.params.id);
    return keysetPaginate(app.db, query, (q) => q.select(['id', 'address']), BY_ID('locations.id'), request.query);
  });

  app.get<{ Params: { id: number } }>('/departments/:id', {
    schema: { params: idParams, response: { 200: DepartmentDetail, ...lookupErrors } },
  }, async (request): Promise<DepartmentDetail> => found(
    await app.db.selectFrom('departments').select(['id', 'company_id', localizedName(request.lang, 'departments').as('name')])
      .where('id', '=', request.params.id).executeTakeFirst(),
    request.t, 'department',
  ));

  app.get<Paged<{ name?: string }>>('/my-organization', {
    schema: { querystring: pagedQuery({ name: searchText, cursor: cursorParam }), response: { 200: pagedCollectionSchema(UserSummary), ...lookupErrors } },
  }, async (request) => {
    const query = usersByName(app.db, request.query.name).where('users.company_id', '=', request.user.company_id ?? -1);
    return keysetPaginate(app.db, query, (q) => selectUserSummary(q, request.lang), BY_NAME, request.query);
  });

  app.get<{ Params: { id: number } }>('/company_bank_accounts/:id', {
    schema: { params: idParams, response: { 200: BankAccount, ...lookupErrors } },
  }, async (request) => found(
    await bankAccountColumns(bankAccountQuery(app.db).where('company_bank_accounts.id', '=', request.params.id), request.lang).executeTakeFirst(),
    request.t, 'bankAccount',
  ));

  app.get<{ Params: { id: number } } & Paged<{ bankName?: string }>>('/company_bank_accounts_list/:id', {
    schema: { params: idParams, querystring: pagedQuery({ bankName: searchText, cursor: cursorParam }), response: { 200: pagedCollectionSchema(BankAccount), ...lookupErrors } },
  }, async (request) => {
    found(await findCompanyId(app.db, request.params.id), request.t, 'company');
    let query = bankAccountQuery(app.db).where('company_bank_accounts.company_id', '=', request.params.id).where('company_bank_accounts.retired_at', 'is', null);
    if (request.query.bankName) query = query.where('company_bank_accounts.bank_name', 'ilike', likePattern(request.query.bankName));
    return keysetPaginate(app.db, query, (q) => bankAccountColumns(q, request.lang), BANK_ACCOUNT_ORDER, request.query);
  });
};

export default companies;
