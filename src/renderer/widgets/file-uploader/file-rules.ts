import type { FileRecord } from '../../../wire/files';

/**
 * A stored file as `/files` and `/files/{id}/meta` answer it: the wire's FileRecord
 * (src/wire/files.ts), read tolerantly (a record learnt from an upload, or kept from an older
 * answer, may lack fields: each reader falls back).
 */
export type StoredFile = Partial<FileRecord> & Pick<FileRecord, 'id'>;

/** The spec's accepted uploads: images, pdf, xlsx, xls, doc, docx, ofd. */
export const ACCEPTED_EXTENSIONS = ['pdf', 'xlsx', 'xls', 'doc', 'docx', 'ofd', 'jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'heic'] as const;
/** The `accept` attribute for the file input. */
export const ACCEPT_ATTRIBUTE = ['image/*', ...ACCEPTED_EXTENSIONS.filter((e) => !['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'heic'].includes(e)).map((e) => `.${e}`)].join(',');
/** File names are shown truncated at 50 characters. */
export const FILE_NAME_MAX = 50;

/**
 * The `accept` attribute for a document type's own extensions (its attachment kind's `accept`,
 * e.g. `["pdf"]` → `.pdf`), so the file dialog offers only those; none given: every accepted type.
 */
export function acceptAttribute(extensions?: readonly string[] | null): string {
  const own = (extensions ?? []).map((e) => e.trim().toLowerCase().replace(/^\./, '')).filter(Boolean);
  return own.length ? own.map((e) => `.${e}`).join(',') : ACCEPT_ATTRIBUTE;
}

/**
 * Whether a chosen file is of an accepted type: by extension, or any image MIME type; with the
 * document type's own `extensions`, only those (the server refuses the others).
 */
export function isAcceptedFile(file: { name: string; type?: string }, extensions?: readonly string[] | null): boolean {
  const ext = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase();
  const own = (extensions ?? []).map((e) => e.trim().toLowerCase().replace(/^\./, '')).filter(Boolean);
  if (own.length) return ext !== undefined && own.includes(ext);
  if (file.type?.startsWith('image/')) return true;
  return ext !== undefined && (ACCEPTED_EXTENSIONS as readonly string[]).includes(ext);
}

/** The name shown for a file: formatted name or name, truncated at 50 characters with an ellipsis. */
export function fileLabel(file: StoredFile | undefined, fallback: string): string {
  const name = file?.formatted_name ?? file?.formated_name ?? file?.name ?? fallback;
  return name.length > FILE_NAME_MAX ? `${name.slice(0, FILE_NAME_MAX - 1)}…` : name;
}
