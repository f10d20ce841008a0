import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RJSFSchema } from '@rjsf/utils';
import { customRegistry } from '../../../../src/renderer/widgets';
import { fileLabel, isAcceptedFile } from '../../../../src/renderer/widgets/file-uploader/file-rules';
import { createTestHost, Providers, renderForm, type ApiHandler } from './widget-host';

const stored: Record<number, { id: number; formatted_name: string; url: string }> = {
  40: { id: 40, formatted_name: 'invoice-2026-11.pdf', url: '/files/40/download' },
};
const get: ApiHandler = (path) => {
  const file = /^\/files\/(\d+)$/.exec(path);
  return file ? stored[Number(file[1])] : undefined;
};
const schema: RJSFSchema = { type: 'object', properties: { e_invoices: { type: 'array', title: 'E-invoices', items: { type: 'integer' } } } };
const uiSchema = { e_invoices: { 'ui:widget': 'FileUploader', 'ui:options': { documentType: 'e-invoice', maxFiles: 2 } } };

describe('FileUploader', () => {
  it('accepts images, pdf, office files and ofd only', () => {
    expect(isAcceptedFile({ name: 'scan.PDF' })).toBe(true);
    expect(isAcceptedFile({ name: 'photo', type: 'image/png' })).toBe(true);
    expect(isAcceptedFile({ name: 'e.ofd' })).toBe(true);
    expect(isAcceptedFile({ name: 'run.exe', type: 'application/octet-stream' })).toBe(false);
    expect(fileLabel({ id: 1, name: 'x'.repeat(60) }, '')).toHaveLength(50);
  });

  it('uploads one file as multipart with its document type and stores the returned id', async () => {
    const host = createTestHost(get, { post: (path, body) => (path === '/files' ? { id: 41, formated_name: 'receipt.png', url: '/f/41', seen: body } : undefined) });
    const form = renderForm(host, schema, uiSchema, { e_invoices: [40] });
    await waitFor(() => expect(screen.getByRole('link', { name: 'invoice-2026-11.pdf' })).toBeTruthy());
    await userEvent.setup().upload(screen.getByTestId('root_e_invoices-input'), new File(['png'], 'receipt.png', { type: 'image/png' }));
    await waitFor(() => expect(form.data().e_invoices).toEqual([40, 41]));
    const upload = host.calls.find((c) => c.method === 'UPLOAD');
    expect(upload?.path).toBe('/files');
    const body = upload?.body as FormData;
    expect(body.get('document_type')).toBe('e-invoice');
    expect((body.get('file') as File).name).toBe('receipt.png');
    expect(screen.getByRole('link', { name: 'receipt.png' })).toBeTruthy();
    // the limit of 2 is reached
    expect((screen.getByRole('button', { name: 'Select file' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('At most 2 files')).toBeTruthy();
  });

  it('shows "Failed" and changes nothing when the upload fails', async () => {
    const host = createTestHost(get, { post: () => undefined });
    const form = renderForm(host, schema, uiSchema, { e_invoices: [] });
    await userEvent.setup().upload(screen.getByTestId('root_e_invoices-input'), new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(host.toasts).toEqual(['Failed']));
    expect(form.data().e_invoices).toEqual([]);
  });

  it('refuses a file type that is not accepted without uploading', async () => {
    const host = createTestHost(get, { post: () => ({ id: 1 }) });
    const form = renderForm(host, schema, uiSchema, { e_invoices: [] });
    await userEvent.setup({ applyAccept: false }).upload(screen.getByTestId('root_e_invoices-input'), new File(['MZ'], 'run.exe', { type: 'application/x-msdownload' }));
    await waitFor(() => expect(host.toasts).toEqual(['This file type is not accepted']));
    expect(host.calls.some((c) => c.method === 'UPLOAD')).toBe(false);
    expect(form.data().e_invoices).toEqual([]);
  });

  it('removes a file only after confirmation', async () => {
    const host = createTestHost(get);
    const form = renderForm(host, schema, uiSchema, { e_invoices: [40] });
    const user = userEvent.setup();
    const del = await screen.findByRole('button', { name: 'Delete invoice-2026-11.pdf' });
    host.confirmAnswers.push(false);
    await user.click(del);
    expect(host.confirmMessages).toEqual(['Delete invoice-2026-11.pdf?']);
    expect(form.data().e_invoices).toEqual([40]);
    await user.click(screen.getByRole('button', { name: 'Delete invoice-2026-11.pdf' }));
    await waitFor(() => expect(form.data().e_invoices).toEqual([]));
  });

  it('Display lists the file names', async () => {
    const host = createTestHost(get);
    const Display = customRegistry.FileUploader.Display;
    if (!Display) throw new Error('no Display');
    render(<Providers host={host}><div data-testid="f"><Display value={[40]} /></div></Providers>);
    await waitFor(() => expect(screen.getByTestId('f').textContent).toBe('invoice-2026-11.pdf'));
  });
});
