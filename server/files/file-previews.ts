import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { PROJECT_ROOT } from '../lib/project-root';
import type { FileStorage } from './file-storage';

/** The picture of a PDF's first page, as stored. */
export interface FilePreview {
  mimeType: string;
  width: number;
  height: number;
  pageCount: number;
  bytes: Uint8Array;
}

export interface FilePreviewOptions {
  /** Width of the picture in pixels: a phone's 390 CSS pixels at twice their density. */
  width?: number;
  /** A very tall first page is drawn to this height instead. */
  maxHeight?: number;
  /** A drawing that takes longer is stopped (its thread ended) and recorded as failed. */
  timeoutMs?: number;
  /** The heap of the drawing's thread (a huge or hostile PDF ends it, never the server). */
  heapMb?: number;
  /** PDFs above this size are not drawn (the viewer draws them itself). */
  maxBytes?: number;
  /** Uploads waiting to be drawn at most; more are drawn when first asked for. */
  queue?: number;
}

type Drawn = { ok: true; image: ArrayBuffer; width: number; height: number; pages: number } | { ok: false; failure: string };

const WORKER = join(PROJECT_ROOT, 'server/files/pdf-first-page.worker.mjs');

/**
 * First pages of PDF attachments as pictures (issue #33 item 6: a 5 MB PDF's first page on a phone
 * within a second of the tap). After an upload, the PDF's first page is drawn once — pdf.js in a
 * worker thread of its own, with a time and heap limit, one at a time per instance — and stored in
 * `file_previews`; `GET /files/{id}/preview` answers it (drawing it then if no instance has yet:
 * after a restart, or when the queue was full). Every instance reads every picture (the database).
 * A PDF that cannot be drawn is recorded as such and never tried again.
 */
export class FilePreviews {
  private readonly width: number;
  private readonly maxHeight: number;
  private readonly timeoutMs: number;
  private readonly heapMb: number;
  private readonly maxBytes: number;
  private readonly queueLimit: number;
  /** The drawing in progress or waiting, by file id (one promise per file, whoever asked). */
  private readonly pending = new Map<number, Promise<void>>();
  private chain: Promise<void> = Promise.resolve();
  private readonly workers = new Set<Worker>();
  private closed = false;

  constructor(private readonly db: Kysely<Database>, private readonly storage: FileStorage, options: FilePreviewOptions = {}) {
    this.width = options.width ?? 780;
    this.maxHeight = options.maxHeight ?? 2400;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.heapMb = options.heapMb ?? 256;
    this.maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
    this.queueLimit = options.queue ?? 20;
  }

  /** Queues the drawing of an uploaded PDF (after its answer was sent; failures are recorded, never thrown). */
  schedule(fileId: number): void {
    if (this.closed || this.pending.has(fileId) || this.pending.size >= this.queueLimit) return;
    void this.draw(fileId);
  }

  /** The stored picture of a PDF's first page, drawn now if none is stored yet; null when it cannot be drawn. */
  async get(fileId: number): Promise<FilePreview | null> {
    let row = await this.read(fileId);
    if (!row && !this.closed) {
      await this.draw(fileId);
      row = await this.read(fileId);
    }
    if (!row?.bytes || !row.mime_type) return null;
    return { mimeType: row.mime_type, width: row.width ?? 0, height: row.height ?? 0, pageCount: row.page_count ?? 0, bytes: row.bytes };
  }

  /** Ends the drawing in progress and forgets the queue (the server is stopping; the next start draws on demand). */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.workers].map((worker) => worker.terminate()));
    await Promise.allSettled(this.pending.values());
  }

  private read(fileId: number) {
    return this.db.selectFrom('file_previews').select(['mime_type', 'width', 'height', 'page_count', 'bytes', 'failure'])
      .where('file_id', '=', fileId).executeTakeFirst();
  }

  /** One drawing per file at a time, one file at a time per instance. */
  private draw(fileId: number): Promise<void> {
    const running = this.pending.get(fileId);
    if (running) return running;
    const done = this.chain.then(() => this.drawNow(fileId)).catch(() => undefined).finally(() => this.pending.delete(fileId));
    this.chain = done;
    this.pending.set(fileId, done);
    return done;
  }

  private async drawNow(fileId: number): Promise<void> {
    if (this.closed || (await this.read(fileId))) return;
    const file = await this.db.selectFrom('files').select(['storage_key', 'mime_type', 'size']).where('id', '=', fileId).executeTakeFirst();
    if (!file || file.mime_type !== 'application/pdf') return;
    const drawn: Drawn = file.size > this.maxBytes
      ? { ok: false, failure: `larger than ${this.maxBytes} bytes` }
      : await this.render(await this.bytesOf(file.storage_key));
    if (this.closed) return;
    const values = drawn.ok
      ? { file_id: fileId, mime_type: 'image/webp', width: drawn.width, height: drawn.height, page_count: drawn.pages, bytes: new Uint8Array(drawn.image) }
      : { file_id: fileId, failure: drawn.failure.slice(0, 300) };
    // A deleted file (its row gone since) leaves nothing: the foreign key refuses the row.
    await this.db.insertInto('file_previews').values(values).onConflict((oc) => oc.column('file_id').doNothing()).execute().catch(() => undefined);
  }

  private async bytesOf(key: string): Promise<ArrayBuffer> {
    const parts: Buffer[] = [];
    for await (const chunk of this.storage.open(key)) parts.push(chunk as Buffer);
    const whole = Buffer.concat(parts);
    return whole.buffer.slice(whole.byteOffset, whole.byteOffset + whole.byteLength) as ArrayBuffer;
  }

  /** Draws in a thread of its own; a thread over its time or heap is ended and the drawing fails. */
  private render(bytes: ArrayBuffer): Promise<Drawn> {
    return new Promise((resolve) => {
      const worker = new Worker(WORKER, {
        workerData: { bytes, width: this.width, maxHeight: this.maxHeight },
        transferList: [bytes],
        resourceLimits: { maxOldGenerationSizeMb: this.heapMb },
        // The server's loader (tsx) and its flags are not needed: the worker is plain JavaScript.
        execArgv: [],
        stdout: true,
        stderr: true,
      });
      this.workers.add(worker);
      let settled = false;
      const finish = (result: Drawn) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.workers.delete(worker);
        void worker.terminate();
        resolve(result);
      };
      const timer = setTimeout(() => finish({ ok: false, failure: `not drawn within ${this.timeoutMs} ms` }), this.timeoutMs);
      worker.once('message', (message: Drawn) => finish(message));
      worker.once('error', (error) => finish({ ok: false, failure: `${error.name}: ${error.message}`.slice(0, 300) }));
      worker.once('exit', (code) => finish({ ok: false, failure: `the drawing thread ended (${code})` }));
    });
  }
}
