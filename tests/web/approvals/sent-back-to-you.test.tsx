import { beforeAll, describe, expect, it } from 'vitest';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApprovalList } from '../../../src/app/pages/approvals/ApprovalList';
import { usePendingCount } from '../../../src/app/pages/home/use-pending-count';
import { demoModule } from '../renderer/demo-module';
import { createApprovalsHost, type HostCall } from './approvals-host';
import { approvalItem, bufferItem, collection, documentView, step } from './fixtures';

// The detail page is a lazy chunk: loaded once before the tests (a busy machine's first import is slow).
configure({ asyncUtilTimeout: 5000 });
beforeAll(async () => {
  await import('../../../src/app/pages/approvals/DocumentDetailPage');
}, 60_000);

const requester = { id: 3, name: 'Hanako Employee', is_finance: false, is_treasury: false, is_authorizer: false, is_legal: false, company: { id: 1, name: 'Ringi Holdings' } };

/** Document 5 sent back to its requester (the reader): the pending item the server answers for it. */
const sentBack = () => ({ ...approvalItem(51, 5, { waiting_for: 'the requester' }), active: false, awaiting: 'requester' as const });

describe('a document sent back to the reader (its requester) on the pending list', () => {
  it('says so on its card — fix and resubmit, or withdraw — and on no other card', async () => {
    const h = createApprovalsHost({
      user: requester,
      routes: { 'GET /approvals/my': collection([sentBack(), { ...approvalItem(61, 6), awaiting: 'approver' as const }]) },
    });
    render(<ApprovalList kind="pending" compact />, { wrapper: h.Wrapper });
    const card = await screen.findByRole('button', { name: 'Demo DEMO-2026-000005' });
    expect(within(card).getByText('Sent back to you: fix and resubmit, or withdraw')).toBeTruthy();
    const other = screen.getByRole('button', { name: 'Demo DEMO-2026-000006' });
    expect(other.querySelector('[data-sent-back-to-you]')).toBeNull();
  });

  it('opens with Resubmit, and once resubmitted leaves the list and the count without a reload', async () => {
    const user = userEvent.setup();
    let resubmitted = false;
    const h = createApprovalsHost({
      user: requester,
      routes: {
        'GET /approvals/my': (call: HostCall) =>
          call.params?.itemsPerPage === 1 ? collection([], resubmitted ? 0 : 1) : collection(resubmitted ? [] : [sentBack()]),
        'GET /approvals/51/buffer': documentView({ withdraw: true, resubmit: true, edit: false }, {
          ...bufferItem(5, { waiting_for: 'the requester' }), current_approval_id: null, approvals: [step(51, 1), step(52, 2)],
        }),
        'GET /module-definitions/demo': demoModule(),
        'POST /buffer/5/resubmit': () => {
          resubmitted = true;
          return { id: 5, status: 0, active_approval_id: 51 };
        },
      },
      confirmAnswers: [true],
    });
    function Count() {
      const count = usePendingCount();
      return <p data-testid="count">{count ?? '…'}</p>;
    }
    render(<><Count /><ApprovalList kind="pending" compact /></>, { wrapper: h.Wrapper });
    await waitFor(() => expect(screen.getByTestId('count').textContent).toBe('1'));
    await user.click(await screen.findByRole('button', { name: 'Demo DEMO-2026-000005' }));
    const page = await screen.findByRole('dialog', { name: 'DEMO-2026-000005' });
    await user.click(await within(page).findByRole('button', { name: 'Resubmit' }));
    await waitFor(() => expect(screen.getByTestId('count').textContent).toBe('0'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Demo DEMO-2026-000005' })).toBeNull());
    // Opened through the item's step, as any pending item; the call made is the requester's resubmit.
    expect(h.gets('/approvals/51/buffer').length).toBeGreaterThan(0);
    expect(h.posts().map((c) => c.path)).toEqual(['/buffer/5/resubmit']);
  });
});
