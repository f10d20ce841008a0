import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { I18nextProvider } from 'react-i18next';
import { ApprovalList } from '../../../src/app/pages/approvals/ApprovalList';
import { StatusBadge } from '../../../src/app/pages/approvals/StatusBadge';
import { createTestI18n } from '../test-host';
import { createApprovalsHost } from './approvals-host';
import { approvalItem, collection } from './fixtures';

/** Issue #33 item 8: an urgent document shows 至急 / Urgent / 紧急 on its card and detail badge; others show none. */
describe('the urgent badge', () => {
  it('shows on the card of an urgent document in the pending list, and on no other card', async () => {
    const h = createApprovalsHost({
      routes: { 'GET /approvals/my': collection([approvalItem(71, 7, { urgent: true }), approvalItem(81, 8)]) },
    });
    render(<ApprovalList kind="pending" compact />, { wrapper: h.Wrapper });
    const urgent = await screen.findByRole('button', { name: 'Demo DEMO-2026-000007' });
    expect(within(urgent).getByText('Urgent').closest('[data-urgent="true"]')).not.toBeNull();
    const other = screen.getByRole('button', { name: 'Demo DEMO-2026-000008' });
    expect(other.querySelector('[data-urgent]')).toBeNull();
  });

  it.each([['ja', '至急'], ['en', 'Urgent'], ['zh', '紧急']] as const)('reads %s: %s beside the status', (lang, text) => {
    render(
      <I18nextProvider i18n={createTestI18n(lang)}>
        <FluentProvider theme={webLightTheme}>
          <StatusBadge status={0} waitingFor="Manager" urgent />
        </FluentProvider>
      </I18nextProvider>,
    );
    const badge = document.querySelector('[data-urgent="true"]');
    // zh texts carry invisible word joiners (keep-words.ts).
    expect(badge?.textContent?.replace(/\u2060/g, '')).toBe(text);
    expect(document.querySelector('[data-status="0"]')).not.toBeNull();
  });
});
