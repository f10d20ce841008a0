import type { PDFDocumentProxy } from 'pdfjs-dist';
// eslint-disable-next-line import/default -- a Vite `?url` import is the built worker file's address, not a module with exports
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/** Why a PDF could not be shown: a password, not a PDF (damaged), or not readable (network, 404). */
export type PdfFailure = 'password' | 'invalid' | 'unreadable';

/** An opened PDF, and how to let it go (its worker and the range requests still running). */
export interface OpenedPdf {
  pdf: PDFDocumentProxy;
  close(): void;
}

/**
 * Opens a PDF from its signed url with pdf.js (loaded on first use: it never weighs on a page that
 * shows no PDF). The file is streamed whole while range requests (256 KiB, the server's chunk)
 * fetch first what the first page needs — the end (cross-reference) and that page's objects.
 * Reading only those ranges was tried: pdf.js also checks the last page of every PDF, which in a
 * non-linearized file walks every page object, so it read the whole file in 38 sequential
 * requests (bench:preview, docs/PERFORMANCE.md). The CSP allows no eval and no WebAssembly: both are off, pdf.js's JavaScript
 * decoders are used. CJK text of PDFs without embedded fonts needs the CMaps, served with the
 * standard fonts at `/assets/pdfjs-<version>/` (scripts/lib/pdfjs-data-plugin.ts).
 */
export async function openPdf(url: string, signal: AbortSignal): Promise<OpenedPdf> {
  const pdfjs = await import('pdfjs-dist');
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  const data = `/assets/pdfjs-${pdfjs.version}/`;
  const task = pdfjs.getDocument({
    url,
    cMapUrl: `${data}cmaps/`,
    cMapPacked: true,
    standardFontDataUrl: `${data}standard_fonts/`,
    wasmUrl: `${data}wasm/`,
    iccUrl: `${data}iccs/`,
    useWasm: false,
    isEvalSupported: false,
    rangeChunkSize: 256 * 1024,
  });
  const close = () => void task.destroy();
  signal.addEventListener('abort', close, { once: true });
  try {
    return { pdf: await task.promise, close };
  } catch (error) {
    close();
    throw error;
  }
}

/** What kind of failure a pdf.js error is (its exception names are stable across versions). */
export function pdfFailure(error: unknown): PdfFailure {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'PasswordException') return 'password';
  if (name === 'InvalidPDFException') return 'invalid';
  return 'unreadable';
}
