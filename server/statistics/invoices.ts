import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { DocumentStatus, type CompiledModule, type StatisticFacts } from '../../src/engine';
import { fileRecord } from '../files/file-record';
import { badRequest, conflict } from '../lib/errors';
import { likePattern } from '../lib/paging';
import { companyScope } from './access';
import { inCompanies, statsInCompanies } from './company-condition';
import { totalOf } from './total-of';
import { numberAt } from './data-path';
import { recordActor } from '../records/record-actor';
import { MAX_INVOICE_FILES, type InvoiceCollection, type InvoiceDone, type InvoiceQuery, type InvoiceUpload } from '../../src/wire/invoices';
import type { StatisticsContext } from './statistics-context';
import type { Database } from '../db/database';

/** The invoice modules (`statistics.invoices`), the default first (lowest launcher order). */
export function invoiceModules(modules: Record<string, CompiledModule>, facts: Map<string, StatisticFacts>) {
  return [...facts].filter(([, f]) => f.invoices)
    .sort(([a], [b]) => (modules[a]?.meta.launcher?.order ?? 1e9) - (modules[b]?.meta.launcher?.order ?? 1e9) || a.localeCompare(b))
    .map(([code, f]) => ({ code, fields: f.invoices!, amount: f.amount }));
}
export type InvoiceModule = ReturnType<typeof invoiceModules>[number];

const ids = (field: string) => sql<number[]>`(case when jsonb_typeof(buffers.data -> ${field}) = 'array' then buffers.data -> ${field} else '[]'::jsonb end)`;


/**
 * The list: with `obtained` false (the default) the documents registered for invoice
 * management and not yet confirmed; with `obtained` true the register list — approved
 * documents of the module not registered yet. Company-scoped, newest first.
 */
export async function listInvoices(db: Kysely<Database>, ctx: StatisticsContext, q: InvoiceQuery, module: InvoiceModule): Promise<InvoiceCollection> {
  const registerList = q.obtained === 'true' || q.obtained === '1';
  // Filtered, counted and paged on the statistics rows (migration 0620: module, status, dates
  // and companies as indexed columns); the page's few documents are read afterwards.
  const conditions: Expression<SqlBool>[] = [
    sql<SqlBool>`s.module_code = ${module.code}`,
    statsInCompanies(companyScope(ctx)),
    registerList
      ? sql<SqlBool>`s.status = 2 and not exists (select 1 from invoice_managements im where im.buffer_id = s.buffer_id)`
      : sql<SqlBool>`exists (select 1 from invoice_managements im where im.buffer_id = s.buffer_id and im.approved_at is null)`,
  ];
  if (q.applicationCode?.trim()) conditions.push(sql<SqlBool>`s.code ilike ${likePattern(q.applicationCode.trim())}`);
  const where = sql.join(conditions, sql` and `);
  const page = (await sql<{ id: number }>`select s.buffer_id as id from buffer_stats s where ${where}
    order by s.created_at desc, s.buffer_id desc limit ${q.itemsPerPage} offset ${(q.page - 1) * q.itemsPerPage}`.execute(db)).rows.map((r) => r.id);
  const total = await totalOf(page.length, q, () => sql<{ total: number }>`select count(*)::int as total from buffer_stats s where ${where}`.execute(db));
  const rows = page.length ? (await sql<{ id: number; code: string; currency: string | null; total: string | null; requester_id: number; requester_name: string;
    created_at: Date; einvoices: unknown; papers: unknown }>`
    select buffers.id, buffers.code, currencies.code as currency, ${module.amount ? numberAt(module.amount) : sql`null`} as total,
      requester.id as requester_id, requester.name as requester_name, buffers.created_at,
      ${ids(module.fields.einvoices)} as einvoices, ${ids(module.fields.papers)} as papers
    from buffers join users requester on requester.id = buffers.requester_id
      left join currencies on currencies.id::text = buffers.data->>'currency_id'
    where buffers.id in (${sql.join(page)}) order by buffers.created_at desc, buffers.id desc`.execute(db)).rows : [];
  const fileIds = [...new Set(rows.flatMap((r) => [...asIds(r.einvoices), ...asIds(r.papers)]))];
  const files = new Map((fileIds.length ? await db.selectFrom('files').select(['id', 'name', 'mime_type', 'size', 'document_type', 'created_at'])
    .where('id', 'in', fileIds).execute() : []).map((f) => [f.id, f]));
  const records = (list: unknown) => asIds(list).flatMap((id) => {
    const file = files.get(id);
    if (!file) return [];
    const record = fileRecord(file, ctx.user.id, ctx.linkSecret);
    return [{ ...record, url: record.url.replace(/^\/api\/files\//, '/api/statistic_files/') }];
  });
  return {
    'hydra:member': rows.map((r) => ({
      id: r.id, code: r.code, currency: { code: r.currency }, total: r.total === null ? null : Number(r.total),
      requester: { id: r.requester_id, name: r.requester_name }, created_at: new Date(r.created_at).toISOString(),
      count_application_paper: asIds(r.papers).length, count_einvoice: asIds(r.einvoices).length,
      application_papers: records(r.papers), e_invoices: records(r.einvoices),
    })),
    'hydra:totalItems': total,
  };
}

function asIds(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v)) : [];
}

/** The documents named by `transactions` that are invoice documents in the user's scope, or 404-like 400 naming the first that is not. */
async function scopedDocuments(db: Kysely<Database>, ctx: StatisticsContext, transactions: number[], modules: InvoiceModule[]) {
  if (transactions.length === 0) throw badRequest(ctx.t('server.statistics.invoices.noTransactions'));
  const rows = await db.selectFrom('buffers').leftJoin('invoice_managements as im', 'im.buffer_id', 'buffers.id')
    .select(['buffers.id', 'buffers.module_code', 'buffers.status', 'im.id as im_id', 'im.approved_at'])
    .where('buffers.id', 'in', transactions).where(inCompanies(companyScope(ctx)))
    .where('buffers.module_code', 'in', modules.map((m) => m.code)).execute();
  const missing = transactions.find((id) => !rows.some((r) => r.id === id));
  if (missing !== undefined) throw badRequest(ctx.t('server.statistics.invoices.unknownTransaction', { id: missing }));
  return rows;
}

/** `POST /invoice_management_show`: registers approved documents for invoice management. */
export async function registerInvoices(db: Kysely<Database>, ctx: StatisticsContext, transactions: number[], modules: InvoiceModule[]) {
  const rows = await scopedDocuments(db, ctx, transactions, modules);
  const bad = rows.find((r) => r.status !== DocumentStatus.COMPLETED || r.im_id !== null);
  if (bad) throw conflict(ctx.t('server.statistics.invoices.notRegistrable', { id: bad.id }));
  await db.insertInto('invoice_managements')
    .values(rows.map((r) => ({ buffer_id: r.id, shown_by: ctx.user.id }))).onConflict((oc) => oc.column('buffer_id').doNothing()).execute();
  return { transactions: rows.map((r) => r.id) } satisfies InvoiceDone;
}

/** `POST /invoice_management_approve`: confirms registered documents' invoices as obtained. */
export async function approveInvoices(db: Kysely<Database>, ctx: StatisticsContext, transactions: number[], modules: InvoiceModule[]) {
  const rows = await scopedDocuments(db, ctx, transactions, modules);
  const bad = rows.find((r) => r.im_id === null || r.approved_at !== null);
  if (bad) throw conflict(ctx.t('server.statistics.invoices.notApprovable', { id: bad.id }));
  await db.updateTable('invoice_managements').set({ approved_at: new Date(), approved_by: ctx.user.id })
    .where('buffer_id', 'in', rows.map((r) => r.id)).where('approved_at', 'is', null).execute();
  return { transactions: rows.map((r) => r.id) } satisfies InvoiceDone;
}

/**
 * `POST /invoice_managements`: adds uploaded e-invoices and application papers to registered
 * documents (existing files stay: nothing is removed). Files must be the user's own uploads of
 * the right type; at least one file; at most 10 of each kind per document afterwards.
 */
export async function addInvoiceFiles(db: Kysely<Database>, ctx: StatisticsContext, body: InvoiceUpload, modules: InvoiceModule[]) {
  const t = ctx.t;
  if (body.e_invoices.length + body.application_papers.length === 0) throw badRequest(t('server.statistics.invoices.noFiles'));
  const rows = await scopedDocuments(db, ctx, body.transactions, modules);
  const bad = rows.find((r) => r.im_id === null || r.approved_at !== null);
  if (bad) throw conflict(t('server.statistics.invoices.notOpen', { id: bad.id }));
  const wanted = [...body.e_invoices.map((id) => [id, 'e-invoice'] as const), ...body.application_papers.map((id) => [id, 'app-paper'] as const)];
  const own = await db.selectFrom('files').select(['id', 'document_type'])
    .where('id', 'in', wanted.map(([id]) => id)).where('uploader_id', '=', ctx.user.id).execute();
  const wrong = wanted.find(([id, type]) => !own.some((f) => f.id === id && f.document_type === type));
  if (wrong) throw badRequest(t('server.statistics.invoices.badFile', { id: wrong[0], type: wrong[1] }));
  await db.transaction().execute(async (trx) => {
    await recordActor(trx, ctx.user.id, 'invoice-files');
    for (const row of rows) {
      const { fields } = modules.find((m) => m.code === row.module_code)!;
      const current = await trx.selectFrom('buffers').select('data').where('id', '=', row.id).forUpdate().executeTakeFirstOrThrow();
      const data = current.data as Record<string, unknown>;
      const merged = (field: string, add: number[]) => [...new Set([...asIds(data[field]), ...add])];
      const einvoices = merged(fields.einvoices, body.e_invoices);
      const papers = merged(fields.papers, body.application_papers);
      if (einvoices.length > MAX_INVOICE_FILES || papers.length > MAX_INVOICE_FILES) {
        throw badRequest(t('server.statistics.invoices.tooMany', { id: row.id, max: MAX_INVOICE_FILES }));
      }
      await trx.updateTable('buffers').set({ data: JSON.stringify({ ...data, [fields.einvoices]: einvoices, [fields.papers]: papers }), updated_at: new Date() })
        .where('id', '=', row.id).execute();
    }
  });
  return { transactions: rows.map((r) => r.id) } satisfies InvoiceDone;
}
