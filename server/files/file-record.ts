import type { FileTable } from '../db/database';
import type { FileKind, FileRecord } from '../../src/wire/files';
import { signFileToken } from './file-url-token';
import { formatFileSize } from '../../src/engine/files/format-file-size';

/** The spec's File (000 §3, 001 §3) as every files route answers it: the wire shape (src/wire/files.ts). */
export type { FileRecord };

/** Names are shown at most 50 characters long (spec 000 §9); the extension is kept. */
export const FORMATTED_NAME_MAX = 50;

/** The name shortened to 50 characters with an ellipsis, keeping the extension visible. */
export function formattedName(name: string): string {
  const chars = [...name];
  if (chars.length <= FORMATTED_NAME_MAX) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= 8 ? name.slice(dot) : '';
  return `${chars.slice(0, FORMATTED_NAME_MAX - 1 - [...ext].length).join('')}…${ext}`;
}

/**
 * A user-given file name made safe to store and to send back in headers: the last path
 * segment only, no control characters, at most 200 characters; never empty.
 */
export function safeFileName(raw: string | undefined, fallbackExt: string): string {
  const last = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what this strips from a file name
  const clean = last.replace(/[\u0000-\u001f\u007f"]/g, '').trim().slice(-200);
  return clean === '' || clean === '.' || clean === '..' ? `file.${fallbackExt}` : clean;
}

/** The kind stored with a file, from its MIME type (rows keep the detected MIME type). */
export function kindOf(mime: string): FileKind {
  if (mime.startsWith('image/')) return 'image';
  if (mime === 'application/pdf') return 'pdf';
  if (mime === 'application/ofd') return 'ofd';
  if (mime === 'application/vnd.ms-excel' || mime.includes('spreadsheetml')) return 'spreadsheet';
  if (mime === 'application/zip') return 'zip';
  return 'other';
}

/** The answer for one file row, with a signed link for the reader `userId`. */
export function fileRecord(
  row: Pick<FileTable, 'name' | 'mime_type' | 'size' | 'document_type'> & { id: number; created_at: Date | string },
  userId: number,
  secret: string,
): FileRecord {
  const formatted = formattedName(row.name);
  return {
    id: row.id,
    url: `/api/files/${row.id}?token=${signFileToken(secret, row.id, userId)}`,
    name: row.name,
    formated_name: formatted,
    formatted_name: formatted,
    type: kindOf(row.mime_type),
    mime_type: row.mime_type,
    size: row.size,
    size_string: formatFileSize(row.size),
    created_at: new Date(row.created_at).toISOString(),
    document_type: row.document_type,
  };
}
