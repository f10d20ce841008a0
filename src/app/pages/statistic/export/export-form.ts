import type { EXPORT_DATE_TYPES, EXPORT_FILE_TYPES, ExportQuery, StatisticExportJob } from '../../../../wire/export';

/** The export form (spec 001 §2 "Export", §3 "Export filter", §9 defaults): the wire's date and file types. */
export interface ExportForm {
  moduleCode: string;
  companyId: number | null;
  dateType: (typeof EXPORT_DATE_TYPES)[number];
  from: string;
  to: string;
  fileType: (typeof EXPORT_FILE_TYPES)[number] | '';
}

/** Spec 001 §9: export file type pdf, date type completion. */
export function defaultExportForm(companyId: number | null): ExportForm {
  return { moduleCode: '', companyId, dateType: 'completion', from: '', to: '', fileType: 'pdf' };
}

/** The first problem in the spec's order — module, company, period, file type — as a message key, or null. */
export function exportFormProblem(form: ExportForm): string | null {
  if (!form.moduleCode) return 'statistic.export.problems.module';
  if (!form.companyId) return 'statistic.export.problems.company';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.from) || !/^\d{4}-\d{2}-\d{2}$/.test(form.to)) return 'statistic.export.problems.period';
  if (form.from > form.to) return 'statistic.export.problems.range';
  if (!form.fileType) return 'statistic.export.problems.fileType';
  return null;
}

/** The query of `GET /buffer/export` (the wire's, src/wire/export.ts) of a form without problems. */
export function exportParams(form: ExportForm): ExportQuery {
  return { moduleCode: form.moduleCode, companyId: form.companyId ?? 0, period: `${form.from}~${form.to}`, dateType: form.dateType, fileType: form.fileType || undefined };
}

/** An export job as `GET /buffer/export` and `/buffer/export/jobs/{id}` report it (the wire shape, src/wire/export.ts). */
export type ExportJob = StatisticExportJob;
