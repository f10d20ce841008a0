import { createHash } from 'node:crypto';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { CompiledModule } from '../../src/engine';
import type { Database } from '../db/database';
import type { FileStorage } from '../files/file-storage';
import { checkAnchor } from './records-anchor';
import { recordPathRows, type RecordPathRow } from './record-paths';
import { sealHolds } from './record-seal';
import type { ChainProblem, ChainProblemKind, VerifyFiles, VerifyReport } from '../../src/wire/records';

/** Files read back by `files: 'sample'`. */
export const VERIFY_SAMPLE_FILES = 20;
/** Documents checked per round trip. */
const DOC_BATCH = 500;
/** Files hashed per round trip of `files: 'all'`. */
const FILE_BATCH = 200;

/** Where a long check stands (the CLI prints it). */
export interface VerifyProgress {
  phase: 'documents' | 'files' | 'anchor';
  done: number;
  total: number;
}

export interface VerifyOptions {
  /** The documents checked, a condition over `buffers b` (e.g. the user's records scope). */
  documents: Expression<SqlBool>;
  /** The records key (seals). */
  key: Buffer;
  /** At most this many problems and unattributed entries are listed (`ok` counts them all). */
  limit?: number;
  /** Stored files read back and re-hashed (default none). */
  files?: VerifyFiles;
  storage?: FileStorage;
  /** The data folder whose last anchor is compared (only for the whole store); absent = no anchor check. */
  anchorDir?: string;
  /** The live definitions: `record_paths` must be what they say (absent = not compared). */
  modules?: Record<string, CompiledModule>;
  onProgress?: (progress: VerifyProgress) => void;
}

/**
 * The text an entry's SHA-256 is taken over, built from the stored fields with PostgreSQL's own
 * output functions only (`ringi_history_hash` of migrations 0900/0945, written out): the check
 * does not rely on a function someone with database rights could replace.
 */
const HASHED_TEXT = sql<string>`concat_ws(E'\\x1e', h.prev_hash, h.buffer_id::text, h.seq::text,
  to_char(h.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), coalesce(h.actor_id::text, ''), coalesce(h.reason, ''), h.kind,
  coalesce(h.before::text, 'null'), coalesce(h.after::text, 'null'), coalesce(h.files_added::text, '[]'), coalesce(h.files_removed::text, '[]'),
  case when h.on_behalf_of_id is null then h.data_hash else h.data_hash || E'\\x1e' || h.on_behalf_of_id::text end)`;

const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

interface EntryRow {
  buffer_id: number; seq: number; actor_id: number | null; hash: string; prev_hash: string; mac: string | null; data_hash: string;
  files_added: Array<{ id: number; name: string; sha256: string }>; files_removed: Array<{ id: number }>; body: string;
}

/** The records columns compared with `ringi_records_expected` (migration 0980): every searched and served field. */
const RECORD_FIELDS = ['module_code', 'code', 'company_keys', 'document_type', 'file_name', 'sha256', 'record_date', 'amount', 'currency',
  'counterparty', 'counterparty_search', 'registration_no'] as const;
const fieldsOf = (alias: string) => sql.join(RECORD_FIELDS.map((f) => sql.ref(`${alias}.${f}`)));

/**
 * Checks the electronic records of the documents the condition selects (docs/COMPLIANCE.md
 * "What verify detects"): every entry's SHA-256 (recomputed here), link, order and seal (the
 * application's HMAC under a key the database does not hold); the document against its last
 * entry; every stored record against what the document's data, files and the definitions' paths
 * give (`ringi_records_expected`) and against the files its history added and removed; on request
 * the stored bytes of a sample or of every file against the SHA-256 the history recorded; and,
 * for the whole store, the last anchor. `ok` is false when anything is broken or unattributed.
 */
export async function verifyRecords(db: Kysely<Database>, options: VerifyOptions): Promise<VerifyReport> {
  const limit = options.limit ?? 1000;
  const broken: ChainProblem[] = [];
  const unattributed: VerifyReport['unattributed'] = [];
  let problems = 0;
  let unattributedCount = 0;
  const report = (problem: ChainProblem) => {
    problems += 1;
    if (broken.length < limit) broken.push(problem);
  };
  const { documents } = options;
  const total = Number((await sql<{ n: number }>`select count(*)::int as n from buffers b where ${documents}`.execute(db)).rows[0].n);
  let entries = 0;
  let done = 0;
  let after = 0;
  for (;;) {
    const docs = (await sql<{ id: number; code: string | null; data: string | null; status: number }>`
      select b.id, b.code, b.data::text as data, b.status from buffers b where ${documents} and b.id > ${after} order by b.id limit ${DOC_BATCH}`.execute(db)).rows;
    if (!docs.length) break;
    after = docs[docs.length - 1].id;
    const ids = `{${docs.map((d) => d.id).join(',')}}`;
    const rows = (await sql<EntryRow>`select h.buffer_id, h.seq, h.actor_id, h.hash, h.prev_hash, h.mac, h.data_hash, h.files_added, h.files_removed,
        ${HASHED_TEXT} as body from record_history h where h.buffer_id = any(${ids}::integer[]) order by h.buffer_id, h.seq`.execute(db)).rows;
    entries += rows.length;
    const byDoc = new Map<number, EntryRow[]>();
    for (const row of rows) byDoc.set(row.buffer_id, [...(byDoc.get(row.buffer_id) ?? []), row]);
    const chainFiles = new Map<number, { live: Set<number>; known: Map<number, { name: string; sha256: string }> }>();
    for (const doc of docs) {
      const ref = { id: doc.id, code: doc.code };
      const chain = byDoc.get(doc.id) ?? [];
      if (!chain.length) { report({ document: ref, seq: null, problem: 'missing' }); continue; }
      const files = { live: new Set<number>(), known: new Map<number, { name: string; sha256: string }>() };
      chainFiles.set(doc.id, files);
      let previous = '';
      chain.forEach((entry, index) => {
        const problem = (kind: ChainProblemKind) => report({ document: ref, seq: entry.seq, problem: kind });
        if (sha256(entry.body) !== entry.hash) problem('hash');
        else if (entry.prev_hash !== previous) problem('link');
        else if (entry.seq !== index + 1) problem('gap');
        if (entry.mac === null || entry.mac === 'legacy') problem('unsealed');
        else if (!sealHolds(options.key, entry)) problem('seal');
        if (entry.actor_id === null) {
          unattributedCount += 1;
          if (unattributed.length < limit) unattributed.push({ document: ref, seq: entry.seq });
        }
        for (const file of entry.files_added ?? []) { files.live.add(file.id); files.known.set(file.id, { name: file.name, sha256: file.sha256 }); }
        for (const file of entry.files_removed ?? []) files.live.delete(file.id);
        previous = entry.hash;
      });
      const last = chain[chain.length - 1];
      if (last.data_hash !== sha256(`${doc.data ?? 'null'}\x1e${doc.status}`)) report({ document: ref, seq: last.seq, problem: 'data' });
    }
    await checkRecords(db, docs, ids, chainFiles, report);
    done += docs.length;
    options.onProgress?.({ phase: 'documents', done, total });
  }
  const modules = options.modules;
  if (modules) {
    for (const code of await pathsDiffering(db, modules)) {
      // The searched fields of a module's records come from paths that are not the definitions': every record of it is suspect.
      const doc = (await sql<{ id: number; code: string | null }>`select b.id, b.code from buffers b where b.module_code = ${code} and ${documents} order by b.id limit 1`.execute(db)).rows[0];
      if (doc) report({ document: doc, seq: null, problem: 'record' });
    }
  }
  const files = await checkFiles(db, options, report);
  let anchor: VerifyReport['anchor'] = null;
  if (options.anchorDir) {
    options.onProgress?.({ phase: 'anchor', done: 0, total: 1 });
    const checked = await checkAnchor(db, options.key, options.anchorDir, report);
    anchor = checked && { at: checked.at, file: checked.file, documents: checked.documents, digest: checked.digest, ok: checked.ok };
    options.onProgress?.({ phase: 'anchor', done: 1, total: 1 });
  }
  broken.sort((a, b) => a.document.id - b.document.id || (a.seq ?? -1) - (b.seq ?? -1));
  return {
    documents: total, entries, ok: problems === 0 && unattributedCount === 0, broken, unattributed, files, anchor,
  };
}

/**
 * The stored records of a batch of documents against (1) what their data, files and paths give
 * now (live records, every field) and (2) their history: each record's file must be one the
 * history added, with that name and SHA-256, and live exactly when the history left it on.
 */
async function checkRecords(db: Kysely<Database>, docs: Array<{ id: number; code: string | null }>, ids: string,
  chainFiles: Map<number, { live: Set<number>; known: Map<number, { name: string; sha256: string }> }>, report: (p: ChainProblem) => void) {
  const codes = new Map(docs.map((d) => [d.id, d.code]));
  const seen = new Set<string>();
  const problem = (documentId: number, fileId: number) => {
    if (seen.has(`${documentId}:${fileId}`)) return;
    seen.add(`${documentId}:${fileId}`);
    report({ document: { id: documentId, code: codes.get(documentId) ?? null }, seq: null, problem: 'record', file: { id: fileId } });
  };
  const differing = await sql<{ buffer_id: number; file_id: number }>`
    select coalesce(e.buffer_id, r.buffer_id) as buffer_id, coalesce(e.file_id, r.file_id) as file_id
    from ringi_records_expected(${ids}::integer[]) e
    full join (select * from records x where x.buffer_id = any(${ids}::integer[]) and x.removed_at is null) r
      on r.buffer_id = e.buffer_id and r.file_id = e.file_id
    where e.buffer_id is null or r.buffer_id is null or (${fieldsOf('e')}) is distinct from (${fieldsOf('r')})`.execute(db);
  for (const row of differing.rows) problem(row.buffer_id, row.file_id);
  const stored = await sql<{ buffer_id: number; file_id: number; file_name: string; sha256: string; live: boolean }>`
    select buffer_id, file_id, file_name, sha256, removed_at is null as live from records where buffer_id = any(${ids}::integer[])`.execute(db);
  const held = new Set<string>();
  for (const row of stored.rows) {
    held.add(`${row.buffer_id}:${row.file_id}`);
    const chain = chainFiles.get(row.buffer_id);
    if (!chain) continue;
    const known = chain.known.get(row.file_id);
    if (!known || known.name !== row.file_name || known.sha256 !== row.sha256 || chain.live.has(row.file_id) !== row.live) {
      problem(row.buffer_id, row.file_id);
    }
  }
  // Records are never deleted (a removed file keeps its record): every file the history ever added has one.
  for (const [documentId, chain] of chainFiles) {
    for (const fileId of chain.known.keys()) if (!held.has(`${documentId}:${fileId}`)) problem(documentId, fileId);
  }
}

/** Modules whose stored `record_paths` differ from the live definitions'. */
async function pathsDiffering(db: Kysely<Database>, modules: Record<string, CompiledModule>): Promise<string[]> {
  const wanted = recordPathRows(modules);
  const rows = await sql<RecordPathRow>`select module_code, doc_type, field, position, head, tail from record_paths`.execute(db);
  const have = new Map<string, RecordPathRow[]>();
  for (const row of rows.rows) have.set(row.module_code, [...(have.get(row.module_code) ?? []), row]);
  const signature = (list: RecordPathRow[]) => JSON.stringify(list.map((r) => [r.doc_type, r.field, r.position, r.head, r.tail])
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))));
  return [...new Set([...wanted.keys(), ...have.keys()])].filter((code) => signature(wanted.get(code) ?? []) !== signature(have.get(code) ?? []));
}

/** Streams a stored file through SHA-256 (null when its bytes cannot be read). */
export async function storedSha256(storage: FileStorage, storageKey: string): Promise<string | null> {
  const hash = createHash('sha256');
  try {
    for await (const chunk of storage.open(storageKey)) hash.update(chunk as Buffer);
  } catch {
    return null;
  }
  return hash.digest('hex');
}

/**
 * Reads back the stored bytes of a random sample or of every file of the documents' records and
 * compares their SHA-256 with the one recorded (the record's, which `checkRecords` ties to the
 * history) and with the upload's.
 */
async function checkFiles(db: Kysely<Database>, options: VerifyOptions, report: (p: ChainProblem) => void): Promise<VerifyReport['files']> {
  const mode = options.files ?? 'none';
  const scope = sql<SqlBool>`exists (select 1 from buffers b where b.id = r.buffer_id and ${options.documents})`;
  const total = Number((await sql<{ n: number }>`select count(distinct r.file_id)::int as n from records r where ${scope}`.execute(db)).rows[0].n);
  if (mode === 'none' || !options.storage) return { mode, checked: 0, total };
  const storage = options.storage;
  let checked = 0;
  let after = 0;
  for (;;) {
    const rows = (await sql<{ file_id: number; buffer_id: number; code: string | null; recorded: string; storage_key: string | null; uploaded: string | null }>`
      select x.* from (select distinct on (r.file_id) r.file_id, r.buffer_id, r.code, r.sha256 as recorded, f.storage_key, f.sha256 as uploaded
        from records r left join files f on f.id = r.file_id
        where ${scope} ${mode === 'all' ? sql`and r.file_id > ${after}` : sql``}
        order by r.file_id, r.buffer_id) x
      ${mode === 'all' ? sql`order by x.file_id limit ${FILE_BATCH}` : sql`order by random() limit ${VERIFY_SAMPLE_FILES}`}`.execute(db)).rows;
    for (const row of rows) {
      const actual = row.storage_key === null ? null : await storedSha256(storage, row.storage_key);
      if (actual !== row.recorded || row.uploaded !== row.recorded) {
        report({ document: { id: row.buffer_id, code: row.code }, seq: null, problem: 'file', file: { id: row.file_id } });
      }
      checked += 1;
      options.onProgress?.({ phase: 'files', done: checked, total: mode === 'all' ? total : rows.length });
    }
    if (mode === 'sample' || !rows.length) break;
    after = rows[rows.length - 1].file_id;
  }
  return { mode, checked, total };
}
