/** A stored file as `/files` returns it. */
export interface StoredFile {
  id: number;
  url?: string;
  name?: string;
  formatted_name?: string;
  /** The spec spells the upload answer's field this way. */
  formated_name?: string;
  /** The server's kind: image, pdf, spreadsheet, ofd, zip or other. */
  type?: string;
  mime_type?: string;
  /** Bytes; shown 1024-based when the server gave no `size_string`. */
  size?: number;
  size_string?: string;
  created_at?: string;
}

/** The spec's accepted uploads: images, pdf, xlsx, xls, doc, docx, ofd. */
export const ACCEPTED_EXTENSIONS = ['pdf', 'xlsx', 'xls', 'doc', 'docx', 'ofd', 'jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'heic'] as const;
/** The `accept` attribute for the file input. */
export const ACCEPT_ATTRIBUTE = ['image/*', ...ACCEPTED_EXTENSIONS.filter((e) => !['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'heic'].includes(e)).map((e) => `.${e}`)].join(',');
/** File names are shown truncated at 50 characters. */
export const FILE_NAME_MAX = 50;

/** Whether a chosen file is of an accepted type (by extension, or any image MIME type). */
export function isAcceptedFile(file: { name: string; type?: string }): boolean {
  if (file.type?.startsWith('image/')) return true;
  const ext = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase();
  return ext !== undefined && (ACCEPTED_EXTENSIONS as readonly string[]).includes(ext);
}

/** The name shown for a file: formatted name or name, truncated at 50 characters with an ellipsis. */
export function fileLabel(file: StoredFile | undefined, fallback: string): string {
  const name = file?.formatted_name ?? file?.formated_name ?? file?.name ?? fallback;
  return name.length > FILE_NAME_MAX ? `${name.slice(0, FILE_NAME_MAX - 1)}…` : name;
}
