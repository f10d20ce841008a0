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
