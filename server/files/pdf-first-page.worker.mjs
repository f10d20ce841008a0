// Draws the first page of a PDF as a WebP picture, in a worker thread of its own (issue #33 item
// 6; server/files/file-previews.ts starts it): pdf.js parses the uploaded bytes here, never on the
// server's event loop, and the thread is ended from outside when it takes too long or its heap
// limit is reached. Plain JavaScript: the thread starts the same under tsx, Vitest and the compiled
// server (no TypeScript loader in a worker).
//
// In:  { bytes: ArrayBuffer, width: number, maxHeight: number }
// Out: { ok: true, image: ArrayBuffer, width, height, pages } or { ok: false, failure: string }
import { parentPort, workerData } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

async function draw({ bytes, width, maxHeight }) {
  const { createCanvas } = await import('@napi-rs/canvas');
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const data = dirname(require.resolve('pdfjs-dist/package.json'));
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    // No code from the file runs: no eval (fonts are drawn as paths), no WebAssembly decoders.
    isEvalSupported: false,
    useWasm: false,
    disableFontFace: true,
    useSystemFonts: false,
    standardFontDataUrl: join(data, 'standard_fonts') + '/',
    cMapUrl: join(data, 'cmaps') + '/',
    cMapPacked: true,
    verbosity: 0,
  });
  try {
    const pdf = await task.promise;
    const page = await pdf.getPage(1);
    const base = page.getViewport({ scale: 1 });
    // The phone's width at twice its pixels; a very tall page is drawn to maxHeight instead.
    const scale = Math.min(width / base.width, maxHeight / base.height);
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(Math.max(1, Math.floor(viewport.width)), Math.max(1, Math.floor(viewport.height)));
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas, canvasContext: context, viewport }).promise;
    const image = canvas.toBuffer('image/webp', 80);
    return { ok: true, image, width: canvas.width, height: canvas.height, pages: pdf.numPages };
  } finally {
    await task.destroy();
  }
}

draw(workerData).then(
  (result) => {
    if (!result.ok) return parentPort.postMessage(result);
    const image = result.image.buffer.slice(result.image.byteOffset, result.image.byteOffset + result.image.byteLength);
    parentPort.postMessage({ ...result, image }, [image]);
  },
  (error) => parentPort.postMessage({ ok: false, failure: String(error?.name ?? 'Error') + ': ' + String(error?.message ?? error).slice(0, 200) }),
);
