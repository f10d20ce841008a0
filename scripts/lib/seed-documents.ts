import { sql, type Kysely } from 'kysely';
import { createHash } from 'node:crypto';
import { buildSubmitPayload, computeFormData, validateSubmission, type CompiledModule, type FormData, type Violation } from '../../src/engine';
import type { Database } from '../../server/db/database';
import { recordVersion } from '../../server/definitions/definition-version-repository';
import { readDefinitionSet } from '../../server/definitions/definition-store';
import { syncStatisticPaths } from '../../server/statistics/statistic-paths';
import { syncRecordPaths } from '../../server/records/record-paths';
import { codePrefix, stampPrefix } from '../../server/repositories/document-code-repository';
import { documentCompany } from '../../server/workflow/filing/document-company';
import { DocumentStatus, StepStatus, TREASURY_PROCESS_CODE } from '../../server/workflow/core/status';
import { emptyInvoiceFields, repairBody } from '../../server/demo/repair-body';
import { prng, type Prng } from '../../server/demo/prng';
import { sampleBody } from '../../server/demo/sample-body';
import { loadSeedWorld, type SeedStep, type SeedWorld } from '../../server/demo/seed-world';

/** What `seedDocuments` generates. */
export interface SeedDocumentsOptions {
  /** Documents to add (default 100,000). */
  count?: number;
  /** PRNG seed: the same seed, count and end day give the same documents. */
  seed?: number;
  /** Last day documents are filed on, `YYYY-MM-DD` (default today, UTC). */
  end?: string;
  /** How many years back from `end` documents spread over (default 2). */
  years?: number;
  /** Documents per insert transaction (default 1,000). */
  batchSize?: number;
  /** Compiled modules to use (default: the definitions on disk). */
  modules?: Record<string, CompiledModule>;
  /** Where generated uploads go (a module's rules may require a file); without it none are made. */
  storage?: { save(bytes: Uint8Array, now?: Date): Promise<string> };
  /** Progress lines. */
  log?: (line: string) => void;
}

/** What was added. */
export interface SeedDocumentsResult {
  documents: number;
  approvals: number;
  logs: number;
  files: number;
  byModule: Record<string, number>;
  byStatus: Record<number, number>;
  ms: number;
}

const DAY_MS = 86_400_000;
/** Status odds for documents filed in the last 30 days and before (recent work is still open). */
const RECENT = { pending: 0.55, rejected: 0.08, withdrawn: 0.07 };
const OLDER = { pending: 0.03, rejected: 0.09, withdrawn: 0.06 };

function pickStatus(rng: Prng, ageDays: number, steps: number): number {
  const odds = ageDays <= 30 ? RECENT : OLDER;
  const r = rng.next();
  if (steps === 0) return DocumentStatus.COMPLETED;
  if (r < odds.pending) return DocumentStatus.ON_PROCESS;
  if (r < odds.pending + odds.rejected) return DocumentStatus.REJECTED;
  if (r < odds.pending + odds.rejected + odds.withdrawn) return DocumentStatus.WITHDRAWN;
  return DocumentStatus.COMPLETED;
}

/** Candidates of a step for a requester: their saved approvers, else one user holding the step's role. */
function candidatesFor(world: SeedWorld, step: SeedStep, requester: number, rng: Prng): number[] {
  const saved = world.savedApprovers.get(`${requester}:${step.id}`)?.filter((id) => id !== requester);
  if (saved?.length) return saved;
  const pool = world.roleUsers.get(step.role ?? null)!.filter((id) => id !== requester);
  return pool.length ? [rng.pick(pool)] : [];
}

/**
 * A requester and the approvers of each step they would choose: mandatory steps always, optional
 * ones sometimes. A requester who cannot fill a mandatory step (they hold its only role) is
 * passed over, as filing would refuse them.
 */
function pickChain(world: SeedWorld, steps: SeedStep[], rng: Prng) {
  for (let attempt = 0; attempt < 1000; attempt++) {
    const requester = rng.pick(world.requesters);
    const chain = steps
      .filter((step) => !step.optional || rng.chance(0.25))
      .map((step) => ({ step, candidates: candidatesFor(world, step, requester.id, rng) }));
    if (chain.every((s) => s.candidates.length > 0 || s.step.optional)) {
      return { requester, chain: chain.filter((s) => s.candidates.length > 0) };
    }
  }
  throw new Error(`nobody can fill the mandatory steps ${steps.map((s) => s.code).join(', ')}`);
}

/** The smallest valid PDF: the content of generated uploads. */
const SAMPLE_PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const SAMPLE_SHA256 = createHash('sha256').update(SAMPLE_PDF).digest('hex');
/** Validation messages are not shown here: keys are enough to report a generator gap. */
const KEYS = (key: string) => key;

/**
 * Adds `count` documents spread over every module that has approval steps, the demo companies
 * and `years` years, with approval chains in realistic states (recent documents mostly pending,
 * older ones completed, some rejected or withdrawn), timeline entries and numbering exactly as
 * filing numbers (`<prefix>-<year>-000001`, stamp numbers where the module needs them). Bodies
 * come from each module's definition (`sampleBody`) with computed fields computed by the engine.
 * Rows go in with explicit ids in bulk inserts, one transaction per batch; sequences are moved
 * past them at the end. Works on PGlite and PostgreSQL; run it while no one else files documents.
 */
export async function seedDocuments(db: Kysely<Database>, options: SeedDocumentsOptions = {}): Promise<SeedDocumentsResult> {
  const started = Date.now();
  const count = options.count ?? 100_000;
  const rng = prng(options.seed ?? 14);
  const end = new Date(`${options.end ?? new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(end.getTime())) throw new Error(`end must be a date YYYY-MM-DD, got ${options.end}`);
  const spanDays = Math.round((options.years ?? 2) * 365);
  const batchSize = options.batchSize ?? 1000;
  const log = options.log ?? (() => {});

  const modules = options.modules ?? (await readDefinitionSet(undefined, { check: false })).modules;
  const world = await loadSeedWorld(db, modules);
  if (!world.modules.length) throw new Error('no module has approval steps: nothing to generate');
  for (const { module } of world.modules) await recordVersion(db, module);
  // The statistics rows are filled per batch from these modules' paths (migration 0620).
  await syncStatisticPaths(db, modules);
  await syncRecordPaths(db, modules);
  const currencies = await db.selectFrom('currencies').select(['id', 'code']).execute();

  // Days first, sorted, so codes rise with the filing time as they do in real use.
  const days = Array.from({ length: count }, () => rng.int(0, spanDays - 1)).sort((a, b) => b - a);
  const sequences = new Map<string, number>();
  const next = async (column: 'code' | 'stamp_no', prefix: string, digits: number) => {
    const key = `${column}:${prefix}`;
    let last = sequences.get(key);
    if (last === undefined) {
      const row = await db.selectFrom('buffers').select(sql<string | null>`max(${sql.ref(column)})`.as('last'))
        .where(column, 'like', `${prefix}%`).executeTakeFirst();
      last = row?.last ? Number(row.last.slice(prefix.length)) || 0 : 0;
    }
    sequences.set(key, last + 1);
    return `${prefix}${String(last + 1).padStart(digits, '0')}`;
  };
  const maxId = async (table: 'buffers' | 'approvals' | 'approval_logs') =>
    Number((await db.selectFrom(table).select(sql<number | null>`max(id)`.as('m')).executeTakeFirst())?.m ?? 0);
  let documentId = await maxId('buffers');
  let approvalId = await maxId('approvals');
  let logId = await maxId('approval_logs');
  let fileId = Number((await db.selectFrom('files').select(sql<number | null>`max(id)`.as('m')).executeTakeFirst())?.m ?? 0);

  const result: SeedDocumentsResult = { documents: 0, approvals: 0, logs: 0, files: 0, byModule: {}, byStatus: {}, ms: 0 };
  for (let from = 0; from < count; from += batchSize) {
    const buffers: Array<Record<string, unknown>> = [];
    const approvals: Array<Record<string, unknown>> = [];
    const candidates: Array<{ approval_id: number; user_id: number }> = [];
    const logs: Array<Record<string, unknown>> = [];
    const files: Array<Record<string, unknown>> = [];
    for (const ageDays of days.slice(from, from + batchSize)) {
      const { module, steps } = rng.pick(world.modules);
      const created = new Date(end.getTime() - ageDays * DAY_MS + rng.int(0, 9 * 3600) * 1000 + 9 * 3600 * 1000);
      const { requester, chain } = pickChain(world, steps, rng);
      const prefix = module.meta.codePrefix ?? module.code.toUpperCase();
      const code = await next('code', codePrefix(prefix, created), 6);
      const stampNo = module.meta.needsStampNo ? await next('stamp_no', stampPrefix(prefix, created), 4) : null;
      const id = documentId + 1;
      const context = { steps: steps.map(({ id: stepId, optional, position }) => ({ id: stepId, optional, position })), currencies };
      const wrapped = (d: FormData) => buildSubmitPayload(module, {
        ...d, approvals: chain.flatMap((s) => s.candidates.map((approver_id) => ({ master_process_id: s.step.id, approver_id }))),
      });
      const newFile = (documentType: string) => {
        if (!options.storage) throw new Error(`${module.code} requires an upload: pass a storage to seedDocuments`);
        files.push({ id: ++fileId, name: `${documentType}-${fileId}.pdf`, mime_type: 'application/pdf', size: SAMPLE_PDF.length, document_type: documentType,
          storage_key: null, sha256: SAMPLE_SHA256, uploader_id: requester.id, buffer_id: id, created_at: created });
        return fileId;
      };
      // Random data may break a rule (a combination the form would not allow): repair, else draw again.
      let data: FormData = {};
      let left: Violation[] = [];
      for (let attempt = 0; attempt < 20; attempt++) {
        const body = sampleBody(module, world.refs, { companyId: requester.companyId, date: created.toISOString().slice(0, 10), stampNo }, rng);
        data = computeFormData(module, body, context);
        const filesBefore = files.length;
        repairBody(module, data, validateSubmission(module, wrapped(data), context, KEYS), newFile);
        data = computeFormData(module, data, context);
        left = validateSubmission(module, wrapped(data), context, KEYS);
        if (!left.length) break;
        files.length = filesBefore;
      }
      if (left.length) throw new Error(`generated ${module.code} body breaks its rules: ${left.map((v) => `${v.propertyPath} ${v.messageKey}`).join(', ')}`);
      // An e-invoice and a receipt where the module keeps invoices, as the demo data files them.
      if (options.storage) for (const { field, documentType } of emptyInvoiceFields(module, data)) data[field] = [newFile(documentType)];
      documentId = id;
      const status = pickStatus(rng, ageDays, chain.length);
      // Steps done before the document stopped (all when completed, none when withdrawn).
      const done = status === DocumentStatus.COMPLETED ? chain.length
        : status === DocumentStatus.WITHDRAWN ? 0 : rng.int(0, chain.length - 1);
      let at = created.getTime();
      logs.push({ id: ++logId, buffer_id: id, approval_id: null, user_id: requester.id, log_text: 'submit', created_at: new Date(at) });
      for (const [index, { step, candidates: users }] of chain.entries()) {
        const aid = ++approvalId;
        const closed = index < done || (index === done && status === DocumentStatus.REJECTED);
        if (closed) at += rng.int(600, 3 * DAY_MS / 1000) * 1000;
        approvals.push({
          id: aid, buffer_id: id, master_process_id: step.id, position: index + 1,
          status: index < done ? StepStatus.DONE : closed ? StepStatus.REJECTED : StepStatus.PENDING,
          active: status === DocumentStatus.ON_PROCESS && index === done,
          approver_id: closed ? users[0] : null, approved_at: closed ? new Date(at) : null, data: null, created_at: created,
        });
        for (const user_id of users) candidates.push({ approval_id: aid, user_id });
        if (closed) {
          const action = index < done ? (step.code === TREASURY_PROCESS_CODE ? 'treasury' : 'approve') : 'reject';
          logs.push({ id: ++logId, buffer_id: id, approval_id: aid, user_id: users[0], log_text: action, created_at: new Date(at) });
        }
      }
      if (status === DocumentStatus.WITHDRAWN) {
        at += rng.int(600, DAY_MS / 1000) * 1000;
        logs.push({ id: ++logId, buffer_id: id, approval_id: null, user_id: requester.id, log_text: 'withdraw', created_at: new Date(at) });
      }
      buffers.push({
        id, code, module_code: module.code, status, action: 'create', requester_id: requester.id,
        company_id: documentCompany(module, data, requester.companyId),
        department_id: Number.isInteger(data.department_id) ? data.department_id : null,
        target_id: null, data: JSON.stringify(data), info: null, definition_version: module.version, stamp_no: stampNo,
        bypass: false, send_notification_first_approval: true, user_finances: JSON.stringify(Array.isArray(data.user_finances) ? data.user_finances : []),
        completed_at: status === DocumentStatus.COMPLETED ? new Date(at) : null, created_at: created, updated_at: new Date(at),
      });
      result.byModule[module.code] = (result.byModule[module.code] ?? 0) + 1;
      result.byStatus[status] = (result.byStatus[status] ?? 0) + 1;
    }
    // Saved one at a time, once the batch's bodies are final: a save per file at once would queue
    // hundreds of chunk inserts on the pool (its connection timeout then fails the run), and the
    // files of a body drawn again are never written.
    for (const file of files) file.storage_key = await options.storage!.save(SAMPLE_PDF, file.created_at as Date);
    await db.transaction().execute(async (trx) => {
      // buffer_viewers set-based for the batch instead of a trigger call per row (migration 0811).
      // … and buffer_stats the same way (migration 0620).
      await sql`select set_config('ringi.viewers_deferred', 'on', true), set_config('ringi.stats_deferred', 'on', true)`.execute(trx);
      await insertChunked(trx, 'buffers', buffers);
      await insertChunked(trx, 'files', files);
      await insertChunked(trx, 'approvals', approvals);
      await insertChunked(trx, 'approval_candidates', candidates);
      await insertChunked(trx, 'approval_logs', logs);
      const ids = `{${buffers.map((b) => Number(b.id)).join(',')}}`;
      await sql`select ringi_viewers_fill(${ids}::integer[])`.execute(trx);
      await sql`select ringi_stats_fill(${ids}::integer[])`.execute(trx);
      // Records and their filing history entries (migration 0900) the same way.
      await sql`select ringi_records_bulk(${ids}::integer[])`.execute(trx);
    });
    result.documents += buffers.length;
    result.approvals += approvals.length;
    result.logs += logs.length;
    result.files += files.length;
    if ((from / batchSize) % 10 === 9) log(`${result.documents} / ${count} documents`);
  }
  for (const table of ['buffers', 'approvals', 'approval_logs', 'files'] as const) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), greatest((select max(id) from ${sql.table(table)}), 1))`.execute(db);
  }
  // Planner statistics for what was just loaded (PGlite has no autovacuum to gather them).
  await sql`analyze`.execute(db);
  result.ms = Date.now() - started;
  return result;
}

/** PostgreSQL takes at most 65,535 parameters per statement: insert in chunks under that. */
async function insertChunked(db: Kysely<Database>, table: 'buffers' | 'approvals' | 'approval_candidates' | 'approval_logs' | 'files', rows: Array<Record<string, unknown>>) {
  if (!rows.length) return;
  const per = Math.floor(30_000 / Object.keys(rows[0]).length);
  for (let i = 0; i < rows.length; i += per) {
    await db.insertInto(table).values(rows.slice(i, i + per) as never).execute();
  }
}

