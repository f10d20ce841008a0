import { describe, expect, it } from 'vitest';
import { configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditPage } from '../../../src/app/pages/approvals/EditPage';
import { compileModules, type CompiledModule } from '../../../src/engine';
import { demoFiles } from '../renderer/demo-module';
import { createApprovalsHost } from './approvals-host';
import { collection, documentView } from './fixtures';

configure({ asyncUtilTimeout: 5000 });

/**
 * Issue #33 item 8 on the edit page: a module whose definition allows urgency shows the Urgent
 * switch on the edit page (the one filing flag an edit may change); the requester turns it on and
 * the edit posts `data.urgent`; anyone else editing (an approver) sees it read-only, as the server
 * answers 403 to their change.
 */
function urgentModule(): CompiledModule {
  const files = demoFiles();
  const ui = files.uiSchemas.demo as Record<string, Record<string, unknown>>;
  ui['ui:module'].allowUrgent = true;
  return compileModules(files).modules.demo!;
}

const requester = { id: 3, name: 'Hanako Employee', is_finance: false, is_treasury: false, is_authorizer: false, is_legal: false, company: { id: 1, name: 'Ringi Holdings' } };
const doc = () => documentView({ edit: true }, {
  data: { company_id: 1, department_id: 10, currency_id: 1, note: 'Printer', lines: [{ name: 'Printer', amount: 1200 }], total: 1200, urgent: false },
});
const routes = {
  'GET /master_processes': collection([{ id: 101, optional: false }, { id: 102, optional: false }]),
  'GET /currencies': collection([{ id: 1, code: 'CNY' }]),
  'GET /buffer/5/last-history': collection([]),
  'POST /buffer/5/edit': { id: 5, status: 0, changed_fields: ['urgent'], approvals_cleared: false },
};

describe('the Urgent switch on the edit page', () => {
  it('lets the requester mark the document urgent: the edit posts data.urgent', async () => {
    const user = userEvent.setup();
    const h = createApprovalsHost({ routes, user: requester });
    render(<EditPage doc={doc()} module={urgentModule()} onSaved={() => undefined} />, { wrapper: h.Wrapper });
    const urgent = await screen.findByRole('switch', { name: 'Urgent' });
    expect((urgent as HTMLInputElement).disabled).toBe(false);
    await user.click(urgent);
    await user.click(await screen.findByRole('button', { name: /submit/i }));
    await waitFor(() => expect(h.posts('/buffer/5/edit')).toHaveLength(1));
    expect((h.posts('/buffer/5/edit')[0].body as { data: Record<string, unknown> }).data.urgent).toBe(true);
    // Only urgency among the filing flags: no bypass switch.
    expect(screen.queryByRole('switch', { name: 'Bypass' })).toBeNull();
  });

  it('shows it read-only to an approver editing the document', async () => {
    const h = createApprovalsHost({ routes });
    render(<EditPage doc={doc()} module={urgentModule()} onSaved={() => undefined} />, { wrapper: h.Wrapper });
    const urgent = await screen.findByRole('switch', { name: 'Urgent' });
    expect((urgent as HTMLInputElement).disabled).toBe(true);
  });
});
