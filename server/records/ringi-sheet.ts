import type { Kysely } from 'kysely';
import { DocumentStatus, detailText, localDate, pairsText, toDisplayDate, type CompiledModule, type DefinitionSet, type DetailTextSection, type Lang, type Translate } from '../../src/engine';
import { interpolate } from '../../src/engine/i18n/interpolate';
import { lookupKey } from '../../src/engine/i18n/lookup-key';
import type { Database } from '../db/database';
import { pinnedDefinition } from '../definitions/definition-version-repository';
import { fileFieldNames } from '../files/file-field-names';
import { fileIdsIn } from '../files/file-ids-in';
import { localizedName } from '../lib/localized-name';
import { companyCalendar } from '../repositories/calendar-repository';
import { widgetValues } from '../../src/engine/definitions/widget-values';
import { ringiStamps, type RingiStepColumn } from './ringi-stamps';

/** Everything the printed 稟議書 shows, in the reader's language (server/records/ringi-pdf.ts draws it). */
export interface RingiSheet {
  lang: Lang;
  title: string;
  /** Header lines: label and value (the document code, the two numbers when given, status, requester, dates). */
  header: Array<{ label: string; value: string }>;
  steps: RingiStepColumn[];
  sections: DetailTextSection[];
  files: Array<{ name: string; size: number; sha256: string }>;
  /** The document's last change: the PDF's creation date (the same document prints the same bytes). */
  changedAt: Date;
  /** Texts of the sheet's own parts. */
  words: Record<'approvals' | 'attachments' | 'noAttachments' | 'deputy' | 'approved' | 'rejected' | 'sentBack' | 'pending' | 'skipped' | 'voided' | 'bypass', string>;
  /** Filed without approval (bypass): the 承認欄 says so instead of boxes. */
  bypass: boolean;
  /** "2 of 3" under a 合議 or quorum step. */
  progress(done: number, required: number): string;
  /** Label–value pairs in a row in the reader's punctuation ("A: 1, B: 2"; "A：1，B：2"). */
  pairs(pairs: ReadonlyArray<readonly [string, string]>): string;
  /** The foot of each page: the code and "page n of m". */
  footer(page: number, pages: number): string;
}

const STATUS_KEY: Record<number, string> = {
  [DocumentStatus.ON_PROCESS]: 'onProcess', [DocumentStatus.COMPLETED]: 'completed', [DocumentStatus.REJECTED]: 'rejected', [DocumentStatus.WITHDRAWN]: 'withdrawn',
};

/** What a server list's id reads as on paper (the name the picker lists, a currency's code, a bank account's bank and number). */
async function namesOf(db: Kysely<Database>, table: string, ids: Array<number | string>, lang: Lang): Promise<Map<string, string>> {
  const numeric = ids.map(Number).filter((id) => Number.isInteger(id));
  if (!numeric.length) return new Map();
  let rows: Array<{ id: number; name: string }>;
  switch (table) {
    case 'currencies':
      rows = await db.selectFrom('currencies').select(['id', 'code as name']).where('id', 'in', numeric).execute();
      break;
    case 'users': case 'files': case 'locations':
      rows = table === 'locations'
        ? await db.selectFrom('locations').select(['id', 'address as name']).where('id', 'in', numeric).execute()
        : await db.selectFrom(table as 'users').select(['id', 'name']).where('id', 'in', numeric).execute();
      break;
    case 'expense_accounts':
      rows = (await db.selectFrom('expense_accounts').select(['id', 'code', localizedName(lang, 'expense_accounts', 'name_jp').as('label')]).where('id', 'in', numeric).execute())
        .map((r) => ({ id: r.id, name: `${r.code} ${r.label}` }));
      break;
    case 'company_bank_accounts':
      rows = (await db.selectFrom('company_bank_accounts').select(['id', 'bank_name', 'number']).where('id', 'in', numeric).execute())
        .map((r) => ({ id: r.id, name: `${r.bank_name} ${r.number}` }));
      break;
    default:
      // Master lists with names per language (companies, departments, code lists).
      try {
        rows = await db.selectFrom(table as 'companies').select(['id', localizedName(lang, table).as('name')]).where('id', 'in', numeric).execute();
      } catch {
        rows = [];
      }
  }
  return new Map(rows.map((r) => [String(r.id), r.name]));
}

/** The module's own texts first (a pinned version carries its translations), then the set's. */
function moduleTranslate(module: CompiledModule, lang: Lang, base: Translate): Translate {
  const own = (namespace: string, m: CompiledModule): unknown => {
    if (m.code === namespace) return m.translations?.[lang];
    for (const sub of Object.values(m.subForms ?? {})) {
      const found = own(namespace, sub);
      if (found) return found;
    }
    return undefined;
  };
  return (key, params) => {
    const [namespace, ...rest] = key.split('.');
    const value = lookupKey(own(namespace, module), rest);
    return typeof value === 'string' ? interpolate(value, params) : base(key, params);
  };
}

/**
 * The 稟議書 of a document (the caller checked that the reader may see it), or null for an
 * unknown document: its detail card laid out by the definition it was filed under
 * (`detailText`, no module named here), its 承認欄 (`ringiStamps`), the numbers, the
 * attachments with their SHA-256, all in `lang`.
 */
export async function ringiSheet(db: Kysely<Database>, definitions: DefinitionSet, documentId: number, lang: Lang): Promise<RingiSheet | null> {
  const doc = await db.selectFrom('buffers')
    .innerJoin('users as requester', 'requester.id', 'buffers.requester_id')
    .selectAll('buffers')
    .select(['requester.name as requester_name'])
    .where('buffers.id', '=', documentId).executeTakeFirst();
  if (!doc) return null;
  const base = definitions.translate(lang);
  const current = definitions.modules[doc.module_code] ?? null;
  const module = await pinnedDefinition(db, current, doc.module_code, doc.definition_version);
  const t = module ? moduleTranslate(module, lang, base) : base;
  const data = (typeof doc.data === 'string' ? JSON.parse(doc.data) : doc.data) as Record<string, unknown>;
  const calendar = await companyCalendar(db, doc.company_id);
  const dateOf = (instant: Date) => localDate(instant, calendar.timeZone);
  const dayOf = (instant: Date) => toDisplayDate(dateOf(instant));

  const steps = await db.selectFrom('approvals')
    .innerJoin('master_processes', 'master_processes.id', 'approvals.master_process_id')
    .innerJoin('processes', 'processes.id', 'master_processes.process_id')
    .select(['approvals.id', 'approvals.position', 'approvals.status', 'approvals.mode', 'approvals.required', 'approvals.skipped',
      'approvals.master_process_id', 'approvals.voided_at', localizedName(lang, 'processes').as('name')])
    // Voided steps too: their decisions are printed greyed (ringiStamps).
    .where('approvals.buffer_id', '=', documentId)
    .execute();
  const logs = await db.selectFrom('approval_logs')
    .leftJoin('users', 'users.id', 'approval_logs.user_id')
    .leftJoin('users as principal', 'principal.id', 'approval_logs.on_behalf_of')
    .select(['approval_logs.approval_id', 'approval_logs.log_text as action', 'approval_logs.detail', 'approval_logs.created_at', 'users.name as user_name', 'principal.name as principal_name'])
    .where('approval_logs.buffer_id', '=', documentId)
    .orderBy('approval_logs.created_at').orderBy('approval_logs.id')
    .execute();

  // Names of every picked record, looked up once per list: a first pass asks for them, the second prints them.
  const wanted = new Map<string, Set<string>>();
  const currencies = await db.selectFrom('currencies').select(['id', 'code']).execute();
  const context = { currencies: currencies.map((c) => ({ id: c.id, code: c.code })) } as Parameters<typeof detailText>[2]['context'];
  const ask = (table: string, id: number | string) => { (wanted.get(table) ?? wanted.set(table, new Set()).get(table)!).add(String(id)); return undefined; };
  const known = new Set(widgetValues().flatMap((w) => (w.list ? [w.list.table] : [])).concat('files'));
  if (module) detailText(module, data, { t, lang, context, nameOf: ask });
  const names = new Map<string, Map<string, string>>();
  for (const [table, ids] of wanted) if (known.has(table)) names.set(table, await namesOf(db, table, [...ids], lang));
  const sections = module ? detailText(module, data, { t, lang, context, nameOf: (table, id) => names.get(table)?.get(String(id)) }) : [];

  const fileIds = module ? [...new Set(fileIdsIn(data, new Set(fileFieldNames({ [module.code]: module }))).map((f) => f.id))] : [];
  const files = fileIds.length
    ? await db.selectFrom('files').select(['id', 'name', 'size', 'sha256']).where('id', 'in', fileIds).orderBy('id').execute()
    : [];

  const w = (key: string, params?: Record<string, unknown>) => base(`server.records.ringi.${key}`, params);
  const header = [
    { label: w('code'), value: doc.code },
    ...(doc.application_number ? [{ label: w('applicationNumber'), value: doc.application_number }] : []),
    ...(doc.decision_number ? [{ label: w('decisionNumber'), value: doc.decision_number }] : []),
    ...(doc.stamp_no ? [{ label: w('stampNo'), value: doc.stamp_no }] : []),
    { label: w('status'), value: w(`statuses.${STATUS_KEY[doc.status] ?? 'onProcess'}`) },
    { label: w('requester'), value: doc.requester_name },
    { label: w('filed'), value: dayOf(new Date(doc.created_at)) },
    ...(doc.completed_at ? [{ label: w('decided'), value: dayOf(new Date(doc.completed_at)) }] : []),
  ];
  const moduleTitle = module ? t(module.meta.listCard.title ?? module.meta.title) : doc.module_code;
  return {
    lang,
    title: w('title', { module: moduleTitle }),
    header,
    steps: ringiStamps(steps.map((s) => ({ ...s, required: Number(s.required) })), logs.map((l) => ({
      ...l, detail: (typeof l.detail === 'string' ? JSON.parse(l.detail) : l.detail) as Record<string, unknown> | null,
    })), dateOf),
    sections,
    files: files.map((f) => ({ name: f.name, size: Number(f.size), sha256: f.sha256 })),
    changedAt: new Date(doc.updated_at),
    bypass: doc.bypass,
    words: Object.fromEntries((['approvals', 'attachments', 'noAttachments', 'deputy', 'approved', 'rejected', 'sentBack', 'pending', 'skipped', 'voided', 'bypass'] as const)
      .map((key) => [key, w(key)])) as RingiSheet['words'],
    progress: (done, required) => w('progress', { done, required }),
    pairs: (pairs) => pairsText(base, pairs),
    footer: (page, pages) => w('footer', { code: doc.code, page, pages }),
  };
}
