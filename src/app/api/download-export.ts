import { readToken } from './token-store';

/**
 * Downloads `GET /api/<path>?<query>` as a file (the bearer header cannot ride on a plain link)
 * and hands it to the browser under the server's file name. Rejects with the server's message.
 */
export async function downloadExport(path: string, query: string, language: string, fallbackName: string): Promise<void> {
  const token = readToken();
  const response = await fetch(`/api${path}${query ? `?${query}` : ''}`, {
    headers: { 'accept-language': language, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  if (!response.ok) {
    const body = await response.json().catch(() => null) as { message?: string } | null;
    throw new Error(body?.message ?? String(response.status));
  }
  saveDownload(await response.blob(), response, fallbackName);
}

/** Hands `blob` to the browser as a file, under the answer's `Content-Disposition` name (else `fallbackName`). */
export function saveDownload(blob: Blob, response: Response, fallbackName: string): void {
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
