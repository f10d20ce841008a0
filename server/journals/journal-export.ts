import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Lang, Translate } from '../../src/engine';
import type { Database } from '../db/database';
import type { RecordsDelivery } from '../records/records-export';
import { journalRun, markExported, storedMapping } from './journal-run';
import { presetProblem, writeJournalFile, type JournalEncoding, type JournalFormat } from './presets';

/** The params of a journal export job (`export_jobs.params`, `kind: 'journal'`). */
export interface JournalExportParams {
  kind: 'journal';
  lang: Lang;
  format: JournalFormat;
  companyId: number;
  from: string;
  to: string;
  includeExported: boolean;
  encoding?: JournalEncoding;
}

/** Whether a job's params are a journal export. */
export function isJournalExport(params: unknown): params is JournalExportParams {
  return Boolean(params) && (params as { kind?: unknown }).kind === 'journal';
}

/** A journal export that cannot be made as asked; the message is for the user. */
export class JournalExportRefusal extends Error {}

/** What a journal job leaves: the file an export job delivers, to download (no mail), and the marking done in the job's finishing transaction. */
export interface JournalDelivery extends RecordsDelivery {
  download: true;
  commit(trx: Kysely<Database>, jobId: number): Promise<void>;
}

/**
 * Makes the file of a journal export job: the company's mapping (refused without one), the
 * period's journals, the preset's limits (弥生 オンライン), the file in the preset's encoding. The
 * documents are marked exported in the same transaction that marks the job done (`commit`), so a
 * job taken over by another instance marks nothing twice and a failed one marks nothing.
 */
export async function journalDelivery(app: FastifyInstance, p: JournalExportParams, t: Translate, progress: (value: number) => Promise<void>): Promise<JournalDelivery> {
  const mapping = await storedMapping(app.db, p.companyId);
  if (!mapping) throw new JournalExportRefusal(t('server.journals.noMapping'));
  const run = await journalRun(app.db, app.definitions, { companyId: p.companyId, from: p.from, to: p.to, includeExported: p.includeExported }, mapping, { record: true, progress });
  const problem = presetProblem(p.format, run.journals);
  if (problem) throw new JournalExportRefusal(t(problem.key, problem.values));
  const file = writeJournalFile(p.format, run.journals, mapping, p.encoding);
  await progress(90);
  return {
    rowCount: run.journals.length,
    filename: `journals-${p.format}-${p.from}-${p.to}.${file.extension}`,
    contentType: `text/csv; charset=${file.encoding === 'shift_jis' ? 'Shift_JIS' : 'UTF-8'}`,
    content: file.bytes,
    subject: '', text: '',
    download: true,
    commit: (trx, jobId) => markExported(trx, run, p.companyId, jobId, p.format),
  };
}
