import { STAMP_PERIODS, type StampPeriod } from '../../../wire/stamp-periods';
import type { StampFilterQuery } from '../../../wire/stamp-statistics';
import type { QueryParams } from '../../lib/query-string';

/** The period types of the stamp statistics filter (spec 000 §2), as the server takes them. */
export const STAMP_PERIOD_TYPES = STAMP_PERIODS;
export type StampPeriodType = StampPeriod;
/** The period conditions: before a day, after a day, or between two (inclusive). */
export const STAMP_CONDITIONS = ['before', 'after', 'between'] as const;
export type StampCondition = (typeof STAMP_CONDITIONS)[number];

/** A chosen user or company, kept with its name so the sheet and the description can show it. */
export interface Named { id: number; name: string }

/** What the stamp statistics filter sheet edits. */
export interface StampFilter {
  applicants: Named[];
  party: Named | null;
  /** Currency code; `''` = all currencies. */
  currency: string;
  /** The amount as typed (empty = no amount filter). */
  amount: string;
  /** The amount toggle: greater-than-or-equal (default) or less-than-or-equal. */
  amountOp: 'gte' | 'lte';
  periodType: StampPeriodType;
  condition: StampCondition;
  /** `YYYY-MM-DD`: the day of before/after, the first day of between. */
  from: string;
  /** `YYYY-MM-DD`: the last day of between. */
  to: string;
}

/** The spec's defaults: currency CNY, amount greater-than, no applicant, party or period. */
export const DEFAULT_STAMP_FILTER: StampFilter = {
  applicants: [], party: null, currency: 'CNY', amount: '', amountOp: 'gte',
  periodType: 'completionDate', condition: 'between', from: '', to: '',
};

/** Why a filter cannot be searched (a message key under `statistic.stamp.problems`), or null. */
export function stampFilterProblem(filter: StampFilter): 'amount' | 'period' | 'range' | null {
  if (filter.amount.trim() !== '' && !/^-?\d+(\.\d+)?$/.test(filter.amount.trim())) return 'amount';
  if (filter.condition === 'between') {
    if ((filter.from === '') !== (filter.to === '')) return 'period';
    if (filter.from && filter.to && filter.from > filter.to) return 'range';
  }
  return null;
}

/**
 * The query of `GET /stamp_statistics` (spec 000 §3 filter keys): `applicant.id` and
 * `contract_party.id` as arrays, `currency`, `amount[gte|lte]`, and the period as
 * `<type>[after]` / `<type>[before]` (between sends both).
 */
export function stampParams(filter: StampFilter): QueryParams<StampFilterQuery> {
  const params: QueryParams<StampFilterQuery> = {};
  if (filter.applicants.length) params['applicant.id'] = filter.applicants.map((u) => u.id);
  if (filter.party) params['contract_party.id'] = [filter.party.id];
  if (filter.currency) params.currency = filter.currency;
  if (filter.amount.trim() !== '') params[`amount[${filter.amountOp}]`] = Number(filter.amount.trim());
  const { periodType: type, condition, from, to } = filter;
  if (condition === 'before' && from) params[`${type}[before]`] = from;
  if (condition === 'after' && from) params[`${type}[after]`] = from;
  if (condition === 'between' && from && to) {
    params[`${type}[after]`] = from;
    params[`${type}[before]`] = to;
  }
  return params;
}

/** `key=value&…` with arrays repeated (`applicant.id=1&applicant.id=2`), for the export link. */
export function queryString(params: QueryParams<StampFilterQuery>): string {
  return new URLSearchParams(Object.entries(params).filter(([, value]) => value !== undefined).flatMap(([key, value]) => (Array.isArray(value)
    ? value.map((v) => [key, String(v)]) : [[key, String(value)]]))).toString();
}
