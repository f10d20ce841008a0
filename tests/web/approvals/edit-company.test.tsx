import { beforeAll, describe, expect, it } from 'vitest';
import { configure, render, screen, waitFor } from '@testing-library/react';
import { loadDefinitionFiles } from '../../../server/definitions/load-definition-files';
import { EditPage } from '../../../src/app/pages/approvals/EditPage';
import { compileModules, type CompiledModule } from '../../../src/engine';
import { createApprovalsHost } from './approvals-host';
import { collection, documentView } from './fixtures';

configure({ asyncUtilTimeout: 5000 });

/**
 * The company picker's own-company lock (`ownCompanyUnless`) is the filer's rule. On the edit page
 * the filer is the document's requester: an approver from outside the group editing a group
 * company's document must not see the document's company replaced by their own (the lock's effect
 * set it on mount), and the server checks the requester's rule on the edit anyway. The requester
 * editing their own document keeps their rule.
 */
let purchase: CompiledModule;
beforeAll(async () => {
  const { files } = await loadDefinitionFiles();
  purchase = compileModules(files).modules.purchase as CompiledModule;
});

const outsider = { id: 9, name: 'Client Approver', is_finance: false, is_treasury: false, is_authorizer: false, is_legal: false, is_ringi_group_member: false, company: { id: 2, name: 'Ringi Japan' } };
const doc = (requesterId: number) => {
  const view = documentView({ edit: true }, { data: { company_id: 1, department_id: 10, currency_id: 1 } });
  return { ...view, requester: { ...view.requester, id: requesterId } };
};
const routes = {
  'GET /master_processes': collection([{ id: 101, optional: false }, { id: 102, optional: false }]),
  'GET /currencies': collection([{ id: 1, code: 'CNY' }]),
  'GET /buffer/5/last-history': collection([]),
  'GET /companies/1': { id: 1, name: 'Ringi Holdings' },
  'GET /companies/2': { id: 2, name: 'Ringi Japan' },
};

describe('the company on the edit page', () => {
  it('stays the document\'s when an approver from outside the group edits it: no own-company lock', async () => {
    const h = createApprovalsHost({ routes, user: outsider });
    render(<EditPage doc={doc(3)} module={purchase} onSaved={() => undefined} />, { wrapper: h.Wrapper });
    const company = await screen.findByRole('button', { name: 'Company' }) as HTMLButtonElement;
    await waitFor(() => expect(company.textContent).toBe('Ringi Holdings'));
    expect(company.disabled).toBe(false);
    expect(screen.queryByText('Only your own company can be chosen')).toBeNull();
  });

  it('is locked to the requester\'s own company when they edit it themselves outside the group', async () => {
    const h = createApprovalsHost({ routes, user: outsider });
    render(<EditPage doc={doc(outsider.id)} module={purchase} onSaved={() => undefined} />, { wrapper: h.Wrapper });
    const company = await screen.findByRole('button', { name: 'Company' }) as HTMLButtonElement;
    await waitFor(() => expect(company.textContent).toBe('Ringi Japan'));
    expect(company.disabled).toBe(true);
  });
});
