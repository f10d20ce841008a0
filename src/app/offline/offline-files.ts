import { fileFieldNames } from '../../engine/definitions/file-field-names';
import { fileIdsIn } from '../../engine/definitions/file-ids-in';
import type { CompiledModule } from '../../engine';
import type { ApiClient } from '../api';
import { forgetFile, keepFile, keptFileIds, readKeptFile } from './offline-db';
import { keepInShell } from './offline-shell';

/** The largest attachment kept offline (issue #33 item 3): 5 MB each. */
export const OFFLINE_FILE_MAX_BYTES = 5 * 1024 * 1024;

/** The File record as `/files/{id}/meta` answers it (only what keeping needs). */
interface FileMeta {
  id: number;
  size?: number;
  url?: string;
}

/** The ids of the files a document's data holds: its definition's file fields (the server's rule of who may read them). */
export function documentFileIds(module: CompiledModule, data: Record<string, unknown>): number[] {
  return [...new Set(fileIdsIn(data, new Set(fileFieldNames({ [module.code]: module }))).map((f) => f.id))];
}

/**
 * Keeps the attachments of one pending document on the device: each file's record (kept by the
 * offline copies as it passes) and, up to {@link OFFLINE_FILE_MAX_BYTES}, its content, read through
 * the record's signed url — the server checks the reader exactly as for a download, so only what
 * this user may open online is kept. A file kept before is not read again (its bytes never change).
 * Answers the ids it covers (kept or too large), so that files of documents no longer pending can be forgotten.
 */
export async function keepDocumentFiles(api: ApiClient, module: CompiledModule, data: Record<string, unknown>, kept: ReadonlySet<number>): Promise<number[]> {
  const ids = documentFileIds(module, data);
  for (const id of ids) {
    const meta = (await api.get<FileMeta>(`/files/${id}/meta`, { ringiSilent: true }).catch(() => null))?.data;
    if (kept.has(id) || !meta?.url || typeof meta.size !== 'number' || meta.size > OFFLINE_FILE_MAX_BYTES) continue;
    const reply = await fetch(meta.url, { credentials: 'same-origin' });
    if (!reply.ok) continue;
    const blob = await reply.blob();
    if (blob.size > OFFLINE_FILE_MAX_BYTES) continue;
    await keepFile(id, blob);
    // The viewer's code and CMaps too, so that the service worker keeps them for showing this PDF offline.
    if (blob.type === 'application/pdf') {
      const viewer = await import('../../renderer/widgets/file-uploader/pdf/load-pdf').then((pdf) => pdf.preparePdfViewer()).catch(() => []);
      void keepInShell(viewer).catch(() => undefined);
    }
  }
  return ids;
}

/** The ids of the attachments kept now. */
export const keptFiles = async (): Promise<Set<number>> => new Set(await keptFileIds().catch(() => []));

/** Forgets the kept attachments that no pending document holds any more. */
export async function forgetOtherFiles(wanted: ReadonlySet<number>): Promise<void> {
  for (const id of await keptFileIds()) if (!wanted.has(id)) await forgetFile(id);
}

/** The kept content of an attachment (undefined when none is kept, or the store cannot be read). */
export async function readOfflineFile(id: number): Promise<Blob | undefined> {
  return (await readKeptFile(id).catch(() => undefined))?.blob;
}
