import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NavigationContext, type Navigation } from '../../../../src/app/navigation/navigation-context';
import type { PageStack } from '../../../../src/app/navigation/page-stack';
import { OrganizationPage } from '../../../../src/app/pages/admin/OrganizationPage';
import type { UserSummary } from '../../../../src/wire/users';
import en from '../../../../locales/en/app.json';
import { createTestHost } from '../../test-host';

const user = (id: number, name: string): UserSummary => ({
  id, name, initial_name: name.slice(0, 2), join_date: null, is_notified: false, is_ringi_group_member: true,
  company: null, department: { id: 10, name: 'Sales' }, location: null,
});

/** The page in a test host whose user lists answer from two rows, searched by `name`; every request recorded. */
function renderPage(params: { companyId?: number } = {}) {
  const testHost = createTestHost();
  const queries: Array<{ path: string; params: Record<string, unknown> }> = [];
  const rows = [user(1, 'Aiko Sato'), user(2, 'Ken Mori')];
  testHost.host.api.get = async <T,>(path: string, query: Record<string, unknown> = {}): Promise<T> => {
    queries.push({ path, params: query });
    const found = rows.filter((r) => !query.name || r.name.includes(String(query.name)));
    return { 'hydra:member': query.page === 1 ? found : [], 'hydra:totalItems': found.length } as T;
  };
  const navigation = { stack: { push: async () => undefined } as unknown as PageStack, tab: 'admin', selectTab: () => undefined } as unknown as Navigation;
  render(<NavigationContext.Provider value={navigation}><OrganizationPage params={params} close={() => undefined} /></NavigationContext.Provider>, { wrapper: testHost.Wrapper });
  return { queries };
}

describe('organization page', () => {
  it('lists my organization (`/my-organization`, no company), searched by name', async () => {
    const { queries } = renderPage();
    const list = await screen.findByRole('list', { name: en.admin.myOrganization });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(queries[0]).toEqual({ path: '/my-organization', params: { itemsPerPage: 10, page: 1 } });
    await userEvent.setup().type(screen.getByRole('searchbox'), 'Ken');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1), { timeout: 3000 });
    expect(queries.at(-1)).toEqual({ path: '/my-organization', params: { itemsPerPage: 10, name: 'Ken', page: 1 } });
  });

  it("lists another company's users through `/users/pic?companyId=`", async () => {
    const { queries } = renderPage({ companyId: 7 });
    const list = await screen.findByRole('list', { name: en.admin.myOrganization });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(queries[0]).toEqual({ path: '/users/pic', params: { companyId: 7, itemsPerPage: 10, page: 1 } });
  });
});
