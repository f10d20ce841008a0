import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import yazl from 'yazl';
import { findModule, type Lang, type Translate } from '../../src/engine';
import { FileStorage } from '../files/file-storage';
import { recordsCsv, type RecordCsvEncoding } from './records-csv';
import { recordRows, recordConditionsFor } from './records-query';
import { storedSha256 } from './record-verify';
import type { RecordFilter, RecordMember } from '../../src/wire/records';
import { zipEntryName } from '../lib/zip-entry-name';
import { exportFonts } from '../statistics/export-files';
import { ringiPdf } from './ringi-pdf';
import { ringiSheet } from './ringi-sheet';

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
 * (UTF-8 with BOM or Shift_JIS), or a zip of the files with that CSV as `records.csv` and, beside
 * each document's files, its printed 稟議書 (`<code>/ringi-<code>.pdf`, in the requester's
 * language: the decisions and the SHA-256 of every attachment on paper).
 */
export async function recordsDelivery(app: FastifyInstance, p: RecordsExportParams, t: Translate, progress: (value: number) => Promise<void>): Promise<RecordsDelivery> {
  const conditions = await recordConditionsFor(app.db, p.filter, p.companies);
  const max = p.format === 'zip' ? MAX_RECORD_ZIP_FILES : MAX_RECORD_CSV_ROWS;
  const rows = await recordRows(app.db, conditions, max + 1);
  if (rows.length > max) throw new RecordsExportRefusal(t('server.records.exportTooMany', { max }));
  await progress(40);
  const titles = app.definitions.translate(p.lang);
  const csv = recordsCsv(rows, t, p.encoding, (code) => { const module = findModule(app.definitions, code); return module ? titles(module.meta.title) : code; });
  const stamp = new Date().toISOString().slice(0, 10);
  const subject = t('server.records.mailSubject', { count: rows.length });
  const lines = [t('server.records.mailText', { count: rows.length, filter: describeFilter(p.filter) })];
  if (csv.unmappable) lines.push(t('server.records.unmappable', { count: csv.unmappable }));
  const files = await app.db.selectFrom('files').select(['id', 'size', 'storage_key', 'created_at'])
    .where('id', 'in', rows.length ? [...new Set(rows.map((r) => r.file.id))] : [0]).execute();
  const byId = new Map(files.map((f) => [f.id, f]));
  const storage = new FileStorage(app.config.dataDir, app.db);
  // Every file's stored bytes are read back and hashed (streamed): the SHA-256 column must be true of what the officer gets.
  const changed = new Set<number>();
  const checkHash = (row: RecordMember, actual: string | null) => { if (actual !== row.file.sha256) changed.add(row.file.id); };
  const changedLine = () => {
    const named = rows.filter((r) => changed.has(r.file.id)).map((r) => `${r.document.code} ${r.file.name} (${r.file.id})`);
    return t('server.records.bytesChanged', { count: changed.size, files: [...new Set(named)].join(', ') });
  };
  if (p.format === 'csv') {
    const unique = [...new Map(rows.map((r) => [r.file.id, r])).values()];
    for (const [index, row] of unique.entries()) {
      const file = byId.get(row.file.id);
      checkHash(row, file ? await storedSha256(storage, file.storage_key) : null);
      if (index % 100 === 99) await progress(40 + Math.floor((50 * (index + 1)) / unique.length));
    }
    if (changed.size) lines.push(changedLine());
    await progress(90);
    return { rowCount: rows.length, filename: `records-${stamp}.csv`, contentType: `text/csv; charset=${p.encoding === 'shift_jis' ? 'Shift_JIS' : 'UTF-8'}`, content: csv.bytes, subject, text: lines.join('\n\n') };
  }
  const total = rows.reduce((sum, r) => sum + (byId.get(r.file.id)?.size ?? 0), 0);
  if (total > MAX_RECORD_ZIP_BYTES) throw new RecordsExportRefusal(t('server.records.exportTooLarge', { mb: Math.round(MAX_RECORD_ZIP_BYTES / 1048576) }));
  const zip = new yazl.ZipFile();
  const taken = new Set<string>(['records.csv']);
  zip.addBuffer(csv.bytes, 'records.csv');
  const hashed: Array<Promise<void>> = [];
  for (const row of rows) {
    const file = byId.get(row.file.id);
    if (!file) { changed.add(row.file.id); continue; }
    // The bytes zipped are the bytes hashed: one read of each file.
    const hash = createHash('sha256');
    const tee = new PassThrough();
    tee.on('data', (chunk: Buffer) => hash.update(chunk));
    hashed.push(new Promise<void>((resolve) => {
      tee.on('end', () => { checkHash(row, hash.digest('hex')); resolve(); });
      tee.on('error', () => { checkHash(row, null); resolve(); });
    }));
    const source = storage.open(file.storage_key);
    source.on('error', (error) => tee.destroy(error));
    // No declared size: bytes changed in length are still exported, and named in the mail.
    zip.addReadStream(source.pipe(tee), zipEntryName(row.document.code, row.file.name, taken), { compress: false, mtime: new Date(file.created_at) });
  }
  // Each document's 稟議書 once, beside its files.
  const fonts = exportFonts(p.lang, app.config.exportFont);
  for (const row of new Map(rows.map((r) => [r.document.id, r])).values()) {
    const sheet = await ringiSheet(app.db, app.definitions, row.document.id, p.lang);
    if (sheet) zip.addBuffer(await ringiPdf(sheet, fonts), zipEntryName(row.document.code, `ringi-${row.document.code}.pdf`, taken), { compress: true, mtime: sheet.changedAt });
  }
  zip.end();
  const chunks: Buffer[] = [];
  const content = await new Promise<Buffer>((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
  await Promise.all(hashed);
  if (changed.size) lines.push(changedLine());
  await progress(90);
  return { rowCount: rows.length, filename: `records-${stamp}.zip`, contentType: 'application/zip', content, subject, text: lines.join('\n\n') };
}

/** The filter in one line for the mail (`key=value`, in the request's names). */
function describeFilter(filter: RecordFilter): string {
  const parts = Object.entries(filter).filter(([, v]) => v !== undefined && v !== false).map(([k, v]) => `${k}=${String(v)}`);
  return parts.length ? parts.join(', ') : '-';
}
