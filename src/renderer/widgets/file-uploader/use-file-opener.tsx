import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { OfflineFiles } from '../../offline-files';
import { fileKind } from './file-format';
import { fileLabel } from './file-rules';
import { FileGallery, type GalleryImage } from './FileGallery';
import { downloadFile } from './open-file';
import { PdfViewer } from './pdf/PdfViewer';
import { openPdf, type OpenedPdf } from './pdf/load-pdf';
import type { FileRecords } from './use-file-records';

/**
 * Opening the files of a field (spec 001 §2, issue 33 item 6): images in a gallery over the
 * field's images (with zoom), PDFs in the app's viewer (every page), any other file downloads.
 * The url is refreshed first (signed urls expire after 10 minutes); every way reads the file
 * through the same signed url, so the same read rule. `onFailed` runs when the record cannot be read.
 * Offline (`kept`, issue 33 item 3), a file opens from the copy kept on the device, the same ways;
 * `onNotKept` runs for a file without one.
 */
export function useFileOpener(ids: number[], records: FileRecords, onFailed: () => void, kept?: OfflineFiles | null, onNotKept?: () => void): { open(id: number): Promise<void>; gallery: ReactNode } {
  const [openId, setOpenId] = useState<number | null>(null);
  const [pdf, setPdf] = useState<{ url: string; name: string; open?: (url: string, signal: AbortSignal) => Promise<OpenedPdf> } | null>(null);
  // Addresses of kept copies (blob:), by file id; let go when the list goes.
  const [keptUrls, setKeptUrls] = useState<ReadonlyMap<number, string>>(new Map());
  const made = useRef<string[]>([]);
  useEffect(() => () => made.current.forEach((url) => URL.revokeObjectURL(url)), []);
  const images: GalleryImage[] = ids.flatMap((id) => {
    const file = records.files.get(id);
    const url = keptUrls.get(id) ?? file?.url;
    return url && file && fileKind(file) === 'image' ? [{ id, name: fileLabel(file, `#${id}`), url }] : [];
  });
  const index = openId === null ? -1 : images.findIndex((image) => image.id === openId);
  const { fresh } = records;

  const offline = kept?.offline === true;
  const openKept = useCallback(async (id: number) => {
    const file = records.files.get(id) ?? await fresh(id);
    const blob = file && kept ? await kept.read(id) : undefined;
    if (!file || !blob || !kept) {
      onNotKept?.();
      return;
    }
    const url = URL.createObjectURL(blob);
    made.current.push(url);
    const kind = fileKind(file);
    const name = fileLabel(file, `#${id}`);
    if (kind === 'image') {
      // The field's other kept images too, so the gallery moves through them offline.
      const others = await Promise.all(ids.filter((other) => other !== id && fileKind(records.files.get(other)) === 'image').map(async (other) => [other, await kept.read(other)] as const));
      const urls = new Map<number, string>([[id, url]]);
      for (const [other, copy] of others) {
        if (!copy) continue;
        const address = URL.createObjectURL(copy);
        made.current.push(address);
        urls.set(other, address);
      }
      setKeptUrls(urls);
      setOpenId(id);
    } else if (kind === 'pdf') setPdf({ url, name, open: (_url, signal) => openPdf(blob, signal) });
    else downloadFile(url, file.name ?? name);
  }, [records.files, fresh, kept, ids, onNotKept]);

  const open = useCallback(async (id: number) => {
    if (offline) return openKept(id);
    const file = await fresh(id);
    if (!file?.url) {
      onFailed();
      return;
    }
    const kind = fileKind(file);
    const name = fileLabel(file, `#${id}`);
    if (kind === 'image') setOpenId(id);
    else if (kind === 'pdf') setPdf({ url: file.url, name });
    else downloadFile(file.url, file.name ?? name);
  }, [fresh, onFailed, offline, openKept]);

  const move = (to: number) => {
    const target = images[to];
    if (!target) return;
    setOpenId(target.id);
    if (!offline) void fresh(target.id);
  };
  const close = useCallback(() => setOpenId(null), []);
  const gallery = (
    <>
      <FileGallery images={images} index={index >= 0 ? index : null} onIndex={move} onClose={close} />
      {pdf ? <PdfViewer url={pdf.url} name={pdf.name} open={pdf.open} onClose={() => setPdf(null)} onDownload={() => downloadFile(pdf.url, pdf.name)} /> : null}
    </>
  );
  return { open, gallery };
}
