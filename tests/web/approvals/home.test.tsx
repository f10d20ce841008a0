import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp, signedIn, type SentRequest } from '../app/harness';
import { approvalItem, bufferItem, collection } from './fixtures';

const en = (await import('../../../locales/en/app.json')).default;

/** Pending: 3 waiting; the inline list gets page 1 of each list. */
function homeRoutes(pending: { count: number }) {
  return {
    ...signedIn(),
    'GET /module-definitions': { status: 200, data: collection([]) },
    'GET /approvals/my': (request: SentRequest) => {
      const params = request.params as Record<string, unknown>;
      if (params.itemsPerPage === 1) return { status: 200, data: collection([], pending.count) };
      if (params.isDone) return { status: 200, data: collection([]) };
      return { status: 200, data: collection(params.page === 1 ? [approvalItem(51, 5), approvalItem(61, 6)] : []) };
    },
    'GET /my-buffers': (request: SentRequest) =>
      ({ status: 200, data: collection((request.params as { page: number }).page === 1 ? [bufferItem(8, { status: 2, waiting_for: null })] : []) }),
  };
}

describe('Home', () => {
  it('shows the pending count on the Pending shortcut, Pending inline (no tabs repeating the shortcuts), and refreshes the count on return', async () => {
    const pending = { count: 3 };
    const app = await renderApp({ token: 'token', language: 'en', routes: homeRoutes(pending) });
    const home = await screen.findByTestId('home');
    const shortcut = await within(home).findByRole('button', { name: 'Pending (3 waiting)' });
    expect(within(shortcut).getByTestId('pending-badge').textContent).toBe('3');
    // Pending lists its first page inline; the shortcuts are not repeated as tabs.
    const panel = within(home).getByRole('region', { name: en.approvals.lists.pending });
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(2));
    expect(within(home).queryAllByRole('tab')).toHaveLength(0);

    // A shortcut opens the full list page; coming back asks for the count again.
    await app.user.click(within(home).getByRole('button', { name: en.approvals.lists.done }));
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe(en.approvals.lists.done));
    await screen.findByTestId('approval-list-done');
    pending.count = 2;
    await app.user.click(screen.getByRole('button', { name: en.toolbar.back }));
    await within(home).findByRole('button', { name: 'Pending (2 waiting)' });
    expect(app.calls('GET /approvals/my').filter((r) => (r.params as { itemsPerPage: number }).itemsPerPage === 1)).toHaveLength(2);
  });
});
