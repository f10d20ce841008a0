import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RJSFSchema } from '@rjsf/utils';
import { customRegistry } from '../../../../src/renderer/widgets';
import { createTestHost, Providers, renderForm, type ApiHandler } from './widget-host';

const stored: Record<number, Record<string, unknown>> = {
  40: { id: 40, name: 'invoice-2026-11.pdf', type: 'pdf', size_string: '2 KB', created_at: '2026-11-03T09:05:00', url: '/api/files/40?token=a' },
  41: { id: 41, name: 'shop-front.jpg', type: 'image', size: 1536, created_at: '2026-11-04T10:00:00', url: '/api/files/41?token=b' },
  42: { id: 42, name: 'receipt.png', type: 'image', size_string: '4 KB', created_at: '2026-11-04T10:01:00', url: '/api/files/42?token=c' },
  43: { id: 43, name: 'e-fapiao.ofd', type: 'ofd', size_string: '9 KB', created_at: '2026-11-04T10:02:00', url: '/api/files/43?token=d' },
};
const get: ApiHandler = (path) => {
  const file = /^\/files\/(\d+)\/meta$/.exec(path);
  return file ? stored[Number(file[1])] : undefined;
};
const schema: RJSFSchema = { type: 'object', properties: { photos: { type: 'array', title: 'Photos', items: { type: 'integer' } } } };
const uiSchema = { photos: { 'ui:widget': 'FileUploader', 'ui:options': { documentType: 'purchase-photo' } } };
const row = (id: number) => document.querySelector(`[data-file-id="${id}"]`) as HTMLElement;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

afterEach(() => vi.restoreAllMocks());

/** Records the hrefs of the download links the widget clicks (jsdom does not navigate). */
function captureDownloads(): Array<{ href: string; download: string }> {
  const seen: Array<{ href: string; download: string }> = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    seen.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
  return seen;
}

describe('FileUploader selection and download', () => {
  it('selects, selects all, clears all and downloads the selected files by their signed urls', async () => {
    const downloads = captureDownloads();
    const host = createTestHost(get);
    renderForm(host, schema, uiSchema, { photos: [40, 41, 43] });
    await screen.findByRole('button', { name: 'e-fapiao.ofd' });
    const user = userEvent.setup();
    expect(button('Download (0)').disabled).toBe(true);
    expect(button('Clear all').disabled).toBe(true);
    await user.click(within(row(43)).getByRole('checkbox', { name: 'Select e-fapiao.ofd' }));
    await user.click(button('Download (1)'));
    await waitFor(() => expect(downloads).toEqual([{ href: '/api/files/43?token=d', download: 'e-fapiao.ofd' }]));
    // Spec 000 §8: a download says "Downloaded".
    await waitFor(() => expect(host.toasts).toEqual(['Downloaded']));
    await user.click(button('Select all'));
    expect(screen.getAllByRole('checkbox').map((c) => (c as HTMLInputElement).checked)).toEqual([true, true, true]);
    expect(button('Select all').disabled).toBe(true);
    downloads.length = 0;
    await user.click(button('Download (3)'));
    await waitFor(() => expect(downloads.map((d) => d.href)).toEqual(['/api/files/40?token=a', '/api/files/41?token=b', '/api/files/43?token=d']));
    await user.click(button('Clear all'));
    expect(screen.getAllByRole('checkbox').map((c) => (c as HTMLInputElement).checked)).toEqual([false, false, false]);
    expect(button('Download (0)').disabled).toBe(true);
  });

  it('shows the type icon of every kind', async () => {
    renderForm(createTestHost(get), schema, uiSchema, { photos: [40, 41, 43] });
    await screen.findByRole('button', { name: 'e-fapiao.ofd' });
    expect([40, 41, 43].map((id) => within(row(id)).getByRole('img').getAttribute('aria-label'))).toEqual(['PDF', 'Image', 'OFD']);
    expect(within(row(41)).getByText('1.5 KB · 2026/11/04 10:00')).toBeTruthy();
  });
});

describe('FileUploader opening files', () => {
  it('opens a PDF in the app\'s viewer, and downloads a file of another kind (no new window)', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const downloads = captureDownloads();
    renderForm(createTestHost(get), schema, uiSchema, { photos: [40, 43] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'invoice-2026-11.pdf' }));
    const viewer = await screen.findByRole('dialog', { name: 'PDF invoice-2026-11.pdf' });
    await user.click(within(viewer).getByRole('button', { name: 'Close the PDF' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The dialog hands the page back (aria-hidden off) as it finishes closing.
    await user.click(await screen.findByRole('button', { name: 'e-fapiao.ofd' }));
    await waitFor(() => expect(downloads).toEqual([{ href: '/api/files/43?token=d', download: 'e-fapiao.ofd' }]));
    expect(open).not.toHaveBeenCalled();
  });

  it('zooms an image in and out (buttons and keys); moving to another image fits it again', async () => {
    renderForm(createTestHost(get), schema, uiSchema, { photos: [41, 42] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'shop-front.jpg' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview of shop-front.jpg' });
    const image = () => within(screen.getByRole('dialog')).getByRole('img') as HTMLImageElement;
    expect(within(dialog).getByRole('button', { name: 'Zoom out' }).getAttribute('aria-disabled')).toBe('true');
    expect(image().style.width).toBe('');
    await user.click(within(dialog).getByRole('button', { name: 'Zoom in' }));
    expect(image().style.width).toBe('200%');
    expect(within(dialog).getByText('200%')).toBeTruthy();
    await user.keyboard('+');
    expect(image().style.width).toBe('400%');
    expect(within(dialog).getByRole('button', { name: 'Zoom in' }).getAttribute('aria-disabled')).toBe('true');
    await user.keyboard('-');
    expect(image().style.width).toBe('200%');
    await user.click(within(dialog).getByRole('button', { name: 'Next image' }));
    await screen.findByRole('dialog', { name: 'Preview of receipt.png' });
    expect(image().style.width).toBe('');
  });

  it('previews images in a gallery with previous and next over the field\'s images only', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderForm(createTestHost(get), schema, uiSchema, { photos: [41, 40, 42] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'shop-front.jpg' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview of shop-front.jpg' });
    expect((within(dialog).getByRole('img', { name: 'shop-front.jpg' }) as HTMLImageElement).getAttribute('src')).toBe('/api/files/41?token=b');
    expect(within(dialog).getByText('1 of 2')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Previous image' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Next image' }));
    const next = await screen.findByRole('dialog', { name: 'Preview of receipt.png' });
    expect(within(next).getByRole('img', { name: 'receipt.png' }).getAttribute('src')).toBe('/api/files/42?token=c');
    expect(within(next).getByText('2 of 2')).toBeTruthy();
    expect((within(next).getByRole('button', { name: 'Next image' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(next).getByRole('button', { name: 'Previous image' }));
    await screen.findByRole('dialog', { name: 'Preview of shop-front.jpg' });
    await user.click(screen.getByRole('button', { name: 'Close preview' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(open).not.toHaveBeenCalled();
  });

  it('a file whose record cannot be read shows as #id and cannot be opened', async () => {
    const host = createTestHost(get);
    renderForm(host, schema, uiSchema, { photos: [99] });
    await waitFor(() => expect(host.calls.some((c) => c.path === '/files/99/meta')).toBe(true));
    expect((await screen.findByRole('button', { name: '#99' })).hasAttribute('disabled') || screen.getByRole('button', { name: '#99' }).getAttribute('aria-disabled') === 'true').toBe(true);
  });
});

describe('FileUploader Display', () => {
  it('lists names with icon and size; a name opens the file', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const host = createTestHost(get);
    const Display = customRegistry.FileUploader.Display;
    if (!Display) throw new Error('no Display');
    render(<Providers host={host}><div data-testid="f"><Display value={[40, 42]} /></div></Providers>);
    const card = screen.getByTestId('f');
    await within(card).findByRole('button', { name: 'receipt.png' });
    expect(within(row(40)).getByRole('img', { name: 'PDF' })).toBeTruthy();
    expect(within(row(40)).getByText('2 KB')).toBeTruthy();
    expect(within(row(42)).getByText('4 KB')).toBeTruthy();
    expect(within(card).queryByRole('checkbox')).toBeNull();
    expect(within(card).queryByRole('button', { name: /Delete/ })).toBeNull();
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'invoice-2026-11.pdf' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'PDF invoice-2026-11.pdf' })).getByRole('button', { name: 'Close the PDF' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(open).not.toHaveBeenCalled();
    await user.click(await within(card).findByRole('button', { name: 'receipt.png' }));
    expect(await screen.findByRole('dialog', { name: 'Preview of receipt.png' })).toBeTruthy();
  });

  it('opening a file or moving in the gallery does not click the card around the Display', async () => {
    vi.spyOn(window, 'open').mockImplementation(() => null);
    const Display = customRegistry.FileUploader.Display;
    if (!Display) throw new Error('no Display');
    let cardClicks = 0;
    render(<Providers host={createTestHost(get)}><div role="button" tabIndex={0} onClick={() => cardClicks++}><Display value={[41, 42, 40]} /></div></Providers>);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'invoice-2026-11.pdf' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'PDF invoice-2026-11.pdf' })).getByRole('button', { name: 'Close the PDF' }));
    await user.click(await screen.findByRole('button', { name: 'shop-front.jpg' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Next image' }));
    await screen.findByRole('dialog', { name: 'Preview of receipt.png' });
    expect(cardClicks).toBe(0);
  });

  it('shows a dash for no files', () => {
    const Display = customRegistry.FileUploader.Display;
    if (!Display) throw new Error('no Display');
    render(<Providers host={createTestHost(get)}><div data-testid="f"><Display value={[]} /></div></Providers>);
    expect(screen.getByTestId('f').textContent).toBe('-');
  });
});
