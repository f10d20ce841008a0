/**
 * Exchange rates of a company (issue #35 item 5; docs/MODULES.md "Currencies and conversion"):
 * the rate table, the reporting currency and rounding rule, and the CSV import.
 */
import { Type, type Static } from '@sinclair/typebox';
import { collection, day, dbId, nullable, open, paging, stringEnum } from './common';

/** How a converted amount is rounded at the reporting currency's minor unit (the engine's `ROUNDING_RULES`). */
export const RoundingRuleSchema = stringEnum(['half_up', 'down', 'half_even'] as const, {
  description: '`half_up` (a tie away from zero, 四捨五入), `down` (towards zero, 切り捨て), `half_even` (a tie to the even neighbour)',
});

/** A currency code as the rate table names it (`USD`). */
const currencyCode = () => Type.String({ minLength: 3, maxLength: 3, pattern: '^[A-Za-z]{3}$' });
/** A rate: reporting-currency units for one unit of the currency (positive, at most 10 decimals). */
const rate = () => Type.Number({ exclusiveMinimum: 0, maximum: 1e12, description: 'Reporting-currency units for one unit of the currency (e.g. JPY per USD); positive, at most 10 decimals' });

export const ExchangeRate = open({
  id: Type.Integer(),
  currency: open({ id: Type.Integer(), code: Type.String() }),
  rate_date: Type.String({ description: 'YYYY-MM-DD: the rate applies from this day until the next entry of the currency' }),
  rate: Type.Number(),
  source: stringEnum(['manual', 'import', 'feed'] as const),
  updated_by: nullable(open({ id: Type.Integer(), name: Type.String() })),
  updated_at: Type.String(),
});
export type ExchangeRate = Static<typeof ExchangeRate>;

export const ExchangeSettings = open({
  reporting_currency: nullable(open({ id: Type.Integer(), code: Type.String() })),
  rounding_rule: RoundingRuleSchema,
  /** Whether the signed-in user may change the table and the settings (the company's finance, group admins). */
  can_edit: Type.Boolean(),
});
export type ExchangeSettings = Static<typeof ExchangeSettings>;

export const ExchangeRateCollection = collection(ExchangeRate, { settings: ExchangeSettings });
export type ExchangeRateCollection = Static<typeof ExchangeRateCollection>;

export const ExchangeRateQuery = Type.Object({
  ...paging(20),
  currency: Type.Optional(currencyCode()),
  'date[after]': Type.Optional(day()),
  'date[before]': Type.Optional(day()),
}, { additionalProperties: false });
export type ExchangeRateQuery = Static<typeof ExchangeRateQuery>;

export const ExchangeRateBody = Type.Object({
  currency: currencyCode(),
  rate_date: day(),
  rate: rate(),
}, { additionalProperties: false });
export type ExchangeRateBody = Static<typeof ExchangeRateBody>;

export const ExchangeSettingsBody = Type.Object({
  reporting_currency_id: nullable(dbId()),
  rounding_rule: RoundingRuleSchema,
}, { additionalProperties: false });
export type ExchangeSettingsBody = Static<typeof ExchangeSettingsBody>;

/** Most lines one import takes. */
export const IMPORT_MAX_LINES = 5000;

export const ExchangeRateImportBody = Type.Object({
  csv: Type.String({ maxLength: 512 * 1024, description: `The CSV text: \`currency,date,rate\` per line (a header line of those names is allowed), UTF-8; at most ${IMPORT_MAX_LINES} lines` }),
}, { additionalProperties: false });
export type ExchangeRateImportBody = Static<typeof ExchangeRateImportBody>;

export const ExchangeRateImportResult = open({
  imported: Type.Integer(),
  created: Type.Integer(),
  updated: Type.Integer(),
});
export type ExchangeRateImportResult = Static<typeof ExchangeRateImportResult>;
