import { useCallback, useState, type ReactNode } from 'react';
import { fileKind } from './file-format';
import { fileLabel } from './file-rules';
import { FileGallery, type GalleryImage } from './FileGallery';
import { openFileWindow } from './open-file';
import type { FileRecords } from './use-file-records';

/**
 * Opening the files of a field (spec 001 §2): images in a gallery over the field's images, any
 * other file in a new window. The url is refreshed first (signed urls expire after 10 minutes).
 * `onFailed` runs when the record cannot be read.
 */
export function useFileOpener(ids: number[], records: FileRecords, onFailed: () => void): { open(id: number): Promise<void>; gallery: ReactNode } {
  const [openId, setOpenId] = useState<number | null>(null);
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
    if (fileKind(file) === 'image') setOpenId(id);
    else openFileWindow(file.url);
  }, [fresh, onFailed]);

  const move = (to: number) => {
    const target = images[to];
    if (!target) return;
    setOpenId(target.id);
    void fresh(target.id);
  };
  const close = useCallback(() => setOpenId(null), []);
  const gallery = <FileGallery images={images} index={index >= 0 ? index : null} onIndex={move} onClose={close} />;
  return { open, gallery };
}
