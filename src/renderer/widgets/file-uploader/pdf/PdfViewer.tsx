import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { useWidgetText } from '../../text';
import { PreviewDialog } from '../PreviewDialog';
import { ZoomControls } from '../ZoomControls';
import { openPdf, pdfFailure, type OpenedPdf, type PdfFailure } from './load-pdf';

/** Zoom steps, as a multiple of the width that fits the screen. */
const ZOOMS = [1, 1.5, 2, 3, 4];
/** How long the file waits for the picture of page 1 at most before it is read anyway. */
const PICTURE_WAIT_MS = 1500;
/** A canvas never holds more pixels than this (a phone's memory): the picture is scaled in CSS above it. */
const MAX_CANVAS_PIXELS = 16_000_000;

const useStyles = makeStyles({
  surface: {
    width: '100vw', maxWidth: 'min(960px, 100vw)', height: '100dvh', maxHeight: '100dvh', padding: tokens.spacingHorizontalS,
    '@media (min-width: 720px)': { height: '92dvh', padding: tokens.spacingHorizontalL },
  },
  body: { height: '100%', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  content: { flexGrow: 1, minHeight: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  bar: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  grow: { flexGrow: 1 },
  pages: {
    flexGrow: 1, minHeight: 0, overflow: 'auto', backgroundColor: tokens.colorNeutralBackground3, padding: tokens.spacingVerticalS,
    display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalS,
  },
  page: { flexShrink: 0, backgroundColor: tokens.colorNeutralBackground1, boxShadow: tokens.shadow4, position: 'relative' },
  canvas: { display: 'block', width: '100%', height: '100%' },
  picture: { position: 'absolute', inset: 0, display: 'block', width: '100%', height: '100%' },
  pageSpinner: { position: 'absolute', inset: 0, margin: 'auto' },
  message: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalM, padding: tokens.spacingVerticalL },
});

/**
 * The server's picture of a PDF attachment's first page (`GET /files/{id}/preview`, same signed
 * link): shown at once while pdf.js still reads the file. Null for a url that is not an attachment's.
 */
export function previewUrlOf(url: string): string | null {
  const match = /^(\/api\/files\/\d+)(\?.*)?$/.exec(url);
  return match ? `${match[1]}/preview${match[2] ?? ''}` : null;
}

type Loaded = { status: 'loading' } | { status: 'ready'; pdf: PDFDocumentProxy } | { status: 'failed'; failure: PdfFailure };

export interface PdfViewerProps {
  /** The file's signed url (the same read rule as its download). */
  url: string;
  name: string;
  onClose(): void;
  onDownload(): void;
  /** How the PDF is opened (pdf.js; a component test gives its own). */
  open?: (url: string, signal: AbortSignal) => Promise<OpenedPdf>;
}

/**
 * A PDF attachment in the app (issue 33 item 6), every page, where iOS shows only a PDF's first page
 * in a frame: a full-screen dialog with the pages one under the other, each drawn when it comes near
 * the screen (the first at once), zoom in and out by the width that fits (also + and - keys), and
 * download. A password-protected or damaged PDF says so and offers the download.
 */
export function PdfViewer(props: PdfViewerProps): ReactNode {
  const text = useWidgetText();
  const styles = useStyles();
  const { url, open = openPdf } = props;
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [zoom, setZoom] = useState(0);
  const [width, setWidth] = useState(0);
  const scroller = useRef<HTMLDivElement>(null);
  const preview = previewUrlOf(url);
  const [previewRatio, setPreviewRatio] = useState<number | null>(null);
  const [previewFailed, setPreviewFailed] = useState(false);
  // The file is read once the picture of page 1 has come (or failed, or is late): on a slow line
  // the picture's few hundred KB would otherwise share the line with the whole file.
  const [picturePassed, setPicturePassed] = useState(!preview);
  const pictureSettled = picturePassed || previewRatio !== null || previewFailed;
  useEffect(() => {
    if (pictureSettled) return undefined;
    const timer = setTimeout(() => setPicturePassed(true), PICTURE_WAIT_MS);
    return () => clearTimeout(timer);
  }, [pictureSettled]);

  useEffect(() => {
    if (!pictureSettled) return undefined;
    const controller = new AbortController();
    let opened: OpenedPdf | undefined;
    setLoaded({ status: 'loading' });
    open(url, controller.signal).then(
      (result) => {
        opened = result;
        if (controller.signal.aborted) result.close();
        else setLoaded({ status: 'ready', pdf: result.pdf });
      },
      (error: unknown) => !controller.signal.aborted && setLoaded({ status: 'failed', failure: pdfFailure(error) }),
    );
    return () => {
      controller.abort();
      opened?.close();
    };
  }, [url, open, attempt, pictureSettled]);

  // The width a page fits in: the scroller's, followed as the screen turns.
  useEffect(() => {
    const element = scroller.current;
    if (!element) return undefined;
    const measure = () => setWidth(Math.max(0, element.clientWidth - 16));
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [loaded.status]);

  const zoomIn = () => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1));
  const zoomOut = () => setZoom((z) => Math.max(0, z - 1));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === '+' || event.key === '=') zoomIn();
    if (event.key === '-') zoomOut();
  };
  const pages = loaded.status === 'ready' ? loaded.pdf.numPages : 0;
  const firstPage = preview && !previewFailed ? { url: preview, ratio: previewRatio, onRatio: setPreviewRatio, onFailed: () => setPreviewFailed(true) } : undefined;

  return (
    <PreviewDialog label={text('upload.pdf.title', { name: props.name })} name={props.name} closeLabel={text('upload.pdf.close')} onClose={props.onClose}
      onKeyDown={onKeyDown} surfaceClassName={styles.surface} bodyClassName={styles.body} contentClassName={styles.content}>
      <div className={styles.bar}>
        <ZoomControls percent={ZOOMS[zoom] * 100} canZoomOut={zoom > 0 && pages > 0} canZoomIn={zoom < ZOOMS.length - 1 && pages > 0} onZoomOut={zoomOut} onZoomIn={zoomIn} />
        <Text className={styles.grow}>{pages > 0 ? text('upload.pdf.pages', { count: pages }) : ''}</Text>
        <Button icon={<ArrowDownloadRegular />} onClick={props.onDownload}>{text('upload.pdf.download')}</Button>
      </div>
      {/* A named region: a plain div may not carry a name (axe aria-prohibited-attr, seen by the full crawl). */}
      <div ref={scroller} className={styles.pages} data-testid="pdf-pages" tabIndex={0} role="region" aria-label={text('upload.pdf.title', { name: props.name })}>
        {loaded.status === 'loading' ? <Spinner label={text('upload.pdf.loading')} /> : null}
        {loaded.status === 'loading' && firstPage && width > 0 ? (
          <div className={styles.page} style={{ width, height: Math.round(width * (firstPage.ratio ?? 1.414)), visibility: firstPage.ratio ? 'visible' : 'hidden' }}
            role="img" aria-label={text('upload.pdf.firstPage')} data-page={1} data-preview={firstPage.ratio ? 'shown' : 'loading'}>
            <PagePicture {...firstPage} />
          </div>
        ) : null}
        {loaded.status === 'failed' ? (
          <div className={styles.message} role="alert">
            <Text>{text(`upload.pdf.${loaded.failure}`)}</Text>
            {loaded.failure === 'unreadable' ? <Button onClick={() => setAttempt((n) => n + 1)}>{text('upload.pdf.retry')}</Button> : null}
          </div>
        ) : null}
        {loaded.status === 'ready' && width > 0
          ? Array.from({ length: pages }, (_, i) => (
            <PdfPage key={i + 1} pdf={loaded.pdf} number={i + 1} total={pages} width={Math.round(width * ZOOMS[zoom])} root={scroller.current}
              preview={i === 0 ? firstPage : undefined} />
          ))
          : null}
      </div>
    </PreviewDialog>
  );
}

/**
 * One page: a box of the page's shape at `width` CSS pixels, drawn (at the screen's pixel density)
 * once it is within a screen of the visible part, and again at another zoom. Until the page's own
 * size is known, the first page's shape is assumed (most PDFs have one page size).
 */
function PdfPage(props: { pdf: PDFDocumentProxy; number: number; total: number; width: number; root: HTMLElement | null; preview?: PictureProps }): ReactNode {
  const text = useWidgetText();
  const styles = useStyles();
  const { pdf, number, width, root, preview } = props;
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [near, setNear] = useState(number === 1);
  const [ratio, setRatio] = useState(preview?.ratio ?? 1.414);
  const [drawn, setDrawn] = useState(0);

  useEffect(() => {
    const element = box.current;
    if (near || !element || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { root, rootMargin: '100% 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, root]);

  useEffect(() => {
    if (!near || width <= 0) return undefined;
    let cancelled = false;
    let task: RenderTask | undefined;
    void pdf.getPage(number).then((page) => {
      if (cancelled || !canvas.current) return;
      const base = page.getViewport({ scale: 1 });
      setRatio(base.height / base.width);
      const density = Math.min(window.devicePixelRatio || 1, Math.sqrt(MAX_CANVAS_PIXELS / (width * width * (base.height / base.width))));
      const viewport = page.getViewport({ scale: (width / base.width) * density });
      const target = canvas.current;
      target.width = Math.floor(viewport.width);
      target.height = Math.floor(viewport.height);
      task = page.render({ canvas: target, viewport });
      return task.promise.then(() => !cancelled && setDrawn(width));
    }).catch(() => undefined); // a cancelled render, or a page that cannot be drawn: its box stays empty
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, number, near, width]);

  return (
    <div ref={box} className={styles.page} style={{ width, height: Math.round(width * ratio) }}
      role="img" aria-label={text('upload.pdf.page', { n: number, total: props.total })} data-page={number} data-drawn={drawn === width ? 'true' : undefined}>
      <canvas ref={canvas} className={styles.canvas} />
      {preview && !drawn ? <PagePicture {...preview} /> : null}
      {drawn !== width && !(preview?.ratio && !drawn) ? <Spinner size="tiny" className={styles.pageSpinner} /> : null}
    </div>
  );
}

interface PictureProps {
  url: string;
  /** The picture's height to width, once it has loaded. */
  ratio: number | null;
  onRatio(ratio: number): void;
  onFailed(): void;
}

/** The server's picture of page 1 over the page's box, until pdf.js has drawn the page itself (decorative: the box is the image). */
function PagePicture(props: PictureProps): ReactNode {
  const styles = useStyles();
  return (
    <img src={props.url} alt="" className={styles.picture} decoding="async"
      onLoad={(event) => {
        const image = event.currentTarget;
        if (image.naturalWidth > 0) props.onRatio(image.naturalHeight / image.naturalWidth);
      }}
      onError={props.onFailed} />
  );
}
