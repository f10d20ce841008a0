/**
 * Wire shape of a stored file (spec 000 §3, 001 §3) as every files route answers it, and the files
 * routes' signed-link queries and zip body, written once: the files routes' schemas (and /api/docs)
 * and both sides' types come from here.
 */
import { Type, type Static } from '@sinclair/typebox';

import { IdName, collection, dbId, nullable, open, stringEnum } from './common';

/** What a file is, from its detected MIME type. */
export const FILE_KINDS = ['image', 'pdf', 'spreadsheet', 'ofd', 'zip', 'other'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** A file record: id, signed `url`, names, kind, MIME type, size, upload time and document type. */
export const FileRecord = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  name: Type.String(),
  /** The spec's spelling of the upload answer (`POST /files` returns `formated_name`). */
  formated_name: Type.String(),
  formatted_name: Type.String(),
  type: stringEnum(FILE_KINDS),
  mime_type: Type.String(),
  size: Type.Integer(),
  size_string: Type.String(),
  created_at: Type.String(),
  document_type: Type.String(),
});
export type FileRecord = Static<typeof FileRecord>;

/** A file the Statistic files search found (`GET /buffer_files/statistic_search`), with the document it belongs to. */
export const FoundFile = open({
  ...FileRecord.properties,
  buffer: open({
    id: Type.Integer(), code: Type.String(), module: open({ code: Type.String() }),
    amount: nullable(Type.Number()), currency_id: nullable(Type.Integer()),
  }),
});
export type FoundFile = Static<typeof FoundFile>;

/** `GET /buffer_files/statistic_search`: a page of found files. */
export const FoundFileCollection = collection(FoundFile);
export type FoundFileCollection = Static<typeof FoundFileCollection>;

/**
 * The query of `GET /files/{id}` and `/files/{id}/meta`: the `token` of a record's signed `url`,
 * which stands in for the bearer header (10 minutes); without it the bearer header is needed.
 */
export const FileLinkQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) });
export type FileLinkQuery = Static<typeof FileLinkQuery>;

/** The query of `GET /statistic_files/{id}`: the `token` of a statistics file record's signed `url` (the route is public, so it is required). */
export const StatisticFileQuery = Type.Object({ token: Type.String({ maxLength: 200 }) });
export type StatisticFileQuery = Static<typeof StatisticFileQuery>;

/** At most this many files in one zip download (a page of selections, not a bulk export). */
export const MAX_ZIP_FILES = 200;

/**
 * Body of `POST /buffer_files/zip`: the chosen files' ids, each once. The schema lets one id more
 * than the cap through so that the route, not the schema, says how many files a zip may hold.
 */
export const ZipBody = Type.Object({
  ids: Type.Array(dbId(), { maxItems: MAX_ZIP_FILES + 1, uniqueItems: true }),
}, { additionalProperties: false });
export type ZipBody = Static<typeof ZipBody>;

/**
 * A file of a document as `GET /transaction_files/buffer/{id}` lists it: who uploaded it
 * (`updater`), the file record (its `url` a statistics link when read through the Statistic scope)
 * and when.
 */
export const TransactionFile = open({ updater: IdName, file: FileRecord, created_at: Type.String() });
export type TransactionFile = Static<typeof TransactionFile>;

/** `GET /transaction_files/buffer/{id}`: a document's files, oldest first. */
export const TransactionFileCollection = collection(TransactionFile);
export type TransactionFileCollection = Static<typeof TransactionFileCollection>;
