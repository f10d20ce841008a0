/**
 * Wire shape of a stored file (spec 000 §3, 001 §3) as every files route answers it, written once:
 * the files routes' response schemas (and /api/docs) and both sides' types come from here.
 */
import { Type, type Static } from '@sinclair/typebox';

import { collection, nullable, open, stringEnum } from './common';

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
