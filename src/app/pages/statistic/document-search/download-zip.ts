import { readToken } from '../../../api/token-store';
import { saveDownload } from '../../../api/download-export';
import type { ZipBody } from '../../../../wire/files';

/** Progress of a download: bytes so far and the total when the server announced it. */
export interface Progress { received: number; total: number | null }

/**
 * Downloads the chosen files as one zip (`POST /api/buffer_files/zip`), reporting progress as
 * the stream arrives (the server sends Content-Length), then hands the browser the file.
 * Rejects with the server's message on a refusal.
 */
export async function downloadZip(ids: number[], language: string, onProgress: (p: Progress) => void, signal?: AbortSignal): Promise<void> {
  const token = readToken();
  const response = await fetch('/api/buffer_files/zip', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': language, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ ids } satisfies ZipBody),
    signal,
  });
  if (!response.ok || !response.body) {
    const body = await response.json().catch(() => null) as { message?: string } | null;
    throw new Error(body?.message ?? String(response.status));
  }
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  onProgress({ received, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    onProgress({ received, total });
  }
  saveDownload(new Blob(chunks as BlobPart[], { type: 'application/zip' }), response, 'documents.zip');
}
