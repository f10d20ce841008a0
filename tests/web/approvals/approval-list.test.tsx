import { beforeAll, describe, expect, it } from 'vitest';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { ApprovalList } from '../../../src/app/pages/approvals/ApprovalList';
import { demoModule } from '../renderer/demo-module';
import { createApprovalsHost, type HostCall } from './approvals-host';
import { approvalItem, bufferItem, collection, documentView } from './fixtures';
import { usePendingCount } from '../../../src/app/pages/home/use-pending-count';
import { useRendererHost } from '../../../src/renderer/host';
import { useResource } from '../../../src/renderer/query';

// The detail page is a lazy chunk; on a busy 2-core machine its first import can take over 1 s.
configure({ asyncUtilTimeout: 5000 });
// Its module is loaded once before the tests, so no test spends its wait on the first import's transform.
beforeAll(async () => {
  await import('../../../src/app/pages/approvals/DocumentDetailPage');
}, 60_000);

/** Pages of `/my-buffers`: 5 + 2 documents, then an empty page. */
function pagedBuffers(call: HostCall) {
  const page = Number(call.params?.page);
  if (page === 1) return collection([1, 2, 3, 4, 5].map((id) => bufferItem(id)), 7);
  if (page === 2) return collection([6, 7].map((id) => bufferItem(id, { status: id === 6 ? 3 : 2, waiting_for: null })), 7);
  return collection([], 7);
}

const companies = collection([{ id: 1, name: 'Ringi Holdings' }, { id: 2, name: 'Ringi Japan' }]);

describe('ApprovalList', () => {
  it('loads 5 per page, advances after a full page and stops after a short one (no "Load more" under a complete list)', async () => {
    const h = createApprovalsHost({ routes: { 'GET /my-buffers': pagedBuffers } });
    render(<ApprovalList kind="initiated" />, { wrapper: h.Wrapper });
    expect(await screen.findAllByRole('listitem')).toHaveLength(5);
    expect(h.gets('/my-buffers')[0].params).toEqual({ page: 1, itemsPerPage: 5, 'sort[createdAt]': 'desc' });

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(7));
    await h.settle();
    // Page 2 held 2 of 5: the list is complete, nothing more is asked or offered.
    expect(h.gets('/my-buffers').map((c) => c.params?.page)).toEqual([1, 2]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(7);
  });

  it('sends the server\'s nextCursor back with the next page (keyset paging), and starts again without it', async () => {
    // Page 1 ends with a cursor; the next request carries it (the server then ignores `page`).
    const cursorPages = (call: HostCall) => {
      if (!call.params?.cursor && Number(call.params?.page) === 1) return { ...collection([1, 2, 3, 4, 5].map((id) => bufferItem(id)), 7), nextCursor: 'after-5' };
      if (call.params?.cursor === 'after-5') return collection([6, 7].map((id) => bufferItem(id)), 7);
      return collection([], 7);
    };
    const h = createApprovalsHost({ routes: { 'GET /my-buffers': cursorPages } });
    render(<ApprovalList kind="initiated" />, { wrapper: h.Wrapper });
    expect(await screen.findAllByRole('listitem')).toHaveLength(5);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(7));
    expect(h.gets('/my-buffers').map((c) => c.params?.cursor)).toEqual([undefined, 'after-5']);
    // Page 2 was short (and reached the total of 7): the list ends without asking again.
    await h.settle();
    expect(h.gets('/my-buffers').map((c) => [c.params?.page, c.params?.cursor])).toEqual([[1, undefined], [2, 'after-5']]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows title, code, applicant and a coloured status badge on each card', async () => {
    const h = createApprovalsHost({ routes: { 'GET /my-buffers': pagedBuffers } });
    render(<ApprovalList kind="initiated" />, { wrapper: h.Wrapper });
    const card = await screen.findByRole('button', { name: 'Demo DEMO-2026-000001' });
    expect(within(card).getByText('Applicant: Hanako Employee')).toBeTruthy();
    const badge = within(card).getByText('Waiting for Manager');
    expect(badge.getAttribute('data-color')).toBe('warning');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    const rejected = await screen.findByRole('button', { name: 'Demo DEMO-2026-000006' });
    expect(within(rejected).getByText('Rejected').getAttribute('data-color')).toBe('danger');
    expect(within(screen.getByRole('button', { name: 'Demo DEMO-2026-000007' })).getByText('Completed').getAttribute('data-color')).toBe('success');
  });

  it('says so when the list is empty', async () => {
    const h = createApprovalsHost({ routes: { 'GET /buffer/forwarded': collection([]) } });
    render(<ApprovalList kind="forwarded" />, { wrapper: h.Wrapper });
    expect(await screen.findByText('Nothing here yet.')).toBeTruthy();
  });

  it('searches after a pause, at most 20 characters, from page 1', async () => {
    const h = createApprovalsHost({ routes: { 'GET /approvals/my': collection([approvalItem(51, 5)]) } });
    render(<ApprovalList kind="done" />, { wrapper: h.Wrapper });
    await screen.findAllByRole('listitem');
    const box = screen.getByRole('searchbox', { name: 'Search by code, applicant, customer, vendor or recipient name' });
    expect(box.getAttribute('maxlength')).toBe('20');
    fireEvent.change(box, { target: { value: 'Hanako Employee and more text' } });
    expect(h.gets('/approvals/my')).toHaveLength(1); // not yet: the search waits for a pause
    await waitFor(() => expect(h.gets('/approvals/my')).toHaveLength(2), { timeout: 3000 });
    expect(h.gets('/approvals/my')[1].params).toEqual({ page: 1, itemsPerPage: 5, 'sort[createdAt]': 'desc', isDone: '1', search: 'Hanako Employee and' });
  });

  it('sorts through the sort sheet (save applies, reset returns to created at descending)', async () => {
    const user = userEvent.setup();
    const h = createApprovalsHost({ routes: { 'GET /my-buffers': pagedBuffers } });
    render(<ApprovalList kind="initiated" />, { wrapper: h.Wrapper });
    await screen.findAllByRole('listitem');
    await user.click(screen.getByRole('button', { name: 'Sort' }));
    const sheet = await screen.findByRole('dialog', { name: 'Sort' });
    await user.click(within(sheet).getByLabelText('Application code'));
    await user.click(within(sheet).getByLabelText('Ascending'));
    await user.click(within(sheet).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(h.gets('/my-buffers').at(-1)?.params).toEqual({ page: 1, itemsPerPage: 5, 'sort[code]': 'asc' }));

    await user.click(screen.getByRole('button', { name: 'Sort' }));
    const again = await screen.findByRole('dialog', { name: 'Sort' });
    expect((within(again).getByLabelText('Application code') as HTMLInputElement).checked).toBe(true);
    await user.click(within(again).getByRole('button', { name: 'Reset' }));
    expect((within(again).getByLabelText('Created at') as HTMLInputElement).checked).toBe(true);
    expect((within(again).getByLabelText('Descending') as HTMLInputElement).checked).toBe(true);
  });

  it('filters by company, stamp number, status, module and period', async () => {
    const user = userEvent.setup();
    const h = createApprovalsHost({
      routes: {
        'GET /approvals/my': collection([approvalItem(51, 5)]),
        'GET /companies': companies,
        'GET /module-definitions': collection([demoModule()]),
      },
    });
    render(<ApprovalList kind="pending" />, { wrapper: h.Wrapper });
    await screen.findAllByRole('listitem');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filter' });
    await within(sheet).findByRole('option', { name: 'Ringi Japan' });
    await user.selectOptions(within(sheet).getByRole('combobox', { name: 'Company' }), 'Ringi Japan');
    await user.type(within(sheet).getByRole('textbox', { name: 'Stamp number' }), 'SS2026');
    const statuses = within(sheet).getByRole('group', { name: 'Status' });
    expect(within(statuses).getAllByRole('checkbox').map((c) => c.closest('span, div')?.textContent ?? '')).toHaveLength(4);
    await user.click(within(statuses).getByLabelText('Completed'));
    await user.click(within(statuses).getByLabelText('Withdrawn'));
    await user.click(await within(sheet).findByLabelText('Demo'));
    await user.click(within(sheet).getByRole('button', { name: 'Last 7 days' }));
    await user.click(within(sheet).getByRole('button', { name: 'Apply' }));
    const today = dayjs();
    await waitFor(() =>
      expect(h.gets('/approvals/my').at(-1)?.params).toEqual({
        page: 1, itemsPerPage: 5, 'sort[createdAt]': 'desc', 'company.id': 2, stamp_no: 'SS2026', status: [2, 10], 'module.code': ['demo'],
        'createdAt[after]': today.subtract(6, 'day').format('YYYY-MM-DD'), 'createdAt[before]': today.format('YYYY-MM-DD'),
      }),
    );
  });

  it('filters by requester through the user multi-select (Add (n)); the names show in the sheet; requester.id is sent', async () => {
    const user = userEvent.setup();
    const people = [{ id: 3, name: 'Hanako Employee' }, { id: 9, name: 'Jiro Suzuki' }, { id: 12, name: 'Kenji Sato' }];
    const h = createApprovalsHost({
      routes: {
        'GET /approvals/my': collection([approvalItem(51, 5)]),
        'GET /companies': companies,
        'GET /module-definitions': collection([]),
        'GET /users/pic': (call: { params?: Record<string, unknown> }) => collection(Number(call.params?.page ?? 1) === 1 ? people : []),
      },
    });
    render(<ApprovalList kind="pending" />, { wrapper: h.Wrapper });
    await screen.findAllByRole('listitem');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filter' });
    await user.click(within(sheet).getByRole('button', { name: 'Anyone' }));
    const picker = await screen.findByRole('dialog', { name: 'Requesters' });
    expect(h.gets('/users/pic')[0].params).toMatchObject({ page: 1, itemsPerPage: 10 });
    await user.click(await within(picker).findByLabelText('Hanako Employee'));
    await user.click(within(picker).getByLabelText('Kenji Sato'));
    await user.click(within(picker).getByRole('button', { name: 'Add (2)' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Requesters' })).toBeNull());
    expect(within(sheet).getByTestId('filter-requesters').textContent).toBe('Hanako Employee, Kenji Sato');
    await user.click(within(sheet).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(h.gets('/approvals/my').at(-1)?.params).toEqual({ page: 1, itemsPerPage: 5, 'sort[createdAt]': 'desc', 'requester.id': [3, 12] }));
  });

  it('refuses a custom range whose start is after its end, and sends nothing', async () => {
    const user = userEvent.setup();
    const h = createApprovalsHost({ routes: { 'GET /approvals/my': collection([]), 'GET /companies': companies, 'GET /module-definitions': collection([]) } });
    render(<ApprovalList kind="pending" />, { wrapper: h.Wrapper });
    await screen.findByText('Nothing here yet.');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filter' });
    await user.click(within(sheet).getByRole('button', { name: 'Custom range' }));
    fireEvent.change(within(sheet).getByLabelText('From'), { target: { value: '2026-11-20' } });
    fireEvent.change(within(sheet).getByLabelText('To'), { target: { value: '2026-11-01' } });
    await user.click(within(sheet).getByRole('button', { name: 'Apply' }));
    expect(within(sheet).getByRole('alert').textContent).toContain('the start may not be after the end');
    expect(h.gets('/approvals/my')).toHaveLength(1);
  });

  it('opens the detail page titled with the code, and reloads from page 1 after an action', async () => {
    const user = userEvent.setup();
    const h = createApprovalsHost({
      routes: {
        'GET /approvals/my': collection([approvalItem(51, 5)]),
        'GET /approvals/51/buffer': documentView({ approve: true, reject: true }),
        'GET /module-definitions/demo': demoModule(),
        'GET /remember_email_push/next_user/5': { is_notified: false, next_approval_id: 52 },
        'POST /approvals/51/action': { id: 51, status: 1, buffer: { id: 5, status: 0 } },
      },
    });
    render(<ApprovalList kind="pending" />, { wrapper: h.Wrapper });
    await user.click(await screen.findByRole('button', { name: 'Demo DEMO-2026-000005' }));
    const page = await screen.findByRole('dialog', { name: 'DEMO-2026-000005' });
    await user.click(await within(page).findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'DEMO-2026-000005' })).toBeNull());
    await waitFor(() => expect(h.gets('/approvals/my')).toHaveLength(2));
    expect(h.gets('/approvals/my')[1].params?.page).toBe(1);
  });

  it('after approving, the pending list and Home\'s count no longer show the document, without a reload (the action invalidates them)', async () => {
    const user = userEvent.setup();
    // The server's state: document 5 waits until its step is approved.
    let approved = false;
    const h = createApprovalsHost({
      routes: {
        'GET /approvals/my': (call: HostCall) =>
          call.params?.itemsPerPage === 1 ? collection([], approved ? 0 : 1) : collection(approved ? [] : [approvalItem(51, 5)]),
        'GET /approvals/51/buffer': documentView({ approve: true, reject: true }),
        'GET /module-definitions/demo': demoModule(),
        'GET /remember_email_push/next_user/5': { is_notified: false, next_approval_id: 52 },
        'POST /approvals/51/action': () => {
          approved = true;
          return { id: 51, status: 1, buffer: { id: 5, status: 0 } };
        },
      },
    });
    function Count() {
      const count = usePendingCount();
      return <p data-testid="count">{count ?? '…'}</p>;
    }
    render(
      <>
        <Count />
        <ApprovalList kind="pending" compact />
      </>,
      { wrapper: h.Wrapper },
    );
    await waitFor(() => expect(screen.getByTestId('count').textContent).toBe('1'));
    await user.click(await screen.findByRole('button', { name: 'Demo DEMO-2026-000005' }));
    const page = await screen.findByRole('dialog', { name: 'DEMO-2026-000005' });
    await user.click(await within(page).findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'DEMO-2026-000005' })).toBeNull());
    // Nothing asked the list or the count to reload: the invalidation did.
    await waitFor(() => expect(screen.queryAllByRole('listitem')).toHaveLength(0));
    expect(screen.getByText('Nothing here yet.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('count').textContent).toBe('0'));
  });

  it('an app action refreshes the renderer\'s cached copy of what it changed (one key scheme: the user a widget shows)', async () => {
    const user = userEvent.setup();
    // Approving the request renames user 5 on the server (an approved user change, say).
    let approved = false;
    const h = createApprovalsHost({
      routes: {
        'GET /approvals/my': (call: HostCall) => (call.params?.itemsPerPage === 1 ? collection([], 1) : collection([approvalItem(51, 5)])),
        'GET /approvals/51/buffer': documentView({ approve: true, reject: true }),
        'GET /module-definitions/demo': demoModule(),
        'GET /remember_email_push/next_user/5': { is_notified: false, next_approval_id: 52 },
        'GET /users/5': () => ({ id: 5, name: approved ? 'Kenji Renamed' : 'Kenji Finance' }),
        'POST /approvals/51/action': () => {
          approved = true;
          return { id: 51, status: 1, buffer: { id: 5, status: 0 } };
        },
      },
    });
    // A widget's read of the user, through the renderer's own query helper.
    function UserName() {
      const shown = useResource<{ name: string }>(useRendererHost(), '/users/5');
      return <p data-testid="user-5">{shown?.name ?? '…'}</p>;
    }
    render(
      <>
        <UserName />
        <ApprovalList kind="pending" compact />
      </>,
      { wrapper: h.Wrapper },
    );
    await waitFor(() => expect(screen.getByTestId('user-5').textContent).toBe('Kenji Finance'));
    await user.click(await screen.findByRole('button', { name: 'Demo DEMO-2026-000005' }));
    const page = await screen.findByRole('dialog', { name: 'DEMO-2026-000005' });
    await user.click(await within(page).findByRole('button', { name: 'Approve' }));
    // Nothing but the app's action invalidated the widget's copy (it is fresh for minutes otherwise).
    await waitFor(() => expect(screen.getByTestId('user-5').textContent).toBe('Kenji Renamed'));
  });

  it('a failed first page shows the list\'s error and no empty message', async () => {
    const h = createApprovalsHost({ routes: { 'GET /my-buffers': () => { throw Object.assign(new Error('boom'), { status: 500 }); } } });
    render(<ApprovalList kind="initiated" />, { wrapper: h.Wrapper });
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByText('Nothing here yet.')).toBeNull();
  });
});
