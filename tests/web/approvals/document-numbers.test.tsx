import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { ApprovalList } from '../../../src/app/pages/approvals/ApprovalList';
import { createApprovalsHost } from './approvals-host';
import { approvalItem, collection } from './fixtures';

/** Issue #36 item 1: a card shows the document's 申請番号 and, once decided, its 決裁番号; a document without numbers shows neither line. */
describe('document numbers on the cards', () => {
  it('shows the numbers a document has, and no line for one it has not', async () => {
    const h = createApprovalsHost({
      routes: {
        'GET /approvals/my': collection([
          approvalItem(71, 7, { application_number: 'RH-2026-PUR-00007', decision_number: 'KRH26-00003' }),
          approvalItem(81, 8, { application_number: 'RH-2026-PUR-00008' }),
          approvalItem(91, 9),
        ]),
      },
    });
    render(<ApprovalList kind="pending" compact />, { wrapper: h.Wrapper });
    const decided = await screen.findByRole('button', { name: 'Demo DEMO-2026-000007' });
    expect(within(decided).getByText('Application No. RH-2026-PUR-00007')).toBeTruthy();
    expect(within(decided).getByText('Decision No. KRH26-00003')).toBeTruthy();
    const filed = screen.getByRole('button', { name: 'Demo DEMO-2026-000008' });
    expect(within(filed).getByText('Application No. RH-2026-PUR-00008')).toBeTruthy();
    expect(filed.querySelector('[data-decision-number]')).toBeNull();
    const none = screen.getByRole('button', { name: 'Demo DEMO-2026-000009' });
    expect(none.querySelector('[data-application-number], [data-decision-number]')).toBeNull();
  });
});
