import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { PdfViewer, previewUrlOf } from '../../../../src/renderer/widgets/file-uploader/pdf/PdfViewer';
import type { OpenedPdf } from '../../../../src/renderer/widgets/file-uploader/pdf/load-pdf';
import { renderWithHost } from '../../test-host';

/**
 * The viewer's states and controls, with pdf.js replaced by a document of `pages` pages that
 * never draws (jsdom has no canvas); the drawing itself runs in Chromium (tests/e2e/pdf-preview.spec.ts).
 */
function fakePdf(pages: number): OpenedPdf & { closed: number } {
  const opened = {
    closed: 0,
    pdf: { numPages: pages, getPage: () => new Promise(() => undefined) } as unknown as PDFDocumentProxy,
    close: () => void opened.closed++,
  };
  return opened;
}
const failing = (name: string) => Object.assign(new Error(name), { name });

// jsdom lays nothing out: give the page list a width to fit the pages in.
beforeEach(() => vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(376));
afterEach(() => vi.restoreAllMocks());

/** The viewer on `url`: by default a PDF with no first-page picture (a statistics file), so pdf.js opens it at once. */
function renderViewer(open: (url: string, signal: AbortSignal) => Promise<OpenedPdf>, url = '/api/statistic_files/7?token=t') {
  const onClose = vi.fn();
  const onDownload = vi.fn();
  const result = renderWithHost(<PdfViewer url={url} name="estimate.pdf" onClose={onClose} onDownload={onDownload} open={open} />);
  return { ...result, onClose, onDownload };
}

describe('PdfViewer', () => {
  it('shows progress, then a box per page with its number, and zooms by the width that fits', async () => {
    let resolve!: (value: OpenedPdf) => void;
    const open = vi.fn(() => new Promise<OpenedPdf>((r) => { resolve = r; }));
    renderViewer(open);
    const dialog = await screen.findByRole('dialog', { name: 'PDF estimate.pdf' });
    expect(within(dialog).getByText('Opening the PDF…')).toBeTruthy();
    // The scrolling pages are a named region (a plain div with a name is an axe violation).
    expect(within(dialog).getByRole('region', { name: 'PDF estimate.pdf' }).getAttribute('data-testid')).toBe('pdf-pages');
    expect(open).toHaveBeenCalledWith('/api/statistic_files/7?token=t', expect.any(AbortSignal));
    resolve(fakePdf(3));
    expect(await within(dialog).findByText('3 pages')).toBeTruthy();
    const pages = within(dialog).getAllByRole('img', { name: /^Page \d of 3$/ });
    expect(pages.map((p) => p.getAttribute('aria-label'))).toEqual(['Page 1 of 3', 'Page 2 of 3', 'Page 3 of 3']);
    expect(pages[0].style.width).toBe('360px');
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Zoom in' }));
    expect(within(dialog).getByText('150%')).toBeTruthy();
    expect(within(dialog).getAllByRole('img')[0].style.width).toBe('540px');
    await user.keyboard('-');
    expect(within(dialog).getAllByRole('img')[0].style.width).toBe('360px');
    expect(within(dialog).getByRole('button', { name: 'Zoom out' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('shows the server\'s picture of page 1 while the file is read, at its own shape, under the page once pdf.js has it; none when the picture fails', async () => {
    let resolve!: (value: OpenedPdf) => void;
    const open = vi.fn(() => new Promise<OpenedPdf>((r) => { resolve = r; }));
    renderViewer(open, '/api/files/7?token=t');
    const dialog = await screen.findByRole('dialog', { name: 'PDF estimate.pdf' });
    // Hidden until the picture has loaded (its shape is known then).
    const box = await waitFor(() => dialog.querySelector<HTMLElement>('[data-page="1"]')!);
    expect(box.getAttribute('aria-label')).toBe('Page 1 (a picture until the file has loaded)');
    expect(box.style.visibility).toBe('hidden');
    expect(box.dataset.preview).toBe('loading');
    const picture = box.querySelector('img')!;
    expect(picture.getAttribute('src')).toBe('/api/files/7/preview?token=t');
    Object.defineProperty(picture, 'naturalWidth', { value: 780 });
    Object.defineProperty(picture, 'naturalHeight', { value: 1560 });
    // The file is read once the picture has come (not before: on a slow line they would share it).
    expect(open).not.toHaveBeenCalled();
    fireEvent.load(picture);
    await waitFor(() => expect(box.dataset.preview).toBe('shown'));
    expect(open).toHaveBeenCalledWith('/api/files/7?token=t', expect.any(AbortSignal));
    expect(box.style.height).toBe('720px');
    expect(within(dialog).getByRole('img', { name: 'Page 1 (a picture until the file has loaded)' })).toBe(box);
    // The file read: page 1 keeps the picture (and its shape) until pdf.js has drawn it.
    resolve(fakePdf(2));
    expect(await within(dialog).findByText('2 pages')).toBeTruthy();
    const first = within(dialog).getByRole('img', { name: 'Page 1 of 2' });
    expect(first.style.height).toBe('720px');
    const kept = first.querySelector('img')!;
    expect(kept.getAttribute('src')).toBe('/api/files/7/preview?token=t');
    fireEvent.error(kept);
    await waitFor(() => expect(first.querySelector('img')).toBeNull());
  });

  it('reads the file anyway when the picture is late or fails', async () => {
    const late = vi.fn(() => new Promise<OpenedPdf>(() => undefined));
    const { unmount } = renderViewer(late, '/api/files/7?token=t');
    await waitFor(() => expect(late).toHaveBeenCalledTimes(1), { timeout: 3000 });
    unmount();
    const failed = vi.fn(() => new Promise<OpenedPdf>(() => undefined));
    renderViewer(failed, '/api/files/8?token=t');
    const box = await waitFor(() => document.querySelector<HTMLElement>('[data-page="1"]')!);
    fireEvent.error(box.querySelector('img')!);
    await waitFor(() => expect(failed).toHaveBeenCalledWith('/api/files/8?token=t', expect.any(AbortSignal)));
    expect(document.querySelector('[data-page="1"]')).toBeNull();
  });

  it('derives the picture\'s address from an attachment\'s signed link only', () => {
    expect(previewUrlOf('/api/files/12?token=a.b.c')).toBe('/api/files/12/preview?token=a.b.c');
    expect(previewUrlOf('/api/files/12')).toBe('/api/files/12/preview');
    expect(previewUrlOf('/api/statistic_files/3?token=x')).toBeNull();
    expect(previewUrlOf('blob:http://x/1')).toBeNull();
  });

  it('says a password-protected or damaged PDF cannot be shown and offers the download', async () => {
    for (const [error, text] of [['PasswordException', 'This PDF is protected by a password'], ['InvalidPDFException', 'This file cannot be read as a PDF']] as const) {
      const { onDownload, unmount } = renderViewer(() => Promise.reject(failing(error)));
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain(text);
      expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
      await userEvent.setup().click(screen.getByRole('button', { name: 'Download' }));
      expect(onDownload).toHaveBeenCalledTimes(1);
      unmount();
    }
  });

  it('offers to try again when the PDF could not be loaded, and loads it then', async () => {
    const open = vi.fn().mockRejectedValueOnce(failing('ResponseException')).mockResolvedValueOnce(fakePdf(1));
    renderViewer(open);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The PDF could not be loaded. Check the connection and try again.');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1 page')).toBeTruthy();
    expect(open).toHaveBeenCalledTimes(2);
  });

  it('lets the PDF go when closed, also when it arrives after the close', async () => {
    const early = fakePdf(2);
    const first = renderViewer(() => Promise.resolve(early));
    await screen.findByText('2 pages');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close the PDF' }));
    expect(first.onClose).toHaveBeenCalled();
    first.unmount();
    expect(early.closed).toBeGreaterThan(0);

    const late = fakePdf(2);
    let resolve!: (value: OpenedPdf) => void;
    const second = renderViewer(() => new Promise<OpenedPdf>((r) => { resolve = r; }));
    second.unmount();
    resolve(late);
    await waitFor(() => expect(late.closed).toBeGreaterThan(0));
  });
});
