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
 * Opens a PDF from its signed url (or its bytes kept offline) with pdf.js (loaded on first use: it
 * never weighs on a page that shows no PDF). The file is read **once, whole, in one request**
 * (`disableRange`): each byte travels once. pdf.js's default streams the file while range requests
 * fetch what the first page needs; on a slow line the ranges were still on their way when the stream
 * brought the same bytes, so a phone read 9 MB of a 4.9 MB file (bench:preview,
 * docs/PERFORMANCE.md). Ranges alone (`disableStream`) read the file in about 40 sequential requests
 * (pdf.js checks the last page, which in a non-linearized file walks every page object) after a
 * first full request it cancels once its headers came, whose bytes in flight are read twice too.
 * Page 1 does not wait for the file: the viewer shows the server's picture of it meanwhile. The
 * CSP allows no eval and no WebAssembly: both are off, pdf.js's JavaScript decoders are used. CJK
 * text of PDFs without embedded fonts needs the CMaps, served with the standard fonts at
 * `/assets/pdfjs-<version>/` (scripts/lib/pdfjs-data-plugin.ts) and kept offline with the viewer
 * ({@link preparePdfViewer}).
 */
export async function openPdf(source: string | Blob, signal: AbortSignal): Promise<OpenedPdf> {
  const pdfjs = await import('pdfjs-dist');
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  const data = `/assets/pdfjs-${pdfjs.version}/`;
  // A copy kept on the device (offline) is handed over as bytes: the CSP lets pdf.js fetch no blob: address.
  const from = typeof source === 'string' ? { url: source } : { data: new Uint8Array(await source.arrayBuffer()) };
  const task = pdfjs.getDocument({
    ...from,
    cMapUrl: `${data}cmaps/`,
    cMapPacked: true,
    standardFontDataUrl: `${data}standard_fonts/`,
    wasmUrl: `${data}wasm/`,
    iccUrl: `${data}iccs/`,
    useWasm: false,
    isEvalSupported: false,
    // The page fetches the CMaps, not pdf.js's worker: the page's requests are the ones the app's
    // service worker answers offline from the CMaps kept with the viewer.
    useWorkerFetch: false,
    disableRange: true,
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

let viewerFiles: Promise<string[]> | null = null;

/**
 * Loads pdf.js and its worker without opening anything and answers the addresses of the viewer's
 * files that the app's service worker must keep so that a PDF kept for reading offline (issue 33
 * item 3) can be shown without a connection: the worker and every CMap (`cmaps.json`,
 * scripts/lib/pdfjs-data-plugin.ts: which ones a PDF needs is known only while pdf.js reads its
 * fonts; all of them are 1.7 MB, read once per pdf.js version). Once per page.
 */
export function preparePdfViewer(): Promise<string[]> {
  viewerFiles ??= (async () => {
    const pdfjs = await import('pdfjs-dist');
    await fetch(workerUrl).then((reply) => reply.blob());
    const data = `/assets/pdfjs-${pdfjs.version}/`;
    const reply = await fetch(`${data}cmaps.json`);
    const names: unknown = reply.ok ? await reply.json() : [];
    const cmaps = Array.isArray(names) ? names.filter((name): name is string => typeof name === 'string' && /^[\w.-]+\.bcmap$/.test(name)) : [];
    return [workerUrl, ...cmaps.map((name) => `${data}cmaps/${name}`)];
  })();
  viewerFiles.catch(() => {
    viewerFiles = null;
  });
  return viewerFiles;
}

/** What kind of failure a pdf.js error is (its exception names are stable across versions). */
export function pdfFailure(error: unknown): PdfFailure {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'PasswordException') return 'password';
  if (name === 'InvalidPDFException') return 'invalid';
  return 'unreadable';
}
