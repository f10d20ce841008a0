/**
 * Wire shapes of the electronic records (電子帳簿保存法; `GET /records`, `/records/export`,
 * `/records/verify`, `GET /buffers/{id}/history`), written once: the server's query and response
 * schemas (and /api/docs) and both sides' types come from here.
 */
import { Type, type Static } from '@sinclair/typebox';

import { IdName, amount, anyObject, collection, cursor, day, dbId, exportJob, nullable, open, paging, type Paged } from './common';

/** One electronic record: a file of a filed document with the document's transaction date, amount, currency and counterparty. */
export const RecordMember = open({
  date: Type.String({ format: 'date' }),
  amount: nullable(Type.Number()),
  currency: nullable(Type.String()),
  counterparty: nullable(Type.String()),
  registration_no: nullable(Type.String()),
  /** The document, with its 申請番号 / 決裁番号 (issue #36; null where none was given). */
  document: open({
    id: Type.Integer(), code: Type.String(), module: Type.String(),
    application_number: Type.Optional(nullable(Type.String())), decision_number: Type.Optional(nullable(Type.String())),
  }),
  file: open({ id: Type.Integer(), name: Type.String(), sha256: Type.String(), document_type: Type.String() }),
  /** When the file was taken off its document (its record is kept for the retention period), else null. */
  removed_at: nullable(Type.String()),
});
export type RecordMember = Static<typeof RecordMember>;

/**
 * The filters of `GET /records` and `/records/export` (検索要件): transaction date range, amount
 * range, counterparty (partial, case-insensitive), module, company, currency (code or id) and
 * registration number, any combination; all optional.
 */
export const recordFilterProperties = {
  'date[after]': Type.Optional(day()), 'date[before]': Type.Optional(day()),
  'amount[gte]': Type.Optional(amount()), 'amount[lte]': Type.Optional(amount()),
  counterparty: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  'module.code': Type.Optional(Type.String({ maxLength: 64, pattern: '^[a-z][a-z0-9-]{0,63}$' })),
  'company.id': Type.Optional(dbId()),
  currency: Type.Optional(Type.String({ minLength: 1, maxLength: 16 })),
  registration_no: Type.Optional(Type.String({ minLength: 1, maxLength: 14 })),
  /** 申請番号 / 決裁番号 of the document (issue #36): part of the number, case-insensitive. */
  application_number: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  decision_number: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  /** Also the records of files taken off their document (kept for the retention period). */
  include_removed: Type.Optional(Type.Boolean({ default: false })),
};
export const RecordFilter = Type.Object(recordFilterProperties, { additionalProperties: false });
export type RecordFilter = Static<typeof RecordFilter>;

/** `GET /records`: the filters, `page`/`itemsPerPage` (10, at most 100) and `cursor`. */
export const RecordQuery = Type.Object({ ...paging(), cursor: Type.Optional(cursor()), ...recordFilterProperties }, { additionalProperties: false });
export type RecordQuery = Paged<typeof RecordQuery>;

/** `GET /records`: a page, newest transaction first; `nextCursor` when the page was full. */
export const RecordCollection = collection(RecordMember, { nextCursor: Type.Optional(Type.String()) });
export type RecordCollection = Static<typeof RecordCollection>;

/** `GET /records/export`: the filters, the format (csv or zip) and the CSV's encoding. */
export const RecordExportQuery = Type.Object({
  ...recordFilterProperties,
  format: Type.Optional(Type.Union([Type.Literal('csv'), Type.Literal('zip')], { default: 'csv' })),
  encoding: Type.Optional(Type.Union([Type.Literal('utf-8'), Type.Literal('shift_jis')], { default: 'utf-8' })),
}, { additionalProperties: false });
export type RecordExportQuery = Static<typeof RecordExportQuery>;

/** A records export job. */
export const RecordExportJob = exportJob({ format: Type.String() });
export type RecordExportJob = Static<typeof RecordExportJob>;

/** How many stored files `GET /records/verify` reads back and re-hashes: none, a random sample (default) or all. */
export const VERIFY_FILES = ['none', 'sample', 'all'] as const;
export type VerifyFiles = (typeof VERIFY_FILES)[number];

/** `GET /records/verify?company.id=&files=`. */
export const VerifyQuery = Type.Object({
  'company.id': recordFilterProperties['company.id'],
  files: Type.Optional(Type.Union(VERIFY_FILES.map((f) => Type.Literal(f)), { default: 'sample' })),
}, { additionalProperties: false });
export type VerifyQuery = Static<typeof VerifyQuery>;

const DocumentRef = open({ id: Type.Integer(), code: nullable(Type.String()) });

/**
 * What the check can find, one name each (docs/COMPLIANCE.md):
 * `hash` — the entry's content no longer gives its SHA-256; `link` — its `prev_hash` is not the
 * hash before it; `gap` — an entry is missing; `data` — the document differs from what its last
 * entry recorded; `missing` — a document with no entry at all; `unsealed` — an entry without the
 * application's seal (written outside it, e.g. by psql); `seal` — a seal that does not fit the
 * entry (forged, or the entry rewritten with its hashes recomputed); `record` — a stored record
 * (date, amount, currency, counterparty, registration number, file, …) differs from what the
 * document's data and history give; `file` — a file's stored bytes no longer give the SHA-256 the
 * history recorded; `deleted` — a document the last anchor holds no longer exists; `anchor` — an
 * entry the last anchor holds is gone or different, or the anchor file itself does not verify.
 */
export const CHAIN_PROBLEMS = ['hash', 'link', 'gap', 'data', 'missing', 'unsealed', 'seal', 'record', 'file', 'deleted', 'anchor'] as const;
export type ChainProblemKind = (typeof CHAIN_PROBLEMS)[number];

/** A break found by the check; `file` names the record's file for `record` and `file`. */
export const ChainProblem = open({
  document: DocumentRef,
  seq: nullable(Type.Integer()),
  problem: Type.Union(CHAIN_PROBLEMS.map((p) => Type.Literal(p))),
  file: Type.Optional(open({ id: Type.Integer() })),
});
export type ChainProblem = Static<typeof ChainProblem>;

/** What `GET /records/verify` answers; `ok` is false when anything is broken or unattributed. */
export const VerifyReport = open({
  documents: Type.Integer(),
  entries: Type.Integer(),
  ok: Type.Boolean(),
  broken: Type.Array(ChainProblem),
  /** Entries written with no actor (a change made outside the application's transactions). */
  unattributed: Type.Array(open({ document: DocumentRef, seq: Type.Integer() })),
  /** Stored files read back and re-hashed: how (none, sample, all), how many of how many. */
  files: Type.Optional(open({ mode: Type.Union(VERIFY_FILES.map((f) => Type.Literal(f))), checked: Type.Integer(), total: Type.Integer() })),
  /**
   * The last anchor of the whole store (a digest of every document's chain head kept outside the
   * database), compared when the whole store is verified; null when there is none yet or the
   * check covered one company.
   */
  anchor: Type.Optional(nullable(open({ at: Type.String(), file: Type.String(), documents: Type.Integer(), digest: Type.String(), ok: Type.Boolean() }))),
});
export type VerifyReport = Static<typeof VerifyReport>;

const FileRef = open({ id: Type.Integer(), name: Type.String(), sha256: Type.String() });
export type FileRef = Static<typeof FileRef>;

/** One entry of a document's append-only history: before and after, who, when and why, chained by SHA-256. */
export const HistoryEntry = open({
  seq: Type.Integer(),
  at: Type.String(),
  actor: nullable(IdName),
  /** The principal the actor (their deputy) acted for; null when they acted for themselves (it is in the hash). */
  on_behalf_of: nullable(IdName),
  reason: nullable(Type.String()),
  kind: Type.String(),
  before: nullable(anyObject()),
  after: nullable(anyObject()),
  files_added: Type.Array(FileRef),
  files_removed: Type.Array(FileRef),
  hash: Type.String(),
  prev_hash: Type.String(),
});
export type HistoryEntry = Static<typeof HistoryEntry>;

/** The filters of a document's history: text in the change, kind, who, and a time range (days inclusive). */
export const historyFilterProperties = {
  q: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  kind: Type.Optional(Type.Union((['filed', 'edit', 'status', 'file-added', 'file-removed', 'comment', 'comment-withdrawn'] as const).map((k) => Type.Literal(k)))),
  'actor.id': Type.Optional(dbId()),
  'at[after]': Type.Optional(day()),
  'at[before]': Type.Optional(day()),
};
export const HistoryFilter = Type.Object(historyFilterProperties);
export type HistoryFilter = Static<typeof HistoryFilter>;

/** `GET /buffers/{id}/history`: the filters and the format (json, or pdf to print). */
export const HistoryQuery = Type.Object({
  ...historyFilterProperties,
  format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('pdf')], { default: 'json' })),
}, { additionalProperties: false });
export type HistoryQuery = Static<typeof HistoryQuery>;

/** `GET /buffers/{id}/history`: the entries, oldest first, and whether the whole chain still verifies. */
export const HistoryCollection = collection(HistoryEntry, { chain_ok: Type.Boolean() });
export type HistoryCollection = Static<typeof HistoryCollection>;
