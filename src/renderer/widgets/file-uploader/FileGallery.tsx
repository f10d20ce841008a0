import { useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { useWidgetText } from '../text';
import { PreviewDialog } from './PreviewDialog';
import { ZoomControls } from './ZoomControls';

const useStyles = makeStyles({
  surface: { maxWidth: 'min(960px, 96vw)' },
  image: { display: 'block', maxWidth: '100%', maxHeight: '70vh', margin: '0 auto', objectFit: 'contain' },
  // Zoomed: the picture at a multiple of the width that fits, scrolled inside this frame.
  frame: { maxHeight: '70vh', overflow: 'auto' },
  zoomed: { display: 'block', maxWidth: 'none', maxHeight: 'none' },
  bar: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, paddingTop: tokens.spacingVerticalS },
});

/** Zoom steps, as a multiple of the width that fits. */
const ZOOMS = [1, 2, 4];

/** One image of the gallery: its name and a signed url. */
export interface GalleryImage {
  id: number;
  name: string;
  url: string;
}

/**
 * Image preview (spec 001 §2 document search: "a gallery preview for images"): a dialog with
 * the image, zoom in and out (buttons, + and - keys, a tap on the image; zoomed, it scrolls),
 * previous / next buttons (also the arrow keys) and its position. `index` null = closed;
 * `onIndex` moves (the caller refreshes the url of the image it moves to; the zoom starts again).
 */
export function FileGallery(props: { images: GalleryImage[]; index: number | null; onIndex(index: number): void; onClose(): void }): ReactNode {
  const text = useWidgetText();
  const styles = useStyles();
  const { images, index, onClose } = props;
  const image = index === null ? undefined : images[index];
  const [zoom, setZoom] = useState({ of: index, step: 0 });
  const step = zoom.of === index ? zoom.step : 0;
  const zoomTo = (to: number) => setZoom({ of: index, step: Math.max(0, Math.min(ZOOMS.length - 1, to)) });
  // The image list can shrink while open (a file deleted elsewhere): close rather than show nothing.
  useEffect(() => {
    if (index !== null && !image) onClose();
  }, [index, image, onClose]);
  if (index === null || !image) return null;
  const previous = index > 0 ? index - 1 : null;
  const next = index < images.length - 1 ? index + 1 : null;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft' && previous !== null) props.onIndex(previous);
    if (event.key === 'ArrowRight' && next !== null) props.onIndex(next);
    if (event.key === '+' || event.key === '=') zoomTo(step + 1);
    if (event.key === '-') zoomTo(step - 1);
  };
  return (
    <PreviewDialog label={text('upload.gallery.title', { name: image.name })} name={image.name} closeLabel={text('upload.gallery.close')} onClose={onClose}
      onKeyDown={onKeyDown} surfaceClassName={styles.surface}>
      <div className={styles.frame} data-testid="gallery-frame">
        <img className={step === 0 ? styles.image : styles.zoomed} style={step === 0 ? undefined : { width: `${ZOOMS[step] * 100}%` }}
          src={image.url} alt={image.name} onClick={() => zoomTo(step === ZOOMS.length - 1 ? 0 : step + 1)} />
      </div>
      <div className={styles.bar}>
        <ZoomControls percent={ZOOMS[step] * 100} canZoomOut={step > 0} canZoomIn={step < ZOOMS.length - 1} onZoomOut={() => zoomTo(step - 1)} onZoomIn={() => zoomTo(step + 1)} />
      </div>
      <div className={styles.bar}>
        <Button icon={<ChevronLeftRegular />} aria-label={text('upload.gallery.previous')} disabled={previous === null} onClick={() => previous !== null && props.onIndex(previous)} />
        <Text aria-live="polite">{text('upload.gallery.position', { n: index + 1, total: images.length })}</Text>
        <Button icon={<ChevronRightRegular />} aria-label={text('upload.gallery.next')} disabled={next === null} onClick={() => next !== null && props.onIndex(next)} />
      </div>
    </PreviewDialog>
  );
}
