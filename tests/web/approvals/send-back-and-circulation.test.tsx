import { describe, expect, it } from 'vitest';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DocumentDetailPage } from '../../../src/app/pages/approvals/DocumentDetailPage';
import { CirculatedListPage } from '../../../src/app/pages/approvals/CirculatedListPage';
import { Timeline } from '../../../src/app/pages/approvals/Timeline';
import type { DocumentView } from '../../../src/app/pages/approvals/types';
import { demoModule } from '../renderer/demo-module';
import { createApprovalsHost, type HostRoutes } from './approvals-host';
import { bufferItem, collection, documentView, step } from './fixtures';
import { declared } from '../declared-style';

// The detail page is a lazy chunk; on a busy 2-core machine its first import can take over 1 s.
configure({ asyncUtilTimeout: 5000 });

const EMPLOYEE = { id: 3, name: 'Hanako Employee', is_finance: false, is_treasury: false, is_authorizer: false, is_legal: false, company: null };
const KENJI = { id: 7, name: 'Kenji Approver' };
const MIKA = { id: 8, name: 'Mika Legal' };
const RIN = { id: 9, name: 'Rin Finance' };

function renderDetail(doc: DocumentView, options: { routes?: HostRoutes; user?: typeof EMPLOYEE; confirmAnswers?: boolean[] } = {}) {
  const closed: unknown[] = [];
  const h = createApprovalsHost({
    user: options.user,
    confirmAnswers: options.confirmAnswers,
    routes: {
      'GET /buffers/5': doc,
      'GET /module-definitions/demo': demoModule(),
      'GET /remember_email_push/next_user/5': { is_notified: false, next_approval_id: 52 },
      'POST /approvals/51/action': { id: 51, status: 0, buffer: { id: 5, status: 0 }, active_approval_id: 50 },
      'POST /buffer/5/resubmit': { id: 5, status: 0, active_approval_id: 50 },
      ...options.routes,
    },
  });
  render(<DocumentDetailPage params={{ documentId: 5 }} close={(result) => closed.push(result ?? 'back')} />, { wrapper: h.Wrapper });
  return { ...h, closed };
}

/** Three steps: the first approved by Kenji, the second active (the reader's), the third waiting. */
const atSecond = (can: Partial<DocumentView['can']>) => documentView(can, {
  approvals: [
    step(50, 1, { status: 1, approver: KENJI, approved_at: '2026-11-21T01:00:00.000Z' }),
    step(51, 2, { active: true, prospective_approvers: [MIKA] }),
    step(52, 3),
  ],
  current_approval_id: 51,
});

describe('Send back to…', () => {
  it('offers the earlier approved steps and the requester, confirms, sends back_to with approve false and toasts', async () => {
    const user = userEvent.setup();
    const h = renderDetail(atSecond({ approve: true, reject: true, send_back: true }));
    await user.click(await screen.findByRole('button', { name: 'Send back to…' }));
    const dialog = await screen.findByTestId('send-back-dialog');
    const choices = within(dialog).getAllByRole('radio');
    // Only the approved step before the active one, then the requester: never the active or a later step.
    expect(choices.map((radio) => radio.closest('[data-back-to]')?.getAttribute('data-back-to') ?? (radio as HTMLInputElement).value)).toEqual(['50', 'requester']);
    expect(within(dialog).getByLabelText('Step 1 (approved by Kenji Approver)')).toBeTruthy();
    expect(within(dialog).getByLabelText('The requester (Hanako Employee), to edit and resubmit')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Send back' }));
    await waitFor(() => expect(h.closed).toEqual(['changed']));
    expect(h.confirms).toEqual(['Send this application back to Step 1? Its approvers decide again, and the steps after it start over.']);
    expect(h.posts('/approvals/51/action').map((c) => c.body)).toEqual([{ approve: false, back_to: 50, send_email_push: false }]);
    expect(h.toasts[0]).toMatchObject({ message: 'Application has been sent back', intent: 'success' });
  });

  it('sends back to the requester when chosen; a declined confirmation sends nothing', async () => {
    const user = userEvent.setup();
    const page = renderDetail(atSecond({ approve: true, reject: true, send_back: true }), { confirmAnswers: [false] });
    await user.click(await screen.findByRole('button', { name: 'Send back to…' }));
    await user.click(within(await screen.findByTestId('send-back-dialog')).getByRole('button', { name: 'Send back' }));
    await waitFor(() => expect(page.confirms).toHaveLength(1));
    expect(page.posts()).toEqual([]);
    expect(page.closed).toEqual([]);
    await user.click(await screen.findByRole('button', { name: 'Send back to…' }));
    await user.click(within(await screen.findByTestId('send-back-dialog')).getByLabelText(/The requester/));
    await user.click(within(screen.getByTestId('send-back-dialog')).getByRole('button', { name: 'Send back' }));
    await waitFor(() => expect(page.closed).toEqual(['changed']));
    expect(page.confirms[1]).toContain('Send this application back to the requester (Hanako Employee)?');
    expect(page.posts('/approvals/51/action')[0].body).toMatchObject({ approve: false, back_to: 'requester' });
  });

  it('is not offered without can.send_back; the requester of a document sent back to them resubmits', async () => {
    const user = userEvent.setup();
    const h = renderDetail(documentView({ withdraw: true, resubmit: true }, {
      approvals: [step(50, 1), step(51, 2)], current_approval_id: null, waiting_for: 'the requester',
    }), { user: EMPLOYEE });
    const resubmit = await screen.findByRole('button', { name: 'Resubmit' });
    expect(screen.queryByRole('button', { name: 'Send back to…' })).toBeNull();
    await user.click(resubmit);
    await waitFor(() => expect(h.closed).toEqual(['changed']));
    expect(h.posts().map((c) => c.path)).toEqual(['/buffer/5/resubmit']);
    expect(h.toasts[0].message).toBe('Application has been resubmitted');
  });
});

describe('timeline decisions and skips', () => {
  function renderTimeline(doc: DocumentView) {
    const h = createApprovalsHost({ routes: {} });
    render(<Timeline doc={doc} />, { wrapper: h.Wrapper });
  }

  it('shows each approver\'s decision within a 合議 (all) step and a quorum step, n of m', () => {
    renderTimeline(documentView({}, {
      approvals: [
        step(50, 1, { active: true, mode: 'all', required: 3, prospective_approvers: [KENJI, MIKA, RIN], decided: [MIKA] }),
        step(51, 2, { mode: 'quorum', required: 2, prospective_approvers: [KENJI, MIKA, RIN], decided: [] }),
      ],
    }));
    const [all, quorum] = [50, 51].map((id) => document.querySelector(`[data-step="${id}"]`) as HTMLElement);
    expect(within(all).getByTestId('step-decisions-count').textContent).toBe('1 of 3 approved (all must approve)');
    expect([...all.querySelectorAll('[data-decision]')].map((row) => [row.textContent, row.getAttribute('data-decision')])).toEqual([
      ['Kenji Approver: pending', 'pending'], ['Mika Legal: approved', 'approved'], ['Rin Finance: pending', 'pending'],
    ]);
    expect(within(quorum).getByTestId('step-decisions-count').textContent).toBe('0 of 2 approvals needed (3 approvers)');
  });

  it('says why a step was skipped (the requester holds the post, or nobody does), and a passed 合議 step shows who passed it', () => {
    renderTimeline(documentView({}, {
      approvals: [
        step(49, 1, { status: 3, skipped: 'requester', skipped_reason: 'x' }),
        step(50, 2, { status: 3, skipped: 'vacant', skipped_reason: 'x' }),
        step(51, 3, { status: 1, mode: 'all', required: 2, approver: RIN, prospective_approvers: [MIKA, RIN], decided: [MIKA, RIN] }),
      ],
    }));
    const row = (id: number) => document.querySelector(`[data-step="${id}"]`) as HTMLElement;
    expect(row(49).getAttribute('data-indicator')).toBe('skipped');
    expect(within(row(49)).getByTestId('skip-reason').textContent).toBe('Skipped: the requester holds this post');
    expect(within(row(50)).getByTestId('skip-reason').textContent).toBe('Skipped: nobody holds this post');
    expect(within(row(51)).queryByTestId('step-decisions-count')).toBeNull();
    expect(within(row(51)).getByText('Rin Finance')).toBeTruthy();
  });
});

describe('timeline: filed for someone (代理申請, issue #36)', () => {
  it('says "Filed by B for A" under the requester when someone filed it for them, and nothing when they filed it themselves', () => {
    const submitted = (user: { id: number; name: string }, onBehalfOf: { id: number; name: string } | null) => ({
      log_text: 'Submitted', action: 'submit', user, on_behalf_of: onBehalfOf, created_at: '2026-04-01T01:00:00Z',
    });
    const h = createApprovalsHost({ routes: {} });
    const { unmount } = render(<Timeline doc={documentView({}, { requester: EMPLOYEE, approval_logs: [submitted(MIKA, EMPLOYEE)] } as never)} />, { wrapper: h.Wrapper });
    expect(screen.getByTestId('filed-by').textContent).toBe('Filed by Mika Legal for Hanako Employee');
    unmount();
    render(<Timeline doc={documentView({}, { requester: EMPLOYEE, approval_logs: [submitted(EMPLOYEE, null)] } as never)} />, { wrapper: h.Wrapper });
    expect(screen.queryByTestId('filed-by')).toBeNull();
  });
});

describe('For your information (回覧)', () => {
  const unread = { ...bufferItem(21, { code: 'CR-21' }), read_at: null };
  const read = { ...bufferItem(22, { code: 'CR-22' }), read_at: '2026-11-22T00:00:00.000Z' };

  it('lists the circulated documents with their read state, marks one read and reloads', async () => {
    const user = userEvent.setup();
    let marked = false;
    const h = createApprovalsHost({
      routes: {
        'GET /buffer/circulated': () => collection(marked ? [{ ...unread, read_at: '2026-11-23T00:00:00.000Z' }, read] : [unread, read]),
        'POST /buffer/21/circulation/read': () => {
          marked = true;
          return { id: 21, read_at: '2026-11-23T00:00:00.000Z' };
        },
      },
    });
    render(<CirculatedListPage />, { wrapper: h.Wrapper });
    const list = await screen.findByTestId('circulated-list');
    await within(list).findByText('CR-21');
    const state = () => [...list.querySelectorAll('[data-read]')].map((row) => [row.getAttribute('data-circulated'), row.getAttribute('data-read')]);
    expect(state()).toEqual([['CR-21', 'unread'], ['CR-22', 'read']]);
    expect(within(list).getAllByRole('button', { name: /Mark .* as read/ })).toHaveLength(1);
    await user.click(within(list).getByRole('button', { name: 'Mark CR-21 as read' }));
    await waitFor(() => expect(state()).toEqual([['CR-21', 'read'], ['CR-22', 'read']]));
    expect(h.posts().map((c) => c.path)).toEqual(['/buffer/21/circulation/read']);
    expect(h.toasts[0]).toMatchObject({ message: 'Marked as read', intent: 'success' });
    expect(h.gets('/buffer/circulated')).toHaveLength(2);
  });

  it('opens the read-only detail of a circulated document', async () => {
    const user = userEvent.setup();
    const h = createApprovalsHost({
      routes: {
        'GET /buffer/circulated': collection([unread]),
        'GET /buffers/21': documentView({}, { ...bufferItem(21, { code: 'CR-21' }) }),
        'GET /module-definitions/demo': demoModule(),
      },
    });
    render(<CirculatedListPage />, { wrapper: h.Wrapper });
    await user.click(await screen.findByRole('button', { name: 'Demo CR-21' }));
    const detail = await screen.findByTestId('document-detail');
    expect(within(detail).queryByTestId('action-bar')).toBeNull();
    expect(h.gets('/buffers/21')).toHaveLength(1);
  });

  it('opening a circulated document reads it: the list is fetched again and shows it read (the server marks it on GET /buffers/{id})', async () => {
    const user = userEvent.setup();
    let opened = false;
    const h = createApprovalsHost({
      routes: {
        'GET /buffer/circulated': () => collection([opened ? { ...unread, read_at: '2026-11-23T00:00:00.000Z' } : unread]),
        'GET /buffers/21': () => {
          opened = true;
          return documentView({}, { ...bufferItem(21, { code: 'CR-21' }) });
        },
        'GET /module-definitions/demo': demoModule(),
      },
    });
    render(<CirculatedListPage />, { wrapper: h.Wrapper });
    const list = await screen.findByTestId('circulated-list');
    await user.click(await within(list).findByRole('button', { name: 'Demo CR-21' }));
    await screen.findByTestId('document-detail');
    await waitFor(() => expect(list.querySelector('[data-circulated="CR-21"]')?.getAttribute('data-read')).toBe('read'));
    expect(h.gets('/buffer/circulated')).toHaveLength(2);
    expect(within(list).queryByRole('button', { name: 'Mark CR-21 as read' })).toBeNull();
    expect(h.posts()).toEqual([]);
  });

  it('keeps each read state inside its own document\'s frame, the next document a wider gap away', async () => {
    const h = createApprovalsHost({ routes: { 'GET /buffer/circulated': collection([unread, read]) } });
    render(<CirculatedListPage />, { wrapper: h.Wrapper });
    const list = await screen.findByRole('list');
    await within(list).findByText('CR-21');
    for (const code of ['CR-21', 'CR-22']) {
      const frame = list.querySelector(`[data-circulated="${code}"]`) as HTMLElement;
      // The card and its read state are the frame's only children: nothing of the next document between.
      expect([...frame.children].map((child) => (child.hasAttribute('data-read-state') ? 'state' : child.getAttribute('data-code')))).toEqual([code, 'state']);
      expect(declared(frame, 'border')).toMatch(/ solid /);
      expect(declared(frame, 'gap')).toBe('0px');
    }
    // Documents a large gap apart (jsdom resolves no design tokens: the rule names the token).
    expect(declared(list, 'gap')).toBe('var(--spacingVerticalL)');
  });

  it('says so when nothing was circulated, and when the list failed to load', async () => {
    const empty = createApprovalsHost({ routes: { 'GET /buffer/circulated': collection([]) } });
    const { unmount } = render(<CirculatedListPage />, { wrapper: empty.Wrapper });
    expect(await screen.findByText('Nothing has been circulated to you.')).toBeTruthy();
    unmount();
    const failing = createApprovalsHost({ routes: { 'GET /buffer/circulated': () => { throw Object.assign(new Error('down'), { status: 503 }); } } });
    render(<CirculatedListPage />, { wrapper: failing.Wrapper });
    expect((await screen.findByRole('alert')).textContent).toBe('The documents circulated to you could not be loaded.');
  });
});
