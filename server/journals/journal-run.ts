import { sql, type Kysely } from 'kysely';
import {
  DocumentStatus, buildJournal, fiscalPeriodOf, firstText, isTransitional, isValidDate, transitionalCapFor, valuesAt,
  type DefinitionSet, type Journal, type JournalFacts, type JournalMapping, type JournalProblem, type JournalSource,
} from '../../src/engine';
import type { Database } from '../db/database';
import { bookedAmounts } from './booked-amounts';
import { registrationsOf, validOn } from './registration-register';

/** What a journal export or preview covers (`POST /journal_exports`, `GET /journal_exports/preview`). */
export interface JournalPeriod {
  companyId: number;
  /** `YYYY-MM-DD`, inclusive: the journals' transaction dates. */
  from: string;
  to: string;
  /** Also the documents exported before (default: skipped). */
  includeExported: boolean;
}

/** The journals of a period and what the screen must say about the rest. */
export interface JournalRun {
  journals: Journal[];
  /** Decided documents of the period that give no journal, and why. */
  problems: Array<{ documentId: number; code: string; problem: JournalProblem }>;
  /** Documents exported before and edited since: they need a correcting journal. */
  corrections: Array<{ documentId: number; code: string; exportedAt: string; format: string }>;
  /**
   * Suppliers whose purchases without a qualified invoice passed the cap (`limit`) in one of the
   * company's tax periods: its fiscal year `year`, `from`–`to`.
   */
  warnings: TransitionalWarning[];
  /** The exported documents' `updated_at` (marked when the export is done). */
  versions: Map<number, Date>;
}

/** A supplier past the transitional cap in one tax period of the company (`from`–`to`, fiscal year `year`). */
export interface TransitionalWarning {
  supplier: string;
  year: number;
  from: string;
  to: string;
  total: number;
  limit: number;
}

/** The modules that book journals: those whose definition carries `statistics.journal` (data, never a list here). */
export function journalModules(definitions: DefinitionSet): Map<string, JournalFacts> {
  return new Map(Object.values(definitions.modules).flatMap((m) => (m.meta.statistics?.journal ? [[m.code, m.meta.statistics.journal] as const] : [])));
}

/** The company's stored mapping, or null. */
export async function storedMapping(db: Kysely<Database>, companyId: number): Promise<JournalMapping | null> {
  const row = await db.selectFrom('journal_mappings').select('mapping').where('company_id', '=', companyId).executeTakeFirst();
  if (!row) return null;
  return (typeof row.mapping === 'string' ? JSON.parse(row.mapping) : row.mapping) as JournalMapping;
}

const dateIn = (data: unknown, paths: string[]) => {
  for (const path of paths) for (const v of valuesAt(data, path)) if (typeof v === 'string' && isValidDate(v)) return v;
  return null;
};

/**
 * The journals of a company's decided documents whose transaction date is in the period (oldest
 * first, then by code), built with the company's mapping. `record` records registration checks
 * made for numbers never checked (the export does; the preview does not). `progress` hears 0-100.
 */
export async function journalRun(db: Kysely<Database>, definitions: DefinitionSet, period: JournalPeriod, mapping: JournalMapping,
  options: { record: boolean; progress?: (value: number) => Promise<void> }): Promise<JournalRun> {
  const modules = journalModules(definitions);
  const run: JournalRun = { journals: [], problems: [], corrections: [], warnings: [], versions: new Map() };
  if (!modules.size) return run;
  const rows = await db.selectFrom('buffers').leftJoin('journal_exported as je', 'je.buffer_id', 'buffers.id')
    .select(['buffers.id', 'buffers.code', 'buffers.application_number', 'buffers.decision_number', 'buffers.module_code', 'buffers.data', 'buffers.updated_at', 'je.document_updated_at', 'je.exported_at', 'je.format'])
    .where('buffers.company_id', '=', period.companyId).where('buffers.status', '=', DocumentStatus.COMPLETED)
    .where('buffers.module_code', 'in', [...modules.keys()]).orderBy('buffers.id').execute();
  const dated = rows.flatMap((row) => {
    const facts = modules.get(row.module_code)!;
    const data = (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Record<string, unknown>;
    const date = dateIn(data, facts.date);
    return date ? [{ ...row, data, facts, date }] : [];
  });
  const inPeriod = dated.filter((r) => r.date >= period.from && r.date <= period.to);
  // The transitional cap (TRANSITIONAL_YEARLY_CAPS) is one supplier's total over one of the company's tax periods
  // (its fiscal year, companies.fiscal_year_start): the periods the export touches are read whole
  // (documents exported before and outside the export's period included).
  const company = await db.selectFrom('companies').select('fiscal_year_start').where('id', '=', period.companyId).executeTakeFirst();
  const fiscalStart = company?.fiscal_year_start ?? '01-01';
  const periodOf = (date: string) => fiscalPeriodOf(date, fiscalStart).from;
  const periods = new Set(inPeriod.map((r) => periodOf(r.date)));
  const restOfYears = dated.filter((r) => periods.has(periodOf(r.date)) && (r.date < period.from || r.date > period.to));
  await options.progress?.(20);
  const departments = new Map((await db.selectFrom('departments').select(['id', 'name', 'name_ja']).where('company_id', '=', period.companyId).execute())
    .map((d) => [d.id, d.name_ja || d.name]));
  const currencies = new Map((await db.selectFrom('currencies').select(['id', 'code']).execute()).map((c) => [c.id, c.code]));
  const numbersOf = (list: typeof dated) => list.flatMap((r) => [
    firstText(r.data, r.facts.registrationNo),
    ...(r.facts.lines?.registrationNo ? valuesAt(r.data, r.facts.lines.items).flatMap((items) => (Array.isArray(items) ? items : [items])).map((item) => firstText(item, r.facts.lines!.registrationNo)) : []),
  ]);
  const registrations = await registrationsOf(db, numbersOf(inPeriod), options.record);
  // Numbers only of the year's other documents are looked at, not recorded (the export records its own).
  for (const [no, check] of await registrationsOf(db, numbersOf(restOfYears).filter((no) => !registrations.has(no)), false)) registrations.set(no, check);
  await options.progress?.(40);
  const build = (row: (typeof dated)[number]) => buildJournal({
    documentId: row.id, code: row.code, moduleCode: row.module_code, data: row.data, number: row.decision_number ?? row.application_number,
  } satisfies JournalSource, row.facts, mapping, {
    departmentName: (id) => departments.get(id) ?? '',
    qualified: (no, date) => validOn(registrations.get(no), date),
    booking: (s, f) => bookedAmounts(s, f, (id) => currencies.get(id) ?? ''),
  });
  const yearJournals: Journal[] = [];
  const sorted = inPeriod.sort((a, b) => a.date.localeCompare(b.date) || a.code.localeCompare(b.code));
  for (const row of sorted) {
    const exportedAt = row.exported_at ? new Date(row.exported_at) : null;
    if (exportedAt && row.document_updated_at && new Date(row.updated_at).getTime() > new Date(row.document_updated_at).getTime()) {
      run.corrections.push({ documentId: row.id, code: row.code, exportedAt: exportedAt.toISOString(), format: row.format ?? '' });
    }
    const journal = build(row);
    if (typeof journal !== 'string') yearJournals.push(journal);
    if (exportedAt && !period.includeExported) continue;
    if (typeof journal === 'string') run.problems.push({ documentId: row.id, code: row.code, problem: journal });
    else {
      run.journals.push(journal);
      run.versions.set(row.id, new Date(row.updated_at));
    }
  }
  for (const row of restOfYears) {
    const journal = build(row);
    if (typeof journal !== 'string') yearJournals.push(journal);
  }
  run.warnings = transitionalWarnings(run.journals, yearJournals, fiscalStart);
  await options.progress?.(70);
  return run;
}

/**
 * One supplier's tax period (`supplier NUL period's first day`, the company's fiscal year starting
 * on `fiscalStart`) → its purchases booked without a qualified invoice (a transitional deduction:
 * 80 % / 70 % / 50 % / 30 %). The cap is the one in force on the day the period begins
 * (`transitionalCapFor`): a period begun before 2026-10-01 keeps ¥1 bn for all its days.
 */
function unqualifiedTotals(journals: Journal[], fiscalStart: string): Map<string, number> {
  const totals = new Map<string, number>();
  for (const j of journals) {
    if (j.currency && j.currency !== 'JPY') continue;
    for (const row of j.rows) {
      const line = row.debit;
      if (!line || !isTransitional(line.deduction)) continue;
      const key = `${line.counterparty}\u0000${fiscalPeriodOf(j.date, fiscalStart).from}`;
      totals.set(key, (totals.get(key) ?? 0) + line.amount);
    }
  }
  return totals;
}

/**
 * The suppliers of `journals` (the export) whose purchases without a qualified invoice pass the
 * cap in one of the company's tax periods (its fiscal year from `fiscalStart`, `MM-DD`; ¥1 bn for
 * a period begun from 2024-10-01, ¥100 million for one begun from 2026-10-01:
 * `TRANSITIONAL_YEARLY_CAPS`), counted over `yearJournals` (every decided document of the company
 * in the periods the export touches, exported before or not, inside the export or not): the
 * transitional deduction does not apply past the cap, whichever export books the purchase that
 * passes it. More than the cap is warned, exactly the cap is not.
 */
export function transitionalWarnings(journals: Journal[], yearJournals: Journal[] = journals, fiscalStart = '01-01'): TransitionalWarning[] {
  const touched = unqualifiedTotals(journals, fiscalStart);
  const totals = unqualifiedTotals(yearJournals, fiscalStart);
  return [...touched.keys()].flatMap((key) => {
    const [supplier, from] = key.split('\u0000');
    const total = totals.get(key) ?? 0;
    const limit = transitionalCapFor(from);
    if (limit === null || total <= limit) return [];
    const { year, to } = fiscalPeriodOf(from, fiscalStart);
    return [{ supplier, year, from, to, total, limit }];
  });
}

/** Marks the run's documents exported by the job (in the job's finishing transaction). */
export async function markExported(trx: Kysely<Database>, run: Pick<JournalRun, 'versions'>, companyId: number, jobId: number, format: string): Promise<void> {
  const values = [...run.versions].map(([documentId, updatedAt]) => ({ buffer_id: documentId, company_id: companyId, job_id: jobId, format, document_updated_at: updatedAt }));
  for (let i = 0; i < values.length; i += 1000) {
    await trx.insertInto('journal_exported').values(values.slice(i, i + 1000))
      .onConflict((oc) => oc.column('buffer_id').doUpdateSet({
        job_id: sql`excluded.job_id`, format: sql`excluded.format`, document_updated_at: sql`excluded.document_updated_at`, exported_at: sql`now()`,
      })).execute();
  }
}
