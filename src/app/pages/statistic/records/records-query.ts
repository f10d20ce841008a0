import type { RecordFilter } from '../../../../wire/records';

/** The Records screen's filter as typed (strings; empty = not filtered). */
export interface RecordsForm {
  /** The dates as stored (`YYYY-MM-DD`), empty while the box holds no date. */
  after: string;
  before: string;
  /** The date boxes' text as typed: text that is no date is a problem, never an unfiltered search. */
  afterText?: string;
  beforeText?: string;
  gte: string;
  lte: string;
  counterparty: string;
  module: string;
  currency: string;
  /** 申請番号 / 決裁番号, part of one (issue #36). */
  applicationNumber: string;
  decisionNumber: string;
}

/** An electronic record as `GET /api/records` lists it (the wire schema the server answers with). */
export type { RecordMember as RecordRow } from '../../../../wire/records';

export const EMPTY_RECORDS_FORM: RecordsForm = { after: '', before: '', gte: '', lte: '', counterparty: '', module: '', currency: '', applicationNumber: '', decisionNumber: '' };

/**
 * The API's query (`date[after]`, `amount[gte]`, `module.code`, …: the wire's RecordFilter) of the
 * filled fields only; the amounts as numbers (`recordsFormProblem` has checked they are).
 */
export function recordsParams(form: RecordsForm): RecordFilter {
  const text = (value: string) => (value.trim() === '' ? undefined : value.trim());
  const number = (value: string) => (value.trim() === '' ? undefined : Number(value.trim()));
  const params: RecordFilter = {
    'date[after]': text(form.after), 'date[before]': text(form.before), 'amount[gte]': number(form.gte), 'amount[lte]': number(form.lte),
    counterparty: text(form.counterparty), 'module.code': text(form.module), currency: text(form.currency),
    application_number: text(form.applicationNumber), decision_number: text(form.decisionNumber),
  };
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined));
}

/** The first problem of the form as a translation key (the server checks the same), or null. */
export function recordsFormProblem(form: RecordsForm): string | null {
  if (recordsDateProblem(form, 'after') || recordsDateProblem(form, 'before')) return 'statistic.records.badDate';
  if (form.after && form.before && form.after > form.before) return 'statistic.records.badDateRange';
  for (const v of [form.gte, form.lte]) if (v.trim() !== '' && !Number.isFinite(Number(v))) return 'statistic.records.badAmount';
  if (form.gte.trim() && form.lte.trim() && Number(form.gte) > Number(form.lte)) return 'statistic.records.badAmountRange';
  return null;
}

/** Whether a date box holds text that is no date (the search would silently leave it out). */
export function recordsDateProblem(form: RecordsForm, which: 'after' | 'before'): boolean {
  const text = (which === 'after' ? form.afterText : form.beforeText) ?? '';
  return text.trim() !== '' && form[which] === '';
}
