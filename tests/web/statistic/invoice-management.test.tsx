import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InvoiceManagementPage } from '../../../src/app/pages/statistic/invoice-management/InvoiceManagementPage';
import { InvoiceUploadForm } from '../../../src/app/pages/statistic/invoice-management/InvoiceUploadForm';
import en from '../../../locales/en/statistic.json';
import engine from '../../../locales/en/engine.json';
import { createTestHost } from '../test-host';
import type { InvoiceRow } from '../../../src/wire/invoices';
import type { FileRecord } from '../../../src/wire/files';

const modules = [{ code: 'payment', kind: 'module', meta: { statistics: { invoices: { einvoices: 'e_invoices' } }, launcher: { order: 1 } }, translations: { en: { title: 'Payment' } } }];
const row = (id: number): InvoiceRow => ({
  id, code: `PAY-${id}`, currency: { code: 'JPY' }, total: 1100, requester: { id: 3, name: 'Hanako' }, created_at: '2026-05-01T00:00:00Z',
  count_application_paper: 1, count_einvoice: 1, application_papers: [], e_invoices: [],
});
const fileRecord = (id: number, name: string): FileRecord => ({
  id, url: `/api/files/${id}`, name, formated_name: name, formatted_name: name, type: 'pdf', mime_type: 'application/pdf',
  size: 2048, size_string: '2 KB', created_at: '2026-05-01T00:00:00Z', document_type: 'e-invoice',
});

describe('Invoice management', () => {
  it('after Confirm, the confirmed row leaves the list without a reload (the mutation invalidates the invoice lists)', async () => {
    const testHost = createTestHost();
    // The server's state: row 1 is registered until it is confirmed.
    let confirmed = false;
    testHost.host.api.get = async <T,>(path: string): Promise<T> => {
      if (path === '/module-definitions') return { 'hydra:member': modules } as T;
      if (path === '/invoice_managements') return { 'hydra:member': confirmed ? [row(2)] : [row(1), row(2)] } as T;
      throw new Error(`no route ${path}`);
    };
    testHost.host.api.post = async <T,>(path: string): Promise<T> => {
      if (path === '/invoice_management_approve') confirmed = true;
      return {} as T;
    };
    const user = userEvent.setup();
    render(<InvoiceManagementPage />, { wrapper: testHost.Wrapper });
    await screen.findByText('PAY-1');
    await user.click(screen.getByRole('checkbox', { name: en.invoices.select.replace('{{code}}', 'PAY-1') }));
    await user.click(screen.getByRole('button', { name: en.invoices.confirm }));
    await waitFor(() => expect(screen.queryByText('PAY-1')).toBeNull());
    expect(screen.getByText('PAY-2')).toBeTruthy();
    expect(testHost.log.toasts.map((toast) => toast.message)).toContain(en.invoices.approved);
    // A row is selected by tapping the row itself, not only its checkbox.
    const second = screen.getByRole('checkbox', { name: en.invoices.select.replace('{{code}}', 'PAY-2') }) as HTMLInputElement;
    expect(second.checked).toBe(false);
    await user.click(screen.getByText('PAY-2'));
    await waitFor(() => expect(second.checked).toBe(true));
  });
});

describe('Invoice upload form', () => {
  const files: Record<number, { id: number; name: string; size: number }> = {
    7: { id: 7, name: 'filed-invoice.pdf', size: 2048 },
    30: { id: 30, name: 'new-invoice.pdf', size: 1024 },
  };
  const setUp = () => {
    const testHost = createTestHost();
    testHost.host.api.get = async <T,>(path: string): Promise<T> => {
      const id = /^\/files\/(\d+)\/meta$/.exec(path)?.[1];
      if (id && files[Number(id)]) return files[Number(id)] as T;
      throw new Error(`no route ${path}`);
    };
    const uploads: string[] = [];
    testHost.host.api.upload = async <T,>(_path: string, form: FormData, onProgress?: (fraction: number) => void): Promise<T> => {
      const file = form.get('file') as File;
      uploads.push(`${String(form.get('document_type'))}:${file.name}`);
      if (file.name === 'broken.pdf') throw new Error('500');
      onProgress?.(1);
      return files[30] as T;
    };
    const done: boolean[] = [];
    const existing = { ...row(5), e_invoices: [fileRecord(7, 'filed-invoice.pdf')] };
    render(<InvoiceUploadForm row={existing} onDone={(saved) => done.push(saved)} />, { wrapper: testHost.Wrapper });
    return { testHost, uploads, done };
  };

  it('uses the app\'s file uploader: no bare file inputs shown, a filed file once and kept, an upload once with delete, then saved', async () => {
    const { testHost, uploads, done } = setUp();
    const form = screen.getByTestId('invoice-upload');
    // The browser's "Choose Files" inputs stay hidden behind the uploader's buttons.
    const inputs = [...form.querySelectorAll('input[type="file"]')] as HTMLInputElement[];
    expect(inputs).toHaveLength(2);
    for (const input of inputs) expect(getComputedStyle(input).display).toBe('none');
    expect(within(form).getAllByRole('button', { name: engine.widgets.upload.select })).toHaveLength(2);
    await within(form).findByText('filed-invoice.pdf');
    expect(within(form).queryByRole('button', { name: engine.widgets.upload.delete.replace('{{name}}', 'filed-invoice.pdf') })).toBeNull();

    const user = userEvent.setup();
    await user.upload(inputs[0], new File(['%PDF'], 'new-invoice.pdf', { type: 'application/pdf' }));
    await within(form).findByText('new-invoice.pdf');
    expect(within(form).getAllByText('new-invoice.pdf')).toHaveLength(1);
    expect(within(form).getAllByText('filed-invoice.pdf')).toHaveLength(1);
    expect(within(form).getByRole('button', { name: engine.widgets.upload.delete.replace('{{name}}', 'new-invoice.pdf') })).toBeTruthy();
    expect(uploads).toEqual(['e-invoice:new-invoice.pdf']);

    await user.click(within(form).getByRole('button', { name: en.invoices.submit }));
    await waitFor(() => expect(done).toEqual([true]));
    expect(testHost.log.posts).toContainEqual({ path: '/invoice_managements', body: { transactions: [5], e_invoices: [30], application_papers: [] } });
  });

  it('a failed upload or a refused file type says so and adds nothing; saving without a new file asks for one', async () => {
    const { testHost, done } = setUp();
    const form = screen.getByTestId('invoice-upload');
    const inputs = [...form.querySelectorAll('input[type="file"]')] as HTMLInputElement[];
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(inputs[1], new File(['x'], 'broken.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(testHost.log.toasts).toContainEqual({ message: engine.widgets.upload.failed, intent: 'error' }));
    await user.upload(inputs[1], new File(['x'], 'run.exe', { type: 'application/octet-stream' }));
    await waitFor(() => expect(testHost.log.toasts).toContainEqual({ message: engine.widgets.upload.typeNotAllowed, intent: 'error' }));
    await user.click(within(form).getByRole('button', { name: en.invoices.submit }));
    await waitFor(() => expect(testHost.log.alerts.map((a) => a.message)).toEqual([en.invoices.needFile]));
    expect(done).toEqual([]);
  });
});
