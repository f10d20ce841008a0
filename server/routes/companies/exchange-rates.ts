import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Translate } from '../../../src/engine';
import {
  ExchangeRate, ExchangeRateBody, ExchangeRateCollection, ExchangeRateImportBody, ExchangeRateImportResult, ExchangeRateQuery, ExchangeSettings,
  ExchangeSettingsBody,
} from '../../../src/wire/exchange-rates';
import { IdParams, type Paged } from '../../../src/wire/common';
import type { Database } from '../../db/database';
import { isGroupAdmin } from '../../entities/permissions';
import { checkEntry, currencyCodes, exchangeCompany, readRateCsv, upsertRates, type ExchangeCompany } from '../../exchange/rate-table';
import type { AuthUser } from '../../lib/auth-user';
import { conflict, errorResponseSchema, forbidden, notFound, validationFailed } from '../../lib/errors';
import { paginate } from '../../lib/paging';
import { mayUseArea } from '../../statistics/access';
import { doc } from '../route-schemas';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema } as const;

/** Who sees a company's table: its Statistic users (authorizer, finance, treasury; spec 000 §6) and group admins. */
const mayRead = (user: AuthUser, companyId: number) => isGroupAdmin(user) || (user.company_id === companyId && mayUseArea(user, 'statistic'));
/** Who changes it: the company's finance staff and group admins. */
const mayEdit = (user: AuthUser, companyId: number) => isGroupAdmin(user) || (user.company_id === companyId && user.is_finance);

/** The company (404 when unknown) once the user may read, or edit, its table (403 otherwise). */
async function companyFor(db: Kysely<Database>, user: AuthUser, companyId: number, edit: boolean, t: Translate): Promise<ExchangeCompany> {
  const company = await exchangeCompany(db, companyId);
  if (!company) throw notFound(t('server.exchange.companyNotFound'));
  if (edit ? !mayEdit(user, companyId) : !mayRead(user, companyId)) throw forbidden(t(edit ? 'server.exchange.editForbidden' : 'server.exchange.readForbidden'));
  return company;
}

function rateRows(db: Kysely<Database>) {
  return db.selectFrom('exchange_rates')
    .innerJoin('currencies', 'currencies.id', 'exchange_rates.currency_id')
    .leftJoin('users', 'users.id', 'exchange_rates.updated_by');
}

async function oneRate(db: Kysely<Database>, companyId: number, currencyId: number, day: string): Promise<ExchangeRate> {
  const row = await rateRows(db)
    .select(['exchange_rates.id', 'exchange_rates.currency_id', 'currencies.code', 'exchange_rates.rate_date', 'exchange_rates.rate', 'exchange_rates.source',
      'exchange_rates.updated_by', 'users.name as updater', 'exchange_rates.updated_at'])
    .where('exchange_rates.company_id', '=', companyId).where('exchange_rates.currency_id', '=', currencyId).where('exchange_rates.rate_date', '=', day)
    .executeTakeFirstOrThrow();
  return shape(row);
}

function shape(r: { id: number; currency_id: number; code: string; rate_date: string; rate: string | number; source: string; updated_by: number | null; updater: string | null; updated_at: Date }): ExchangeRate {
  return {
    id: r.id, currency: { id: r.currency_id, code: r.code }, rate_date: r.rate_date, rate: Number(r.rate), source: r.source as ExchangeRate['source'],
    updated_by: r.updated_by !== null ? { id: r.updated_by, name: r.updater ?? '' } : null, updated_at: new Date(r.updated_at).toISOString(),
  };
}

/** A single entry from a body, or 422 at its field (`currency`, `rate_date`, `rate`) with the reason; 422 too before a reporting currency is chosen. */
async function entryOf(db: Kysely<Database>, company: ExchangeCompany, body: ExchangeRateBody, t: Translate) {
  if (company.reporting_currency_id === null) throw validationFailed([{ propertyPath: 'reporting_currency_id', message: t('server.exchange.noReporting') }]);
  const checked = checkEntry(company, await currencyCodes(db), { currency: body.currency, date: body.rate_date, rate: body.rate }, t);
  if ('problem' in checked) throw validationFailed([{ propertyPath: checked.field, message: checked.problem }]);
  return checked.entry;
}

/**
 * A company's exchange rates (issue #35 item 5; docs/MODULES.md "Currencies and conversion"): the
 * table filing converts documents with, the reporting currency and the rounding rule. Read by
 * the company's Statistic users and group admins; changed by its finance staff and group admins.
 * Registered by the companies area (one folder per URL prefix), under its authentication.
 */
export function registerExchangeRateRoutes(app: FastifyInstance): void {
  app.get<{ Params: IdParams; Querystring: Paged<typeof ExchangeRateQuery> }>('/companies/:id/exchange_rates', {
    schema: {
      ...doc('The company\'s exchange rates, newest day first (then by currency), 20 a page; `currency` (a code) and `date[after]`/`date[before]` (inclusive) narrow them. `settings` holds the reporting currency, the rounding rule and whether the signed-in user may change them. For the company\'s authorizers, finance and treasury staff and group admins (403 otherwise; 404 for an unknown company).'),
      params: IdParams, querystring: ExchangeRateQuery,
      response: { 200: ExchangeRateCollection, ...errors },
    },
  }, async (request) => {
    const { id } = request.params;
    const company = await companyFor(app.db, request.user, id, false, request.t);
    const q = request.query;
    let filtered = rateRows(app.db).where('exchange_rates.company_id', '=', id);
    if (q.currency) filtered = filtered.where('currencies.code', '=', q.currency.toUpperCase());
    if (q['date[after]']) filtered = filtered.where('exchange_rates.rate_date', '>=', q['date[after]']);
    if (q['date[before]']) filtered = filtered.where('exchange_rates.rate_date', '<=', q['date[before]']);
    const page = await paginate(filtered, (query) => query
      .select(['exchange_rates.id', 'exchange_rates.currency_id', 'currencies.code', 'exchange_rates.rate_date', 'exchange_rates.rate', 'exchange_rates.source',
        'exchange_rates.updated_by', 'users.name as updater', 'exchange_rates.updated_at'])
      .orderBy('exchange_rates.rate_date', 'desc').orderBy('currencies.code').orderBy('exchange_rates.id'), q);
    const settings: ExchangeSettings = {
      reporting_currency: company.reporting_currency_id !== null ? { id: company.reporting_currency_id, code: company.reporting_code ?? '' } : null,
      rounding_rule: company.rounding_rule as ExchangeSettings['rounding_rule'], can_edit: mayEdit(request.user, id),
    };
    return { 'hydra:member': page['hydra:member'].map(shape), 'hydra:totalItems': page['hydra:totalItems'], settings };
  });

  app.post<{ Params: IdParams; Body: ExchangeRateBody }>('/companies/:id/exchange_rates', {
    schema: {
      ...doc('Adds a rate: `rate` units of the reporting currency for one `currency` from `rate_date` on. 409 when that currency already has a rate on that day (PUT changes it); 422 for an unknown currency, the reporting currency itself, or before a reporting currency is chosen. The company\'s finance staff and group admins only.'),
      params: IdParams, body: ExchangeRateBody,
      response: { 201: ExchangeRate, 409: errorResponseSchema, 422: errorResponseSchema, ...errors },
    },
  }, async (request, reply) => {
    const { id } = request.params;
    const company = await companyFor(app.db, request.user, id, true, request.t);
    const entry = await entryOf(app.db, company, request.body, request.t);
    const stored = await app.db.insertInto('exchange_rates')
      .values({ company_id: id, currency_id: entry.currency_id, rate_date: entry.rate_date, rate: entry.rate, source: 'manual', updated_by: request.user.id })
      .onConflict((oc) => oc.columns(['company_id', 'currency_id', 'rate_date']).doNothing()).returning('id').executeTakeFirst();
    if (!stored) throw conflict(request.t('server.exchange.exists', { currency: request.body.currency.toUpperCase(), date: entry.rate_date }));
    return reply.code(201).send(await oneRate(app.db, id, entry.currency_id, entry.rate_date));
  });

  app.put<{ Params: IdParams; Body: ExchangeRateBody }>('/companies/:id/exchange_rates', {
    schema: {
      ...doc('Sets the rate of `currency` on `rate_date` (adds it, or changes the one there). Documents already filed keep the rate they stored. The company\'s finance staff and group admins only; 422 as for POST.'),
      params: IdParams, body: ExchangeRateBody,
      response: { 200: ExchangeRate, 422: errorResponseSchema, ...errors },
    },
  }, async (request) => {
    const { id } = request.params;
    const company = await companyFor(app.db, request.user, id, true, request.t);
    const entry = await entryOf(app.db, company, request.body, request.t);
    await upsertRates(app.db, id, [entry], 'manual', request.user.id);
    return oneRate(app.db, id, entry.currency_id, entry.rate_date);
  });

  app.post<{ Params: IdParams; Body: ExchangeRateImportBody }>('/companies/:id/exchange_rates/import', {
    schema: {
      ...doc('Imports rates from CSV text (`currency,date,rate` per line, e.g. `USD,2026-11-30,150.25`; a header line of those names is allowed). Every line is checked first: any bad line — wrong column count, unknown currency, the reporting currency, a date that is no day, a rate that is not positive or has more than 10 decimals, a currency and day given twice — answers 422 with one violation per bad line (`csv[<line>]`, "Line n: …") and nothing is stored. Otherwise every line is stored in one transaction (an existing currency and day takes the new rate). The company\'s finance staff and group admins only.'),
      params: IdParams, body: ExchangeRateImportBody,
      response: { 200: ExchangeRateImportResult, 422: errorResponseSchema, ...errors },
    },
  }, async (request) => {
    const { id } = request.params;
    const company = await companyFor(app.db, request.user, id, true, request.t);
    if (company.reporting_currency_id === null) throw validationFailed([{ propertyPath: 'reporting_currency_id', message: request.t('server.exchange.noReporting') }]);
    const { entries, violations } = readRateCsv(request.body.csv, company, await currencyCodes(app.db), request.t);
    if (violations.length) throw validationFailed(violations);
    const counts = await app.db.transaction().execute((trx) => upsertRates(trx, id, entries, 'import', request.user.id));
    return { imported: entries.length, ...counts };
  });

  app.put<{ Params: IdParams; Body: ExchangeSettingsBody }>('/companies/:id/exchange_rates/settings', {
    schema: {
      ...doc('Sets the company\'s reporting currency (`null`: no conversion; documents are compared and reported in their own currency) and how converted amounts are rounded at its minor unit. Documents already filed keep what they stored. The company\'s finance staff and group admins only; 422 for an unknown currency.'),
      params: IdParams, body: ExchangeSettingsBody,
      response: { 200: ExchangeSettings, 422: errorResponseSchema, ...errors },
    },
  }, async (request) => {
    const { id } = request.params;
    await companyFor(app.db, request.user, id, true, request.t);
    const { reporting_currency_id: currencyId, rounding_rule } = request.body;
    const currency = currencyId === null ? null : await app.db.selectFrom('currencies').select(['id', 'code']).where('id', '=', currencyId).executeTakeFirst();
    if (currencyId !== null && !currency) throw validationFailed([{ propertyPath: 'reporting_currency_id', message: request.t('server.exchange.unknownCurrency', { currency: String(currencyId) }) }]);
    await app.db.updateTable('companies').set({ reporting_currency_id: currencyId, rounding_rule }).where('id', '=', id).execute();
    return { reporting_currency: currency ? { id: currency.id, code: currency.code } : null, rounding_rule, can_edit: true };
  });
}
