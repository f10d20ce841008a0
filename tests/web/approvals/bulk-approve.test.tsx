/**
 * 一括承認 on the pending list (issue #33 item 4): checkboxes per row and "select all on screen",
 * filters sent to the server, "Approve selected" with an optional comment after a confirmation,
 * and the per-item results (approved / skipped / failed with the server's reasons).
 */
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApprovalListPage } from '../../../src/app/pages/approvals/ApprovalListPage';
import { demoModule } from '../renderer/demo-module';
import { createApprovalsHost, type HostCall } from './approvals-host';
import { approvalItem, collection } from './fixtures';

const pending = () => collection([
  approvalItem(51, 1), approvalItem(52, 2), approvalItem(53, 3),
  // Sent back to the reader as its requester: a to-do, not a decision — never offered for bulk approval.
  { ...approvalItem(54, 4), awaiting: 'requester' as const },
]);

function renderPage(post: (call: HostCall) => unknown, confirmAnswers: boolean[] = []) {
  const h = createApprovalsHost({
    routes: {
      'GET /approvals/my': pending(),
      'GET /companies': collection([{ id: 1, name: 'Ringi Holdings' }, { id: 2, name: 'Ringi Japan' }]),
      'GET /module-definitions': collection([demoModule()]),
      'POST /approvals/bulk': post,
    },
    confirmAnswers,
  });
  render(<ApprovalListPage params={{ kind: 'pending' }} close={() => undefined} />, { wrapper: h.Wrapper });
  return h;
}

const row = (code: string) => screen.getByRole('checkbox', { name: new RegExp(code) });

describe('approving many at once', () => {
  it('selects rows and all on screen, confirms, posts the ids with the comment, and shows each item\'s result', async () => {
    const user = userEvent.setup();
    const h = renderPage(() => ({
      results: [
        { id: 51, status: 'done' },
        { id: 53, status: 'skipped', message: 'This step was already handled by someone else.' },
      ],
    }));
    await user.click(await screen.findByRole('button', { name: 'Select to approve' }));
    await screen.findByRole('checkbox', { name: /DEMO-2026-000001/ });
    // The requester's own to-do is not offered.
    expect(screen.queryByRole('checkbox', { name: /DEMO-2026-000004/ })).toBeNull();
    const approve = () => screen.getByRole('button', { name: /Approve selected/ });
    expect((approve() as HTMLButtonElement).disabled).toBe(true);

    const all = screen.getByRole('checkbox', { name: 'Select all on screen (up to 100)' });
    await user.click(all);
    for (const code of ['000001', '000002', '000003']) expect((row(code) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Selected: 3 of 3')).toBeTruthy();
    // Keyboard: Space on a focused row toggles it; "select all" then reads mixed.
    row('000002').focus();
    await user.keyboard(' ');
    expect((row('000002') as HTMLInputElement).checked).toBe(false);
    expect((all as HTMLInputElement).indeterminate).toBe(true);
    expect(screen.getByText('Selected: 2 of 3')).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: /Comment/ }), 'Month-end batch');
    await user.click(approve());
    expect(h.confirms).toEqual(['Approve 2 documents?']);
    await waitFor(() => expect(h.posts('/approvals/bulk').map((c) => c.body)).toEqual([{ ids: [51, 53], approve: true, comment: 'Month-end batch' }]));

    const results = await screen.findByRole('region', { name: 'Results' });
    expect(within(results).getByRole('status').textContent).toBe('Approved: 1 · Skipped: 1 · Failed: 0');
    const lines = within(results).getAllByRole('listitem').map((li) => li.textContent);
    expect(lines).toEqual([
      'DEMO-2026-000001: Approved',
      'DEMO-2026-000003: SkippedThis step was already handled by someone else.',
    ]);
    // The results heading takes the focus, so a screen reader reads the outcome.
    expect(document.activeElement?.textContent).toBe('Results');
    expect(screen.getByText('Selected: 0 of 3')).toBeTruthy();
  });

  it('a single document confirms in the singular; declining the confirmation sends nothing', async () => {
    const user = userEvent.setup();
    const h = renderPage(() => ({ results: [] }), [false]);
    await user.click(await screen.findByRole('button', { name: 'Select to approve' }));
    await user.click(await screen.findByRole('checkbox', { name: /DEMO-2026-000001/ }));
    await user.click(screen.getByRole('button', { name: 'Approve selected (1)' }));
    expect(h.confirms).toEqual(['Approve 1 document?']);
    await h.settle();
    expect(h.posts('/approvals/bulk')).toEqual([]);
  });

  it('filters by module, company and amount on the server; a bad amount asks for a number and loads nothing', async () => {
    const user = userEvent.setup();
    const h = renderPage(() => ({ results: [] }));
    await user.click(await screen.findByRole('button', { name: 'Select to approve' }));
    await screen.findByRole('checkbox', { name: /DEMO-2026-000001/ });
    expect(h.gets('/approvals/my').at(-1)?.params).toEqual({ page: 1, itemsPerPage: 100, 'sort[createdAt]': 'desc' });
    await screen.findByRole('option', { name: 'Demo' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Module' }), 'Demo');
    await screen.findByRole('option', { name: 'Ringi Japan' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Company' }), 'Ringi Japan');
    await user.type(screen.getByRole('textbox', { name: 'Amount up to' }), '5000');
    await waitFor(() => expect(h.gets('/approvals/my').at(-1)?.params).toEqual({
      page: 1, itemsPerPage: 100, 'sort[createdAt]': 'desc', 'module.code': ['demo'], 'company.id': 2, 'amount[lte]': 5000,
    }));
    const before = h.gets('/approvals/my').length;
    await user.type(screen.getByRole('textbox', { name: /Amount from/ }), '9000');
    expect(await screen.findByText('Enter amounts as numbers; the lower may not be above the upper.')).toBeTruthy();
    await h.settle();
    expect(h.gets('/approvals/my').length).toBe(before + 3); // "9", "90", "900" are below 5000; "9000" is refused
    await user.click(screen.getByRole('button', { name: 'Stop selecting' }));
    expect(await screen.findByRole('button', { name: 'Select to approve' })).toBeTruthy();
  });
});
