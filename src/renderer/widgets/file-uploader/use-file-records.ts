import { useCallback, useEffect, useState } from 'react';
import type { RendererHost } from '../../host';
import type { StoredFile } from './file-rules';

/** Signed `url`s live 10 minutes on the server; a record older than this is fetched again before use. */
const FRESH_MS = 9 * 60 * 1000;

interface Entry {
  at: number;
  record: Promise<StoredFile>;
}
const cache = new WeakMap<RendererHost, Map<number, Entry>>();

function entriesOf(host: RendererHost): Map<number, Entry> {
  let entries = cache.get(host);
  if (!entries) {
    entries = new Map();
    cache.set(host, entries);
  }
  return entries;
}

/** Remembers a record the widget already has (an upload answer), so it is not fetched again. */
export function rememberFileRecord(host: RendererHost, file: StoredFile): void {
  entriesOf(host).set(file.id, { at: Date.now(), record: Promise.resolve(file) });
}

/**
 * The File record of an id (`GET /files/{id}/meta`), shared per host like `cachedGet`, but
 * fetched again once its signed url may have expired. Failures are not kept.
 */
export function fetchFileRecord(host: RendererHost, id: number): Promise<StoredFile> {
  const entries = entriesOf(host);
  const known = entries.get(id);
  if (known && Date.now() - known.at < FRESH_MS) return known.record;
  const record = host.api.get<StoredFile>(`/files/${id}/meta`).then((file) => ({ ...file, id: Number(file?.id ?? id) }));
  entries.set(id, { at: Date.now(), record });
  record.catch(() => {
    if (entries.get(id)?.record === record) entries.delete(id);
  });
  return record;
}

/** What a file list needs: the records known so far, a fresh record before opening, and `learn` for uploads. */
export interface FileRecords {
  files: Map<number, StoredFile>;
  /** The record with a url that is still valid (fetched again when stale); undefined when it cannot be read. */
  fresh(id: number): Promise<StoredFile | undefined>;
  learn(file: StoredFile): void;
}

/** Records of the file ids a field holds; ids that cannot be read stay out of `files`. */
export function useFileRecords(host: RendererHost, ids: number[]): FileRecords {
  const [files, setFiles] = useState<Map<number, StoredFile>>(new Map());
  const store = useCallback((file: StoredFile) => setFiles((old) => (old.get(file.id) === file ? old : new Map(old).set(file.id, file))), []);
  const missing = ids.filter((id) => !files.has(id)).join(',');
  useEffect(() => {
    if (!missing) return undefined;
    let live = true;
    for (const id of missing.split(',').map(Number)) {
      fetchFileRecord(host, id).then((file) => live && store(file), () => undefined);
    }
    return () => {
      live = false;
    };
  }, [host, missing, store]);
  const fresh = useCallback(
    (id: number) => fetchFileRecord(host, id).then((file) => {
      store(file);
      return file;
    }, () => undefined),
    [host, store],
  );
  const learn = useCallback((file: StoredFile) => {
    rememberFileRecord(host, file);
    store(file);
  }, [host, store]);
  return { files, fresh, learn };
}
