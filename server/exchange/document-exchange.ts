import type { Kysely } from 'kysely';
import { convertAmount, exchangeFields, type CompiledModule, type DocumentExchange, type FormData, type RoundingRule } from '../../src/engine';
import type { Database } from '../db/database';
import { currencyById } from '../repositories/currency-repository';
import { tableRateSource, type RateSource } from './rate-source';

/**
 * What converting a document gives: `none` (nothing to convert: the module has no amount, the
 * document no currency or amount, or its company no reporting currency), `converted` (the
 * exchange filing stores), or `missing` (another currency without a rate on or before the day:
 * filing is refused, naming both).
 */
export type ExchangeOutcome =
  | { kind: 'none'; currency: string | null; amount: number | null }
  | { kind: 'converted'; exchange: DocumentExchange }
  | { kind: 'missing'; field: string; currency: string; reporting_currency: string; date: string };

/**
 * The exchange of a document of `module` with computed `data`, in company `companyId`, for the
 * document's date `day` (its filing day): the company's reporting currency and rounding rule, the
 * latest rate on or before the day from `source` (the rate table by default), and the converted
 * amount rounded at the reporting currency's minor unit. The same currency converts at rate 1
 * without asking the source.
 */
export async function resolveExchange(
  db: Kysely<Database>, module: CompiledModule, data: FormData, companyId: number | null, day: string, source: RateSource = tableRateSource,
): Promise<ExchangeOutcome> {
  const fields = exchangeFields(module.meta.statistics, Object.keys(module.schema.properties ?? {}));
  const currencyId = fields ? Number(data[fields.currency]) : NaN;
  const amount = fields && typeof data[fields.amount] === 'number' && Number.isFinite(data[fields.amount]) ? (data[fields.amount] as number) : null;
  const currency = await currencyById(db, currencyId);
  const none = { kind: 'none' as const, currency: currency?.code ?? null, amount };
  if (!fields || !currency || amount === null || companyId === null) return none;
  const company = await db.selectFrom('companies')
    .innerJoin('currencies', 'currencies.id', 'companies.reporting_currency_id')
    .select(['currencies.id as currency_id', 'currencies.code', 'currencies.decimals', 'companies.rounding_rule'])
    .where('companies.id', '=', companyId).executeTakeFirst();
  if (!company) return none;
  const rounding = company.rounding_rule as RoundingRule;
  const same = company.currency_id === currency.id;
  const found = same ? null : await source.rateOn(db, companyId, currency.id, day);
  if (!same && !found) return { kind: 'missing', field: fields.currency, currency: currency.code, reporting_currency: company.code, date: day };
  const rate = found ? found.rate : 1;
  const converted = convertAmount(amount, rate, company.decimals, rounding);
  if (converted === null) return none;
  return {
    kind: 'converted',
    exchange: {
      currency: currency.code, amount, reporting_currency: company.code, rate, rate_date: found?.rate_date ?? null, date: day,
      reporting_amount: converted, rounding, source: found ? source.name : 'same',
    },
  };
}

/**
 * The route values (`src/engine/routes/route-values.ts`) of an outcome: the amount in the
 * reporting currency and that currency's code; without conversion the document's own amount and
 * currency; a missing rate leaves the amount unknown (filing refuses it anyway).
 */
export function exchangeRouteValues(outcome: ExchangeOutcome): Record<string, unknown> {
  if (outcome.kind === 'converted') return { reporting_amount: outcome.exchange.reporting_amount, reporting_currency: outcome.exchange.reporting_currency };
  if (outcome.kind === 'missing') return { reporting_amount: null, reporting_currency: outcome.reporting_currency };
  return { reporting_amount: outcome.amount, reporting_currency: outcome.currency };
}
