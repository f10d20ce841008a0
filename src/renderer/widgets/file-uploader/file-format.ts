import type { StoredFile } from './file-rules';
import { formatFileSize } from '../../../engine/files/format-file-size';

/** The spec's file kinds (000 §3): what the type icon shows. */
export type FileKind = 'image' | 'pdf' | 'spreadsheet' | 'ofd' | 'zip' | 'other';

const KINDS: readonly FileKind[] = ['image', 'pdf', 'spreadsheet', 'ofd', 'zip', 'other'];
const BY_EXTENSION: Record<string, FileKind> = {
  jpg: 'image', jpeg: 'image', png: 'image', gif: 'image', webp: 'image', bmp: 'image', heic: 'image',
  pdf: 'pdf', xlsx: 'spreadsheet', xls: 'spreadsheet', csv: 'spreadsheet', ofd: 'ofd', zip: 'zip',
};

/**
 * A file's kind: the server's `type` when it is one of the spec's kinds, else from the MIME type,
 * else from the name's extension (a record from an older answer may lack `type`).
 */
export function fileKind(file: StoredFile | undefined): FileKind {
  if (!file) return 'other';
  if (KINDS.includes(file.type as FileKind)) return file.type as FileKind;
  if (file.mime_type?.startsWith('image/')) return 'image';
  if (file.mime_type === 'application/pdf') return 'pdf';
  const name = file.name ?? file.formatted_name ?? file.formated_name ?? '';
  const ext = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  return BY_EXTENSION[ext] ?? 'other';
}

/** The size shown for a file: the server's `size_string`, else computed from `size`, else empty. */
export function fileSizeLabel(file: StoredFile | undefined): string {
  if (file?.size_string) return file.size_string;
  return typeof file?.size === 'number' ? formatFileSize(file.size) : '';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `created_at` as `YYYY/MM/DD HH:mm` in the user's time zone; empty when absent or unreadable. */
export function formatFileDate(value: string | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}/${pad(date.getMonth() + 1)}/${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
