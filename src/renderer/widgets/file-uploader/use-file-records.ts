import { useCallback } from 'react';
import { queryOptions, useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import type { RendererHost } from '../../host';
import { resourceKey } from '../../query';
import type { StoredFile } from './file-rules';

/** Signed `url`s live 10 minutes on the server; a record older than this is fetched again before use. */
const FRESH_MS = 9 * 60 * 1000;

/**
 * The File record of an id (`GET /files/{id}/meta`) as a query, fresh for as long as its signed url
 * (a document-search reader's record carries the statistics link). The detail card's file fields and
 * a completed document's invoice files share it.
 */
export function fileRecordQuery(host: RendererHost, id: number) {
  const path = `/files/${id}/meta`;
  return queryOptions({
    queryKey: resourceKey(path),
    queryFn: () => host.api.get<StoredFile>(path).then((file) => ({ ...file, id: Number(file?.id ?? id) })),
    staleTime: FRESH_MS,
  });
}

/** What a file list needs: the records known so far, a fresh record before opening, and `learn` for uploads. */
export interface FileRecords {
  files: Map<number, StoredFile>;
  /** The record with a url that is still valid (fetched again when stale); undefined when it cannot be read. */
  fresh(id: number): Promise<StoredFile | undefined>;
  learn(file: StoredFile): void;
}

/** Records of the file ids a field holds (one cached query each); ids that cannot be read stay out of `files`. */
export function useFileRecords(host: RendererHost, ids: number[]): FileRecords {
  const queryClient = useQueryClient();
  const records = useQueries({ queries: ids.map((id) => fileRecordQuery(host, id)), combine: (results) => results.map((result) => result.data) });
  const files = new Map<number, StoredFile>();
  ids.forEach((id, i) => {
    const record = records[i];
    if (record) files.set(id, record);
  });
  const fresh = useCallback(
    (id: number) => queryClient.fetchQuery(fileRecordQuery(host, id)).then((file): StoredFile | undefined => file, () => undefined),
    [queryClient, host],
  );
  // An upload's answer is the record: kept as the query's data, so it is not fetched again.
  const learn = useCallback((file: StoredFile) => queryClient.setQueryData(fileRecordQuery(host, file.id).queryKey, file), [queryClient, host]);
  return { files, fresh, learn };
}

/**
 * The uploader's writes: `POST /files` (multipart, with progress) and `DELETE /files/{id}`. An
 * upload's record goes into the cache; a deleted file's record leaves it.
 */
export function useFileMutations(host: RendererHost) {
  const queryClient = useQueryClient();
  const upload = useMutation({
    mutationFn: ({ form, onProgress }: { form: FormData; onProgress: (fraction: number) => void }) => host.api.upload<StoredFile>('/files', form, onProgress),
  });
  const remove = useMutation({
    mutationFn: (id: number) => host.api.delete(`/files/${id}`),
    onSettled: (_answer, _error, id) => queryClient.removeQueries({ queryKey: fileRecordQuery(host, id).queryKey }),
  });
  return { upload, remove };
}
