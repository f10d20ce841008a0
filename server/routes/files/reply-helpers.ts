/** Types a browser may show in place (opened in a new window or an <img>); anything else downloads. */
const INLINE = /^(image\/(jpeg|png|gif|webp|bmp|heic)|application\/pdf)$/;

/**
 * `Content-Disposition` for a stored name: an ASCII fallback (other characters become `_`) and
 * the exact UTF-8 name (RFC 6266 / 5987), inline only for images and pdf.
 */
export function contentDisposition(name: string, mime: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${INLINE.test(mime) ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Whether a client asked for JSON first (the web app's API client), rather than the content itself. */
export function wantsJson(accept: string | undefined): boolean {
  const first = (accept ?? '').split(',')[0]?.split(';')[0]?.trim().toLowerCase();
  return first === 'application/json';
}

/**
 * The one byte range a `Range` header asks of a content of `size` bytes (RFC 9110 §14.1.2):
 * `bytes=a-b`, `bytes=a-` or the last n bytes `bytes=-n`, `end` clipped to the content. Null when
 * there is no header, it is not one byte range (several ranges, other units, malformed: the whole
 * content is sent, as the RFC allows), or an `If-Range` is present (no validators are sent, so none
 * can match). `unsatisfiable` when it starts at or after the end (416).
 */
export function requestedRange(header: string | undefined, ifRange: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header || ifRange !== undefined) return null;
  const match = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Number(match[2]);
  if (match[2] !== '' && end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}
