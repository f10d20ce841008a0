import { describe, expect, it } from 'vitest';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FollowUpCard } from '../../../src/app/pages/approvals/FollowUpCard';
import { NavigationContext, type Navigation } from '../../../src/app/navigation/navigation-context';
import type { PageStack } from '../../../src/app/navigation/page-stack';
import type { FollowUpsView } from '../../../src/wire/follow-ups';
import { createApprovalsHost, type HostRoutes } from './approvals-host';

configure({ asyncUtilTimeout: 5000 });

const EMPLOYEE = { id: 3, name: 'Emi Tanaka', is_finance: false, is_treasury: false, is_authorizer: false, is_legal: false, company: null };
const link = (id: number, code: string, module_code: string, title: string, status: number, visible = true) => ({ id, code, module_code, title, status, application_number: null, visible });
const view = (parts: Partial<FollowUpsView>): FollowUpsView => ({ origin: null, difference: null, follow_ups: [], offers: [], ...parts });

/** The card of document 5 on an approvals host, inside a page stack that records what it pushes. */
function renderCard(routes: HostRoutes) {
  const h = createApprovalsHost({ user: EMPLOYEE, routes });
  const pushed: Array<{ params: unknown; title: unknown }> = [];
  const stack = { push: async (page: { params: unknown; title: unknown }) => { pushed.push(page); return undefined; } } as unknown as PageStack;
  const navigation = { stack, tab: 'home', selectTab: () => undefined } as unknown as Navigation;
  const result = render(<NavigationContext.Provider value={navigation}><FollowUpCard documentId={5} /></NavigationContext.Provider>, { wrapper: h.Wrapper });
  return { ...h, pushed, result };
}

describe('FollowUpCard (関連書類 on the detail page)', () => {
  it('offers "Create <follow-up>" on a decided document and opens that form with exactly the server\'s carried-over data, filed as a follow-up', async () => {
    const start = { module_code: 'reimbursement', origin: { id: 5, code: 'PUR-2026-000005' }, data: { currency_id: 2, company_id: 1, department_id: 4, related_approval_id: 5 } };
    const h = renderCard({
      'GET /buffers/5/follow_ups': view({ offers: [{ module_code: 'reimbursement', title: 'Reimbursement' }] }),
      'GET /buffers/5/follow_up_data': start,
      'GET /module-definitions/reimbursement': { code: 'reimbursement', kind: 'module', meta: { title: 'reimbursement.title' }, subForms: {}, translations: {} },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Create Reimbursement' }));
    await waitFor(() => expect(h.pushed).toHaveLength(1));
    expect(h.gets('/buffers/5/follow_up_data')[0].params).toEqual({ module: 'reimbursement' });
    expect(h.pushed[0].params).toEqual({ moduleCode: 'reimbursement', initialData: start.data, followUpOf: start.origin });
  });

  it('on a follow-up: names its origin as a link and shows the difference of the amounts with its sign and currency', async () => {
    const h = renderCard({
      'GET /buffers/5/follow_ups': view({
        origin: link(4, 'PUR-2026-000004', 'purchase', 'Purchase', 2),
        difference: { origin: 1000, follow_up: 1200.55, difference: 200.55, currency_code: 'CNY' },
      }),
    });
    const origin = await screen.findByTestId('follow-up-origin');
    expect(within(origin).getByText('Follows up')).toBeTruthy();
    expect(within(origin).getByText('Purchase')).toBeTruthy();
    const amounts = screen.getByTestId('follow-up-difference');
    expect(amounts.textContent).toContain('PUR-2026-000004: 1,000 CNY');
    expect(amounts.textContent).toContain('This document: 1,200.55 CNY');
    expect(within(amounts).getByText('Difference: +200.55 CNY')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Create / })).toBeNull();
    // The origin's code opens its detail page (titled with the code).
    await userEvent.click(within(origin).getByText('PUR-2026-000004'));
    expect(await screen.findByRole('dialog', { name: 'PUR-2026-000004' })).toBeTruthy();
    h.result.unmount();
  });

  it('on an origin: lists its follow-ups, a link for each the reader may open and the code alone for the others', async () => {
    renderCard({
      'GET /buffers/5/follow_ups': view({
        follow_ups: [link(8, 'RMB-2026-000008', 'reimbursement', 'Reimbursement', 3), link(9, 'RMB-2026-000009', 'reimbursement', 'Reimbursement', 0, false)],
      }),
    });
    const list = await screen.findByTestId('follow-up-list');
    expect(within(list).getByText('Follow-ups')).toBeTruthy();
    const rows = list.querySelectorAll('[data-follow-up-link]');
    expect([...rows].map((row) => row.getAttribute('data-follow-up-link'))).toEqual(['RMB-2026-000008', 'RMB-2026-000009']);
    // The rejected one is a link with its status; the one the reader may not open is plain text.
    expect(within(rows[0] as HTMLElement).getByText('RMB-2026-000008').closest('a, button')).not.toBeNull();
    expect(within(rows[0] as HTMLElement).getByText('Rejected')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('RMB-2026-000009').closest('a, button')).toBeNull();
  });

  it('shows nothing for a document without follow-up links, and a failure with Retry', async () => {
    const empty = renderCard({ 'GET /buffers/5/follow_ups': view({}) });
    await empty.settle();
    expect(empty.gets('/buffers/5/follow_ups')).toHaveLength(1);
    expect(empty.result.container.textContent).toBe('');
    empty.result.unmount();

    let fail = true;
    const failing = renderCard({
      'GET /buffers/5/follow_ups': () => {
        if (fail) throw Object.assign(new Error('down'), { status: 500 });
        return view({ offers: [{ module_code: 'reimbursement', title: 'Reimbursement' }] });
      },
    });
    expect(await screen.findByText('The follow-up documents could not be loaded.')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Create Reimbursement' })).toBeTruthy();
    failing.result.unmount();
  });
});
