import { describe, expect, it, vi } from 'vitest';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DocumentDetailPage, type DocumentDetailParams } from '../../../src/app/pages/approvals/DocumentDetailPage';
import type { DocumentView } from '../../../src/app/pages/approvals/types';
import { demoModule } from '../renderer/demo-module';
import { definitions } from '../application/application-harness';
import { createApprovalsHost, type HostRoutes } from './approvals-host';
import { documentView, step } from './fixtures';
import { ToolbarSlotContext } from '../../../src/app/shell/toolbar-slot';

// The detail page is a lazy chunk; on a busy 2-core machine its first import can take over 1 s.
configure({ asyncUtilTimeout: 5000 });

const EMPLOYEE = { id: 3, name: 'Hanako Employee', is_finance: false, is_treasury: false, is_authorizer: false, is_legal: false, company: null };

function renderDetail(doc: DocumentView, options: { routes?: HostRoutes; params?: DocumentDetailParams; user?: typeof EMPLOYEE; confirmAnswers?: boolean[]; module?: ReturnType<typeof demoModule> } = {}) {
  const closed: unknown[] = [];
  const h = createApprovalsHost({
    user: options.user,
    confirmAnswers: options.confirmAnswers,
    routes: {
      'GET /buffers/5': doc,
      'GET /approvals/51/buffer': doc,
      'GET /module-definitions/demo': options.module ?? demoModule(),
      'GET /remember_email_push/next_user/5': { is_notified: true, next_approval_id: 52 },
      'POST /approvals/51/action': { id: 51, status: 1, buffer: { id: 5, status: 0 } },
      'POST /approvals/51/step_back': { id: 5, status: 0, active_approval_id: 50 },
      'POST /buffer/withdrawal': { id: 5, status: 10 },
      'POST /buffer/step_back': { id: 5, status: 0, active_approval_id: 50 },
      ...options.routes,
    },
  });
  render(<DocumentDetailPage params={options.params ?? { documentId: 5 }} close={(result) => closed.push(result ?? 'back')} />, { wrapper: h.Wrapper });
  return { ...h, closed };
}

describe('DocumentDetailPage', () => {
  it('offers the printed 稟議書: the button downloads GET /api/buffer/{id}/pdf in the reader\'s language', async () => {
    const fetched: Array<[string, RequestInit | undefined]> = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      fetched.push([url, init]);
      return new Response('%PDF-1.3', { status: 200, headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="ringi-X.pdf"' } });
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      renderDetail(documentView());
      await userEvent.click(await screen.findByRole('button', { name: 'Print approval request (PDF)' }));
      await waitFor(() => expect(clicked).toHaveBeenCalled());
      expect(fetched.map(([url]) => url)).toEqual(['/api/buffer/5/pdf']);
      expect(fetched[0][1]?.headers).toMatchObject({ 'accept-language': 'en' });
    } finally {
      vi.unstubAllGlobals();
      clicked.mockRestore();
    }
  });

  it('shows no print button to a document-search reader (read through the Statistic scope)', async () => {
    renderDetail(documentView(), { params: { documentId: 5, statistic: true }, routes: { 'GET /statistic/buffers/5': documentView() } });
    await screen.findByTestId('document-detail');
    expect(screen.queryByRole('button', { name: 'Print approval request (PDF)' })).toBeNull();
  });

  it('an edit request of a company shows old → new and the addresses and department names, not "Item 1"', async () => {
    const companies = Object.values(await definitions()).find((m) => m.meta.entity?.kind === 'company')!;
    const data = {
      name: 'Ringi Japan KK',
      locations: [{ id: 1, address: '1-1 Marunouchi' }, { id: null, address: '2-2 Umeda' }, { id: null, address: '3-3 Tenjin' }],
      departments: [{ id: 2, name: 'Sales' }, { id: null, name: 'Legal' }],
    };
    const doc = documentView({}, { action: 'edit', module: { code: companies.code }, data });
    renderDetail(doc, {
      module: companies,
      routes: {
        [`GET /module-definitions/${companies.code}`]: companies,
        'GET /buffer/5/last-history': { 'hydra:member': [
          { field: 'name', user: null, created_at: '2026-11-20T08:00:00.000Z', old_value: 'Ringi Japan', value: 'Ringi Japan KK' },
          { field: 'departments', user: null, created_at: '2026-11-20T08:00:00.000Z', old_value: [{ id: 2, name: 'Sales' }], value: data.departments },
        ], 'hydra:totalItems': 2 },
      },
    });
    const card = await screen.findByTestId('document-detail');
    await waitFor(() => expect(card.querySelector('[data-old="name"]')?.textContent).toBe('Ringi Japan'));
    expect(card.querySelector('[data-new="name"]')?.textContent).toBe('Ringi Japan KK');
    for (const text of ['1-1 Marunouchi', '2-2 Umeda', '3-3 Tenjin', 'Sales', 'Legal']) expect(card.textContent).toContain(text);
    expect(card.querySelector('[data-old="departments"]')?.textContent).toContain('Sales');
    expect(card.querySelector('[data-old="departments"]')?.textContent).not.toContain('Legal');
    expect(card.textContent).not.toMatch(/Item \d/);
  });

  it('a completed document lists the files of the field its definition names for e-invoices (statistics.invoices), and only then', async () => {
    const module = demoModule();
    const withInvoices = { ...module, meta: { ...module.meta, statistics: { invoices: { einvoices: 'receipts', papers: 'papers' } } } };
    const doc = documentView({}, { status: 2, waiting_for: null, data: { ...documentView().data, receipts: [9], e_invoices: [8] } });
    const h = renderDetail(doc, { module: withInvoices, routes: { 'GET /files/9/meta': { id: 9, name: 'invoice-9.pdf', url: '/api/files/9?token=x' } } });
    expect(await within(await screen.findByTestId('invoice-files')).findByText('invoice-9.pdf')).toBeTruthy();
    // One read of the file's record, shared with the detail card's own file field.
    expect(h.gets('/files/9/meta')).toHaveLength(1);
    expect(within(screen.getByTestId('invoice-files')).getAllByRole('link')).toHaveLength(1);
  });

  it('a module whose definition names no e-invoice field shows no invoice files', async () => {
    renderDetail(documentView({}, { status: 2, waiting_for: null, data: { ...documentView().data, e_invoices: [8] } }));
    await screen.findByTestId('document-detail');
    expect(screen.queryByTestId('invoice-files')).toBeNull();
  });

  it('loads through the step when opened from Pending, with the definition version the document was filed under', async () => {
    const h = renderDetail(documentView({ approve: true, reject: true }), { params: { documentId: 5, approvalId: 51 } });
    await screen.findByTestId('document-detail');
    expect(h.gets('/approvals/51/buffer')).toHaveLength(1);
    expect(h.gets('/buffers/5')).toHaveLength(0);
    expect(h.gets('/module-definitions/demo')[0].params).toEqual({ version: 'v1' });
    expect(screen.getByText('Requested by Hanako Employee')).toBeTruthy();
    expect(screen.getByText('Waiting for Manager').getAttribute('data-color')).toBe('warning');
  });

  it('opens the change history with its chain verdict from the timeline card; a deputy\'s entry reads deputy on behalf of principal', async () => {
    const user = userEvent.setup();
    const h = renderDetail(documentView(), {
      routes: {
        'GET /buffers/5/history': {
          'hydra:member': [{ seq: 1, at: '2026-05-01T03:00:00Z', actor: { id: 3, name: 'Hanako Employee' }, reason: 'submit', kind: 'filed', before: null, after: {}, files_added: [{ id: 9, name: 'invoice.pdf', sha256: 'a'.repeat(64) }], files_removed: [], hash: 'b'.repeat(64) },
            { seq: 2, at: '2026-05-02T03:00:00Z', actor: { id: 7, name: 'Aiko Ito' }, on_behalf_of: { id: 4, name: 'Kenji Sato' }, reason: 'reject', kind: 'status', before: { $status: 0 }, after: { $status: 3 }, files_added: [], files_removed: [], hash: 'c'.repeat(64) }],
          'hydra:totalItems': 2, chain_ok: true,
        },
      },
    });
    await screen.findByTestId('document-detail');
    await user.click(screen.getByRole('button', { name: 'Change history' }));
    const page = await screen.findByTestId('record-history');
    expect(await within(page).findByText('Hash chain verified')).toBeTruthy();
    expect(within(page).getByText('+ invoice.pdf')).toBeTruthy();
    // A deputy's entry says whom they acted for, as the timeline does.
    expect(within(page).getByText('Aiko Ito on behalf of Kenji Sato')).toBeTruthy();
    // Read in the reader's words (the stored `$status` and the hashes are the records view's).
    expect(page.querySelector('[data-change="$status"]')?.textContent).toBe('Status: On process → Rejected');
    expect(page.textContent).not.toContain('b'.repeat(64));
    expect(h.gets('/buffers/5/history')).toHaveLength(1);
  });

  it('shows no action bar when nothing is allowed', async () => {
    renderDetail(documentView());
    await screen.findByTestId('document-detail');
    expect(screen.queryByTestId('action-bar')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it.each([
    [{ approve: true, reject: true }, ['Reject', 'Approve']],
    [{ reject: true }, ['Reject']],
    [{ approve: true, reject: true, step_back: true }, ['Step back', 'Reject', 'Approve']],
  ])('can %o shows %o', async (can, buttons) => {
    renderDetail(documentView(can));
    const bar = await screen.findByTestId('action-bar');
    expect(within(bar).getAllByRole('button').map((b) => b.textContent)).toEqual(buttons);
  });

  it('approve asks first; declined sends nothing; confirmed sends the notify choice, toasts 2 s and closes with a refresh', async () => {
    const user = userEvent.setup();
    const h = renderDetail(documentView({ approve: true, reject: true }), { confirmAnswers: [false, true] });
    const approve = await screen.findByRole('button', { name: 'Approve' });
    const notify = screen.getByRole('checkbox', { name: 'Notify the next approver' }) as HTMLInputElement;
    await waitFor(() => expect(notify.checked).toBe(true)); // default from remember_email_push
    await user.click(approve);
    await h.settle();
    expect(h.confirms).toEqual(['Approve this application?']);
    expect(h.posts()).toHaveLength(0);
    expect(h.closed).toEqual([]);

    await user.click(notify);
    await user.click(approve);
    await waitFor(() => expect(h.closed).toEqual(['changed']));
    expect(h.posts('/approvals/51/action')[0].body).toEqual({ approve: true, send_email_push: false });
    expect(h.toasts).toEqual([{ message: 'Application has been approved', intent: 'success', durationMs: 2000 }]);
  });

  it('the notify checkbox waits, disabled, for the remembered choice (a late answer never flips a tick)', async () => {
    const user = userEvent.setup();
    let release: (value: unknown) => void = () => undefined;
    const late = new Promise((resolve) => {
      release = resolve;
    });
    const h = renderDetail(documentView({ approve: true, reject: true }), { routes: { 'GET /remember_email_push/next_user/5': () => late } });
    const notify = (await screen.findByRole('checkbox', { name: 'Notify the next approver' })) as HTMLInputElement;
    expect(notify.disabled).toBe(true);
    release({ is_notified: false, next_approval_id: 52 });
    await waitFor(() => expect(notify.disabled).toBe(false));
    expect(notify.checked).toBe(false);
    await user.click(notify);
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(h.posts('/approvals/51/action')[0]?.body).toEqual({ approve: true, send_email_push: true }));
  });

  it('the last approver gets no notify checkbox and rejects with approve false', async () => {
    const user = userEvent.setup();
    const doc = documentView({ approve: true, reject: true }, { approvals: [step(50, 1, { status: 1, approver: { id: 9, name: 'First' } }), step(51, 2, { active: true })] });
    const h = renderDetail(doc);
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(h.closed).toEqual(['changed']));
    expect(screen.queryByRole('checkbox', { name: 'Notify the next approver' })).toBeNull();
    expect(h.gets('/remember_email_push/next_user/5')).toHaveLength(0);
    expect(h.confirms).toEqual(['Reject this application?']);
    expect(h.posts('/approvals/51/action')[0].body).toEqual({ approve: false });
  });

  // One word per action (issue #31 item 6): the applicant's button says Withdraw or Pull back, never the approver's Step back.
  it('the applicant withdraws while nobody approved: "Withdraw", its own confirmation and toast', async () => {
    const user = userEvent.setup();
    const withdraw = renderDetail(documentView({ withdraw: true }), { user: EMPLOYEE });
    await user.click(await screen.findByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(withdraw.closed).toEqual(['changed']));
    expect(screen.queryByRole('button', { name: 'Step back' })).toBeNull();
    expect(withdraw.posts()).toEqual([{ method: 'POST', path: '/buffer/withdrawal', body: { buffer_id: 5 } }]);
    expect(withdraw.confirms[0]).toContain('Withdraw this application?');
    expect(withdraw.toasts[0].message).toBe('Application has been withdrawn');
  });

  it('the applicant pulls back with the step-back call when a step is done: "Pull back"', async () => {
    const user = userEvent.setup();
    const h = renderDetail(documentView({ step_back: true }), { user: EMPLOYEE });
    await user.click(await screen.findByRole('button', { name: 'Pull back' }));
    await waitFor(() => expect(h.closed).toEqual(['changed']));
    expect(h.posts()).toEqual([{ method: 'POST', path: '/buffer/step_back', body: { buffer_id: 5 } }]);
    expect(h.confirms[0]).toContain('Pull this application back?');
    expect(h.toasts[0].message).toBe('Application has been pulled back');
  });

  it('an approver steps back through the step', async () => {
    const user = userEvent.setup();
    const h = renderDetail(documentView({ approve: true, reject: true, step_back: true }));
    await user.click(await screen.findByRole('button', { name: 'Step back' }));
    await waitFor(() => expect(h.closed).toEqual(['changed']));
    expect(h.posts().map((c) => c.path)).toEqual(['/approvals/51/step_back']);
  });

  it('draws the timeline: requester initiated, then done / rejected / in progress / waiting with timestamps', async () => {
    const doc = documentView({}, {
      approvals: [
        step(50, 1, { status: 1, approver: { id: 9, name: 'Ichiro First' }, approved_at: '2026-11-20T09:30:00.000Z' }),
        step(51, 2, { active: true }),
        step(52, 3),
        step(53, 4, { status: 2, approver: { id: 10, name: 'Jiro Rejecter' } }),
      ],
    });
    renderDetail(doc);
    const timeline = await screen.findByTestId('timeline');
    const rows = within(timeline).getAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('data-indicator'))).toEqual(['initiated', 'done', 'inProgress', 'waiting', 'rejected']);
    expect(rows[0].textContent).toContain('Hanako Employee');
    expect(rows[1].textContent).toContain('Ichiro First');
    expect(rows[1].textContent).toMatch(/2026\/11\/20 \d\d:30/);
    expect(rows[2].textContent).toContain('Kenji Approver');
  });

  it('offers the More menu only when the definition enables it and submit is not hidden', async () => {
    const base = demoModule();
    const withMenu = { ...base, meta: { ...base.meta, moreMenu: true } } as typeof base;
    renderDetail(documentView(), { module: withMenu });
    await screen.findByTestId('document-detail');
    expect(screen.getByRole('button', { name: 'More' })).toBeTruthy();
  });

  it.each([
    ['hidden by the caller', { documentId: 5, hideSubmit: true }, true],
    ['not enabled by the definition', { documentId: 5 }, false],
  ])('has no More menu when %s', async (_, params, flag) => {
    const base = demoModule();
    renderDetail(documentView(), { params, module: { ...base, meta: { ...base.meta, moreMenu: flag } } as typeof base });
    await screen.findByTestId('document-detail');
    expect(screen.queryByRole('button', { name: 'More' })).toBeNull();
  });

  it('shows the edit icon in the bottom action bar and, on top, in the toolbar; none without edit', async () => {
    const slot = document.createElement('div');
    document.body.append(slot);
    const closed: unknown[] = [];
    const h = createApprovalsHost({ routes: { 'GET /buffers/5': documentView({ edit: true }), 'GET /module-definitions/demo': demoModule() } });
    render(
      <ToolbarSlotContext.Provider value={{ slot, covered: false }}>
        <DocumentDetailPage params={{ documentId: 5 }} close={(r) => closed.push(r)} />
      </ToolbarSlotContext.Provider>,
      { wrapper: h.Wrapper },
    );
    const bar = await screen.findByTestId('action-bar');
    expect(within(bar).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(slot).getByRole('button', { name: 'Edit' })).toBeTruthy();
    slot.remove();
  });

  it('offers no edit icon when the document may not be edited', async () => {
    renderDetail(documentView({ approve: true }));
    await screen.findByTestId('action-bar');
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});
