import type { FastifyInstance } from 'fastify';
import yazl from 'yazl';
import type { Lang, Translate } from '../../src/engine';
import { FileStorage } from '../files/file-storage';
import { recordsCsv, type RecordCsvEncoding } from './records-csv';
import { recordRows, recordConditionsFor } from './records-query';
import type { RecordFilter } from '../../src/wire/records';
import { zipEntryName } from '../lib/zip-entry-name';

/** The params of a records export job (`export_jobs.params`, `kind: 'records'`). */
export interface RecordsExportParams {
  kind: 'records';
  lang: Lang;
  filter: RecordFilter;
  /** The requester's companies when asked (null = all): the job runs later, with this scope. */
  companies: number[] | null;
  format: 'csv' | 'zip';
  encoding: RecordCsvEncoding;
}

/** At most this many rows in one CSV, and files in one zip (and bytes): a larger export asks for a narrower filter. */
export const MAX_RECORD_CSV_ROWS = 100_000;
export const MAX_RECORD_ZIP_FILES = 1000;
export const MAX_RECORD_ZIP_BYTES = 100 * 1024 * 1024;

/** Whether a job's params are a records export (other jobs are the module report, server/statistics/export-jobs.ts). */
export function isRecordsExport(params: unknown): params is RecordsExportParams {
  return Boolean(params) && (params as { kind?: unknown }).kind === 'records';
}

/** A report that cannot be made as asked; the message is for the user. */
export class RecordsExportRefusal extends Error {}

/** What the export job mails. */
export interface RecordsDelivery {
  rowCount: number;
  filename: string;
  contentType: string;
  content: Buffer;
  subject: string;
  text: string;
}


/**
 * The download a tax officer asks for (ダウンロードの求め): the records of the filter as CSV
 * (UTF-8 with BOM or Shift_JIS), or a zip of the files with that CSV as `records.csv`.
 */
export async function recordsDelivery(app: FastifyInstance, p: RecordsExportParams, t: Translate, progress: (value: number) => Promise<void>): Promise<RecordsDelivery> {
  const conditions = await recordConditionsFor(app.db, p.filter, p.companies);
  const max = p.format === 'zip' ? MAX_RECORD_ZIP_FILES : MAX_RECORD_CSV_ROWS;
  const rows = await recordRows(app.db, conditions, max + 1);
  if (rows.length > max) throw new RecordsExportRefusal(t('server.records.exportTooMany', { max }));
  await progress(40);
  const csv = recordsCsv(rows, t, p.encoding);
  const stamp = new Date().toISOString().slice(0, 10);
  const subject = t('server.records.mailSubject', { count: rows.length });
  const lines = [t('server.records.mailText', { count: rows.length, filter: describeFilter(p.filter) })];
  if (csv.unmappable) lines.push(t('server.records.unmappable', { count: csv.unmappable }));
  if (p.format === 'csv') {
    return { rowCount: rows.length, filename: `records-${stamp}.csv`, contentType: `text/csv; charset=${p.encoding === 'shift_jis' ? 'Shift_JIS' : 'UTF-8'}`, content: csv.bytes, subject, text: lines.join('\n\n') };
  }
  const files = await app.db.selectFrom('files').select(['id', 'size', 'storage_key', 'created_at'])
    .where('id', 'in', rows.length ? [...new Set(rows.map((r) => r.file.id))] : [0]).execute();
  const byId = new Map(files.map((f) => [f.id, f]));
  const total = rows.reduce((sum, r) => sum + (byId.get(r.file.id)?.size ?? 0), 0);
  if (total > MAX_RECORD_ZIP_BYTES) throw new RecordsExportRefusal(t('server.records.exportTooLarge', { mb: Math.round(MAX_RECORD_ZIP_BYTES / 1048576) }));
  const storage = new FileStorage(app.config.dataDir, app.db);
  const zip = new yazl.ZipFile();
  const taken = new Set<string>(['records.csv']);
  zip.addBuffer(csv.bytes, 'records.csv');
  for (const row of rows) {
    const file = byId.get(row.file.id);
    if (!file) continue;
    zip.addReadStream(storage.open(file.storage_key), zipEntryName(row.document.code, row.file.name, taken), { compress: false, size: file.size, mtime: new Date(file.created_at) });
  }
  zip.end();
  const chunks: Buffer[] = [];
  const content = await new Promise<Buffer>((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
  await progress(90);
  return { rowCount: rows.length, filename: `records-${stamp}.zip`, contentType: 'application/zip', content, subject, text: lines.join('\n\n') };
}

/** The filter in one line for the mail (`key=value`, in the request's names). */
function describeFilter(filter: RecordFilter): string {
  const parts = Object.entries(filter).filter(([, v]) => v !== undefined && v !== false).map(([k, v]) => `${k}=${String(v)}`);
  return parts.length ? parts.join(', ') : '-';
}
