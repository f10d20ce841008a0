/**
 * Attachments offline (issue #33 item 3): in a document's card, where the app provides the files kept
 * on the device, offline a PDF opens in the viewer from its kept bytes (never its expired signed url),
 * an image opens in the gallery from its kept copy, a file without a copy says so, and a file above
 * the kept size says "not kept offline, X MB" and cannot be opened (still focusable, described by that
 * note); online the same large file opens as always, note shown. en, ja and zh words.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { createTestHost } from '../test-host';
import { OfflineFilesContext, type OfflineFiles } from '../../../src/renderer/offline-files';

const opened: Array<string | Blob> = [];
vi.mock('../../../src/renderer/widgets/file-uploader/pdf/load-pdf', () => ({
  openPdf: async (source: string | Blob) => {
    opened.push(source);
    return { pdf: { numPages: 2, getPage: () => new Promise(() => undefined) } as unknown as PDFDocumentProxy, close: () => undefined };
  },
  pdfFailure: () => 'unreadable',
}));
const { FileUploaderDisplay } = await import('../../../src/renderer/widgets/file-uploader/FileUploaderWidget');

const MB = 1024 * 1024;
const META: Record<number, Record<string, unknown>> = {
  1: { id: 1, name: 'estimate.pdf', type: 'pdf', mime_type: 'application/pdf', size: 2 * MB, size_string: '2.0 MB', url: '/api/files/1?token=expired' },
  2: { id: 2, name: 'receipt.png', type: 'image', mime_type: 'image/png', size: 300_000, size_string: '293.0 KB', url: '/api/files/2?token=expired' },
  3: { id: 3, name: 'drawings.pdf', type: 'pdf', mime_type: 'application/pdf', size: 7 * MB, size_string: '7.0 MB', url: '/api/files/3?token=expired' },
  4: { id: 4, name: 'notes.pdf', type: 'pdf', mime_type: 'application/pdf', size: MB, size_string: '1.0 MB', url: '/api/files/4?token=expired' },
};
const KEPT = new Map<number, Blob>([[1, new Blob(['%PDF-1.7 kept'], { type: 'application/pdf' })], [2, new Blob(['png'], { type: 'image/png' })]]);

beforeEach(() => {
  opened.length = 0;
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:kept-${++n}`);
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(376);
});
afterEach(() => vi.restoreAllMocks());

function renderFiles(offline: boolean, language: 'en' | 'ja' | 'zh' = 'en') {
  const testHost = createTestHost({ language });
  testHost.host.api.get = async <T,>(path: string) => {
    testHost.log.gets.push(path);
    const id = Number(/^\/files\/(\d+)\/meta$/.exec(path)?.[1]);
    if (!META[id]) throw Object.assign(new Error('no reply'), { status: 0 });
    return META[id] as T;
  };
  const kept: OfflineFiles = { offline, maxBytes: 5 * MB, read: async (id) => KEPT.get(id) };
  const { Wrapper } = testHost;
  render(<Wrapper><OfflineFilesContext.Provider value={kept}><FileUploaderDisplay value={[1, 2, 3, 4]} /></OfflineFilesContext.Provider></Wrapper>);
  return { ...testHost, t: testHost.i18n.t.bind(testHost.i18n) };
}
const link = (name: string) => screen.getByRole('button', { name });

describe('attachments kept offline', () => {
  it('offline: a PDF opens in the viewer from its kept bytes, not its expired signed url', async () => {
    renderFiles(true);
    await waitFor(() => expect(link('estimate.pdf').hasAttribute('disabled')).toBe(false));
    await userEvent.click(link('estimate.pdf'));
    expect(await screen.findByRole('dialog', { name: 'PDF estimate.pdf' })).toBeTruthy();
    expect(opened).toEqual([KEPT.get(1)]);
  });

  it('offline: an image opens in the gallery from its kept copy', async () => {
    renderFiles(true);
    await waitFor(() => expect(link('receipt.png').hasAttribute('disabled')).toBe(false));
    await userEvent.click(link('receipt.png'));
    const gallery = await screen.findByRole('dialog', { name: /receipt\.png/ });
    expect(gallery.querySelector('img')?.getAttribute('src')).toMatch(/^blob:kept-/);
  });

  it('offline: a file without a copy says it is not kept on this device', async () => {
    const { log } = renderFiles(true);
    await waitFor(() => expect(link('notes.pdf').hasAttribute('disabled')).toBe(false));
    await userEvent.click(link('notes.pdf'));
    await waitFor(() => expect(log.toasts.map((t) => t.message)).toContain('This file is not kept on this device: open it when you are online'));
    expect(opened).toEqual([]);
  });

  for (const [lang, words] of [['en', 'Not kept offline, 7.0 MB'], ['ja', 'オフライン用に保存していません（7.0 MB）'], ['zh', '未保存供离线使用（7.0 MB）']] as const) {
    it(`${lang}: a file above 5 MB says it is not kept, with its size, and cannot be opened offline`, async () => {
      renderFiles(true, lang);
      const note = await screen.findByText(words);
      const large = link('drawings.pdf');
      expect(large.getAttribute('aria-disabled')).toBe('true');
      expect(large.getAttribute('aria-describedby')).toBe(note.id);
      await userEvent.click(large);
      expect(opened).toEqual([]);
    });
  }

  it('online: the large file still says it is not kept offline, and opens through its signed url', async () => {
    renderFiles(false);
    expect(await screen.findByText('Not kept offline, 7.0 MB')).toBeTruthy();
    await userEvent.click(link('drawings.pdf'));
    await screen.findByRole('dialog', { name: 'PDF drawings.pdf' });
    // Online the viewer reads the file once the server's first-page picture came, failed or was late.
    await waitFor(() => expect(opened).toEqual(['/api/files/3?token=expired']), { timeout: 5000 });
  });
});
