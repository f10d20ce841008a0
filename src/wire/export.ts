/**
 * Wire shapes of the Statistic export (spec 001 §2, §3 "Export filter", §5, §7; `GET /buffer/export`,
 * `GET /buffer/export/jobs/{id}`), written once: the route's query and response schemas (and
 * /api/docs) and both sides' types come from here.
 */
import { Type, type Static } from '@sinclair/typebox';

import { dbId, exportJob, stringEnum } from './common';

/** The report's date: completed in the period, or a payment date in it. */
export const EXPORT_DATE_TYPES = ['completion', 'payment'] as const;
/** The report's file. */
export const EXPORT_FILE_TYPES = ['pdf', 'xlsx'] as const;

/**
 * `GET /buffer/export`: the module, the company, the period (`from~to`), the date type and the file
 * type. All optional in the schema: the route checks them in the spec's order with the form's messages.
 */
export const ExportQuery = Type.Object({
  moduleCode: Type.Optional(Type.String({ maxLength: 64 })),
  companyId: Type.Optional(dbId()),
  period: Type.Optional(Type.String({ maxLength: 100 })),
  dateType: Type.Optional(stringEnum(EXPORT_DATE_TYPES, { default: 'completion' })),
  fileType: Type.Optional(stringEnum(EXPORT_FILE_TYPES)),
}, { additionalProperties: false });
export type ExportQuery = Static<typeof ExportQuery>;

/** An export job: status, progress 0–100, the file type, row count, the failure's message. */
export const StatisticExportJob = exportJob({ file_type: Type.String() });
export type StatisticExportJob = Static<typeof StatisticExportJob>;
