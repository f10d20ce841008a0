import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RJSFSchema } from '@rjsf/utils';
import { fileLabel, isAcceptedFile } from '../../../../src/renderer/widgets/file-uploader/file-rules';
import { formatFileSize } from '../../../../src/engine';
import { fileKind, fileSizeLabel, formatFileDate } from '../../../../src/renderer/widgets/file-uploader/file-format';
import { createTestHost, renderForm, type ApiHandler } from './widget-host';

const stored: Record<number, Record<string, unknown>> = {
  40: { id: 40, name: 'invoice-2026-11.pdf', formated_name: 'invoice-2026-11.pdf', type: 'pdf', size: 2048, size_string: '2 KB', created_at: '2026-11-03T09:05:00', url: '/api/files/40?token=a' },
};
const get: ApiHandler = (path) => {
  const file = /^\/files\/(\d+)\/meta$/.exec(path);
  return file ? stored[Number(file[1])] : undefined;
};
const schema: RJSFSchema = { type: 'object', properties: { e_invoices: { type: 'array', title: 'E-invoices', items: { type: 'integer' } } } };
const uiSchema = { e_invoices: { 'ui:widget': 'FileUploader', 'ui:options': { documentType: 'e-invoice', maxFiles: 2 } } };
const row = (id: number) => document.querySelector(`[data-file-id="${id}"]`) as HTMLElement;

describe('file rules and formats', () => {
  it('accepts images, pdf, office files and ofd only; truncates names at 50', () => {
    expect(isAcceptedFile({ name: 'scan.PDF' })).toBe(true);
    expect(isAcceptedFile({ name: 'photo', type: 'image/png' })).toBe(true);
    expect(isAcceptedFile({ name: 'e.ofd' })).toBe(true);
    expect(isAcceptedFile({ name: 'sheet.xls' })).toBe(true);
    expect(isAcceptedFile({ name: 'run.exe', type: 'application/octet-stream' })).toBe(false);
    expect(isAcceptedFile({ name: 'a.zip' })).toBe(false);
    expect(fileLabel({ id: 1, name: 'x'.repeat(60) }, '')).toHaveLength(50);
  });

  it('sizes are 1024-based, the server size_string wins, dates read YYYY/MM/DD HH:mm', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(20 * 1024 * 1024)).toBe('20 MB');
    expect(fileSizeLabel({ id: 1, size: 1024, size_string: '1 KB (server)' })).toBe('1 KB (server)');
    expect(fileSizeLabel({ id: 1, size: 3 * 1024 * 1024 })).toBe('3 MB');
    expect(formatFileDate('2026-01-02T03:04:59')).toBe('2026/01/02 03:04');
    expect(formatFileDate('nonsense')).toBe('');
  });

  it('kinds come from the server type, else the MIME type, else the extension', () => {
    expect(fileKind({ id: 1, type: 'spreadsheet' })).toBe('spreadsheet');
    expect(fileKind({ id: 1, mime_type: 'image/heic' })).toBe('image');
    expect(fileKind({ id: 1, name: 'e.OFD' })).toBe('ofd');
    expect(fileKind({ id: 1, name: 'a.docx' })).toBe('other');
  });
});

describe('FileUploader', () => {
  it('shows each stored file with icon, name, size and date from /files/{id}/meta', async () => {
    const host = createTestHost(get);
    renderForm(host, schema, uiSchema, { e_invoices: [40] });
    await screen.findByRole('button', { name: 'invoice-2026-11.pdf' });
    expect(within(row(40)).getByRole('img', { name: 'PDF' })).toBeTruthy();
    expect(within(row(40)).getByText('2 KB · 2026/11/03 09:05')).toBeTruthy();
    expect(host.calls.filter((c) => c.method === 'GET').map((c) => c.path)).toEqual(['/files/40/meta']);
  });

  it('uploads one file as multipart with its document type and stores the returned id', async () => {
    const host = createTestHost(get, { post: (path) => (path === '/files' ? { id: 41, formated_name: 'receipt.png', type: 'image', size_string: '3 B', url: '/f/41' } : undefined) });
    const form = renderForm(host, schema, uiSchema, { e_invoices: [40] });
    await screen.findByRole('button', { name: 'invoice-2026-11.pdf' });
    const input = screen.getByTestId('root_e_invoices-input') as HTMLInputElement;
    expect(input.multiple).toBe(false);
    await userEvent.setup().upload(input, new File(['png'], 'receipt.png', { type: 'image/png' }));
    await waitFor(() => expect(form.data().e_invoices).toEqual([40, 41]));
    const upload = host.calls.find((c) => c.method === 'UPLOAD');
    expect(upload?.path).toBe('/files');
    const body = upload?.body as FormData;
    expect(body.get('document_type')).toBe('e-invoice');
    expect((body.get('file') as File).name).toBe('receipt.png');
    expect(within(row(41)).getByRole('img', { name: 'Image' })).toBeTruthy();
    expect(within(row(41)).getByRole('button', { name: 'receipt.png' })).toBeTruthy();
    // the upload answer is used as is: no metadata call for the new id
    expect(host.calls.some((c) => c.path === '/files/41/meta')).toBe(false);
    // the limit of 2 is reached
    expect((screen.getByRole('button', { name: 'Select file' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('At most 2 files')).toBeTruthy();
  });

  it('covers the field with an "Uploading" overlay showing the progress until the answer', async () => {
    const host = createTestHost(get);
    let finish: (value: unknown) => void = () => undefined;
    let report: (fraction: number) => void = () => undefined;
    host.api.upload = <T,>(_path: string, _form: FormData, onProgress?: (fraction: number) => void) => {
      report = (fraction) => onProgress?.(fraction);
      return new Promise<T>((resolve) => (finish = resolve as (value: unknown) => void));
    };
    const form = renderForm(host, schema, uiSchema, { e_invoices: [] });
    await userEvent.setup().upload(screen.getByTestId('root_e_invoices-input'), new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }));
    const overlay = await screen.findByRole('status');
    expect(overlay.textContent).toContain('Uploading 0%');
    report(0.4);
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Uploading 40%'));
    expect(within(screen.getByRole('status')).getByRole('progressbar', { name: 'Uploading' }).getAttribute('aria-valuenow')).toBe('0.4');
    expect((screen.getByRole('button', { name: 'Select file' }) as HTMLButtonElement).disabled).toBe(true);
    finish({ id: 50, name: 'a.pdf', url: '/f/50' });
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(form.data().e_invoices).toEqual([50]);
  });

  it('shows "Failed" and changes nothing when the upload fails', async () => {
    const host = createTestHost(get, { post: () => undefined });
    const form = renderForm(host, schema, uiSchema, { e_invoices: [] });
    await userEvent.setup().upload(screen.getByTestId('root_e_invoices-input'), new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(host.toasts).toEqual(['Failed']));
    expect(form.data().e_invoices).toEqual([]);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('refuses a file type that is not accepted without uploading', async () => {
    const host = createTestHost(get, { post: () => ({ id: 1 }) });
    const form = renderForm(host, schema, uiSchema, { e_invoices: [] });
    await userEvent.setup({ applyAccept: false }).upload(screen.getByTestId('root_e_invoices-input'), new File(['MZ'], 'run.exe', { type: 'application/x-msdownload' }));
    await waitFor(() => expect(host.toasts).toEqual(['This file type is not accepted']));
    expect(host.calls.some((c) => c.method === 'UPLOAD')).toBe(false);
    expect(form.data().e_invoices).toEqual([]);
  });

  it('deletes a file only after confirmation, through DELETE /files/{id}', async () => {
    const host = createTestHost(get);
    const form = renderForm(host, schema, uiSchema, { e_invoices: [40] });
    const user = userEvent.setup();
    const del = await screen.findByRole('button', { name: 'Delete invoice-2026-11.pdf' });
    host.confirmAnswers.push(false);
    await user.click(del);
    expect(host.confirmMessages).toEqual(['Delete invoice-2026-11.pdf?']);
    // A delete: red (data-danger) and its confirmation a destructive one.
    expect(del.hasAttribute('data-danger')).toBe(true);
    expect(host.confirmDanger).toEqual([true]);
    expect(form.data().e_invoices).toEqual([40]);
    expect(host.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Delete invoice-2026-11.pdf' }));
    await waitFor(() => expect(form.data().e_invoices).toEqual([]));
    expect(host.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/files/40']);
  });

  it('takes a file still referenced by a filed document (409) off the form without "Failed"', async () => {
    const host = createTestHost(get);
    host.api.delete = async () => {
      throw Object.assign(new Error('This file belongs to a filed document'), { status: 409 });
    };
    const form = renderForm(host, schema, uiSchema, { e_invoices: [40] });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Delete invoice-2026-11.pdf' }));
    await waitFor(() => expect(form.data().e_invoices).toEqual([]));
    expect(host.toasts).toEqual([]);
  });

  it('keeps the file and shows "Failed" when deleting fails otherwise', async () => {
    const host = createTestHost(get);
    let tried = 0;
    host.api.delete = async () => {
      tried++;
      throw Object.assign(new Error('boom'), { status: 500 });
    };
    const form = renderForm(host, schema, uiSchema, { e_invoices: [40] });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Delete invoice-2026-11.pdf' }));
    await waitFor(() => expect(host.toasts).toEqual(['Failed']));
    expect(tried).toBe(1);
    expect(form.data().e_invoices).toEqual([40]);
  });

  it('a read-only field lists files without upload or delete', async () => {
    const host = createTestHost(get);
    renderForm(host, schema, { e_invoices: { ...uiSchema.e_invoices, 'ui:readonly': true } }, { e_invoices: [40] });
    await screen.findByRole('button', { name: 'invoice-2026-11.pdf' });
    expect(screen.queryByRole('button', { name: 'Select file' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete invoice-2026-11.pdf' })).toBeNull();
  });
});
