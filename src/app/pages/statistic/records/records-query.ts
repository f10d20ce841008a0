/** The Records screen's filter as typed (strings; empty = not filtered). */
export interface RecordsForm {
  after: string;
  before: string;
  gte: string;
  lte: string;
  counterparty: string;
  module: string;
  currency: string;
}

/** An electronic record as `GET /api/records` lists it (the wire schema the server answers with). */
export type { RecordMember as RecordRow } from '../../../../wire/records';

export const EMPTY_RECORDS_FORM: RecordsForm = { after: '', before: '', gte: '', lte: '', counterparty: '', module: '', currency: '' };

/** The API's query names (`date[after]`, `amount[gte]`, `module.code`, …) for the filled fields only. */
export function recordsParams(form: RecordsForm): Record<string, string> {
  const pairs: Array<[string, string]> = [
    ['date[after]', form.after], ['date[before]', form.before], ['amount[gte]', form.gte.trim()], ['amount[lte]', form.lte.trim()],
    ['counterparty', form.counterparty.trim()], ['module.code', form.module], ['currency', form.currency],
  ];
  return Object.fromEntries(pairs.filter(([, v]) => v !== ''));
}

/** The first problem of the form as a translation key (the server checks the same), or null. */
export function recordsFormProblem(form: RecordsForm): string | null {
  if (form.after && form.before && form.after > form.before) return 'statistic.records.badDateRange';
  for (const v of [form.gte, form.lte]) if (v.trim() !== '' && !Number.isFinite(Number(v))) return 'statistic.records.badAmount';
  if (form.gte.trim() && form.lte.trim() && Number(form.gte) > Number(form.lte)) return 'statistic.records.badAmountRange';
  return null;
}
