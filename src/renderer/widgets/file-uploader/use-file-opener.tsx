import { useCallback, useState, type ReactNode } from 'react';
import { fileKind } from './file-format';
import { fileLabel } from './file-rules';
import { FileGallery, type GalleryImage } from './FileGallery';
import { downloadFile } from './open-file';
import { PdfViewer } from './pdf/PdfViewer';
import type { FileRecords } from './use-file-records';

/**
 * Opening the files of a field (spec 001 §2, issue 33 item 6): images in a gallery over the
 * field's images (with zoom), PDFs in the app's viewer (every page), any other file downloads.
 * The url is refreshed first (signed urls expire after 10 minutes); every way reads the file
 * through the same signed url, so the same read rule. `onFailed` runs when the record cannot be read.
 */
export function useFileOpener(ids: number[], records: FileRecords, onFailed: () => void): { open(id: number): Promise<void>; gallery: ReactNode } {
  const [openId, setOpenId] = useState<number | null>(null);
  const [pdf, setPdf] = useState<{ url: string; name: string } | null>(null);
  const images: GalleryImage[] = ids.flatMap((id) => {
    const file = records.files.get(id);
    return file?.url && fileKind(file) === 'image' ? [{ id, name: fileLabel(file, `#${id}`), url: file.url }] : [];
  });
  const index = openId === null ? -1 : images.findIndex((image) => image.id === openId);
  const { fresh } = records;

  const open = useCallback(async (id: number) => {
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
  }, [fresh, onFailed]);

  const move = (to: number) => {
    const target = images[to];
    if (!target) return;
    setOpenId(target.id);
    void fresh(target.id);
  };
  const close = useCallback(() => setOpenId(null), []);
  const gallery = (
    <>
      <FileGallery images={images} index={index >= 0 ? index : null} onIndex={move} onClose={close} />
      {pdf ? <PdfViewer url={pdf.url} name={pdf.name} onClose={() => setPdf(null)} onDownload={() => downloadFile(pdf.url, pdf.name)} /> : null}
    </>
  );
  return { open, gallery };
}
