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
}, open);
export type ProjectionCard = Static<typeof ProjectionCard>;

/** Chart data: per bucket and currency, the pending amount and count. */
export const BucketTotal = Type.Object({
  bucket: Type.Union(BUCKETS.map((b) => Type.Literal(b))), currency: nullableString, total: Type.Number(), count: Type.Integer(),
}, open);
export type BucketTotal = Static<typeof BucketTotal>;

/** `GET /payment_projections`: cards for the period and bucket totals for the chart. */
export const Projection = Type.Object({
  'hydra:member': Type.Array(ProjectionCard),
  'hydra:totalItems': Type.Integer(),
  buckets: Type.Array(BucketTotal),
});
export type Projection = Static<typeof Projection>;
