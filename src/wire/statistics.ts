/**
 * Wire shapes of the payment projection (spec 001 §2, §7), written once: the server's response
 * schema (and /api/docs) and both sides' types and filter values come from here.
 */
import { Type, type Static } from '@sinclair/typebox';

import { dbId, stringEnum } from './common';
import { BUCKETS, DATE_FILTERS, DEFAULT_DATE_FILTER } from './projection-filters';

export { BUCKETS, DATE_FILTERS, DEFAULT_DATE_FILTER, type Bucket, type DateFilter } from './projection-filters';

const open = { additionalProperties: true } as const;
const nullableString = Type.Union([Type.String(), Type.Null()]);

/** The query of `GET /payment_projections`: the company (default the user's own) and the period (default today). */
export const ProjectionQuery = Type.Object({
  company: Type.Optional(dbId()),
  dateFilter: Type.Optional(stringEnum(DATE_FILTERS, { default: DEFAULT_DATE_FILTER })),
}, { additionalProperties: false });
export type ProjectionQuery = Static<typeof ProjectionQuery>;

/** One bank's card: the account, how many pending transactions fall in the period, and their totals per currency. */
export const ProjectionCard = Type.Object({
  bank_account_id: Type.Union([Type.Integer(), Type.Null()]),
  bank_name: nullableString,
  bank_branch: nullableString,
  bank_type: nullableString,
  count_transaction: Type.Integer(),
  amounts: Type.Array(Type.Object({ currency: nullableString, total: Type.Number() }, open)),
  /**
   * The same items summed across currencies in the reporting currency of their company, each at
   * the rate its document stored when filed (`data.exchange`); items of documents filed without a
   * conversion are left out and counted in `unconverted_count`.
   */
  reporting_amounts: Type.Optional(Type.Array(Type.Object({ currency: Type.String(), total: Type.Number() }, open))),
  unconverted_count: Type.Optional(Type.Integer()),
}, open);
export type ProjectionCard = Static<typeof ProjectionCard>;

/** Chart data: per bucket and currency, the pending amount and count. */
export const BucketTotal = Type.Object({
  bucket: Type.Union(BUCKETS.map((b) => Type.Literal(b))), currency: nullableString, total: Type.Number(), count: Type.Integer(),
}, open);
export type BucketTotal = Static<typeof BucketTotal>;

/**
 * Per bucket and reporting currency, the pending amount converted at each document's stored rate
 * (`currency` null: the items of documents filed without a conversion, counted, not summed).
 */
export const ReportingTotal = Type.Object({
  bucket: Type.Union(BUCKETS.map((b) => Type.Literal(b))), currency: nullableString, total: Type.Number(), count: Type.Integer(),
}, open);
export type ReportingTotal = Static<typeof ReportingTotal>;

/** `GET /payment_projections`: cards for the period and bucket totals for the chart (per currency, and across currencies in the reporting currency). */
export const Projection = Type.Object({
  'hydra:member': Type.Array(ProjectionCard),
  'hydra:totalItems': Type.Integer(),
  buckets: Type.Array(BucketTotal),
  reporting_buckets: Type.Optional(Type.Array(ReportingTotal)),
});
export type Projection = Static<typeof Projection>;
