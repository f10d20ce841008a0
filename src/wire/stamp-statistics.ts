/**
 * Wire shapes of the stamp statistics (`GET /stamp_statistics`, spec 000 §2, §3, §9), written
 * once: the server's query and response schemas (and /api/docs) and both sides' types come from here.
 */
import { Type, type Static, type TOptional, type TString } from '@sinclair/typebox';

import { IdName, amount, collection, day, dbId, nullable, open, paging, type Paged } from './common';
import { STAMP_PERIODS, type StampPeriod } from './stamp-periods';

export { STAMP_PERIODS, type StampPeriod } from './stamp-periods';

/** A row of stamp statistics: a stamped document with its applicant, contract party, currency and amount. */
export const StampRow = open({
  id: Type.Integer(),
  code: Type.String(),
  stamp_no: nullable(Type.String()),
  status: Type.Integer(),
  module: open({ code: Type.String() }),
  requester: IdName,
  contract_party: nullable(IdName),
  currency: nullable(open({ id: Type.Integer(), code: Type.String() })),
  amount: nullable(Type.Number()),
  contract_date: nullable(Type.String()),
  created_at: Type.String(),
  completed_at: nullable(Type.String()),
});
export type StampRow = Static<typeof StampRow>;

const ids = Type.Array(dbId(), { maxItems: 100 });
type PeriodKey = `${StampPeriod}[after]` | `${StampPeriod}[before]`;
const periods = Object.fromEntries(STAMP_PERIODS.flatMap((p) => [[`${p}[after]`, Type.Optional(day())], [`${p}[before]`, Type.Optional(day())]])) as
  Record<PeriodKey, TOptional<TString>>;

/** The filters of `GET /stamp_statistics` and its export (spec 000 §3 filter keys). */
const filters = {
  'applicant.id': Type.Optional(ids), 'applicant.id[]': Type.Optional(ids),
  'contract_party.id': Type.Optional(ids), 'contract_party.id[]': Type.Optional(ids),
  /** Currency code or id. */
  currency: Type.Optional(Type.String({ maxLength: 16 })),
  'amount[gte]': Type.Optional(amount()), 'amount[lte]': Type.Optional(amount()),
  moduleCode: Type.Optional(Type.String({ maxLength: 64 })),
  /** One period as `<type>[after]` and/or `<type>[before]` (inclusive days; both = between). */
  ...periods,
};

/** The query of `GET /stamp_statistics/export`: the filters, no paging. */
export const StampFilterQuery = Type.Object(filters, { additionalProperties: false });
export type StampFilterQuery = Static<typeof StampFilterQuery>;

/** The query of `GET /stamp_statistics`: the filters and a page, 10 per page by default (spec 000 §9). */
export const StampQuery = Type.Object({ ...paging(), ...filters }, { additionalProperties: false });
export type StampQuery = Paged<typeof StampQuery>;

/** `GET /stamp_statistics`. */
export const StampCollection = collection(StampRow);
export type StampCollection = Static<typeof StampCollection>;

/** The query of `GET /stamp_statistics/next_code`: the module's code, nothing else. */
export const NextStampNumberQuery = Type.Object({
  module_code: Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z][a-z0-9-]{0,63}$' }),
}, { additionalProperties: false });
export type NextStampNumberQuery = Static<typeof NextStampNumberQuery>;

/** `GET /stamp_statistics/next_code?module_code=`: the module's next stamp number, a preview (not reserved). */
export const NextStampNumber = Type.Object({ stamp_no: Type.String() });
export type NextStampNumber = Static<typeof NextStampNumber>;
