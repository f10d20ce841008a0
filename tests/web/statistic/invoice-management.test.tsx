import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InvoiceManagementPage } from '../../../src/app/pages/statistic/invoice-management/InvoiceManagementPage';
import en from '../../../locales/en/statistic.json';
import { createTestHost } from '../test-host';

const modules = [{ code: 'payment', kind: 'module', meta: { statistics: { invoices: { einvoices: 'e_invoices' } }, launcher: { order: 1 } }, translations: { en: { title: 'Payment' } } }];
const row = (id: number) => ({
  id, code: `PAY-${id}`, currency: { code: 'JPY' }, total: 1100, requester: { name: 'Hanako' }, created_at: '2026-05-01T00:00:00Z',
  count_application_paper: 1, count_einvoice: 1, application_papers: [], e_invoices: [],
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
