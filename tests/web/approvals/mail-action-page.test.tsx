/**
 * The confirm page of a mail link (`/m/{token}`, issue #33 item 1): opening it only reads; the
 * document's card, the step and a comment (required to reject) are shown; only a button acts; a
 * link that no longer acts says why.
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MailActionPage } from '../../../src/app/pages/mail-action/MailActionPage';
import type { MailActionView } from '../../../src/wire/mail-actions';
import { createApprovalsHost, type HostRoutes } from './approvals-host';
import { bufferItem } from './fixtures';

const TOKEN = 'a'.repeat(43);
const PATH = `/mail-actions/${TOKEN}`;

const usableView = (overrides: Partial<MailActionView> = {}): MailActionView => ({
  usable: true, reason: null, message: null, approve: true, expires_at: '2026-12-05T00:00:00.000Z',
  step: { id: 51, name: 'Manager' }, buffer: bufferItem(5), on_behalf_of: null, needs_app_to_approve: false,
  ...overrides,
});

function renderPage(routes: HostRoutes) {
  const h = createApprovalsHost({ routes });
  const onDone = vi.fn();
  render(<MailActionPage params={{ token: TOKEN, onDone }} close={() => undefined} />, { wrapper: h.Wrapper });
  return { ...h, onDone };
}

describe('the mail link confirm page', () => {
  it('shows the document card, its amount and the step, posts nothing on opening, and approves with the comment only on the button', async () => {
    const user = userEvent.setup();
    const h = renderPage({ [`GET ${PATH}`]: usableView(), [`POST ${PATH}`]: { id: 51, status: 1, buffer: { id: 5, status: 0 } } });
    expect(await screen.findByRole('heading', { name: 'Approve this document?' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Demo DEMO-2026-000005' }).textContent).toContain('1,200 CNY');
    expect(screen.getByText('Step: Manager')).toBeTruthy();
    await h.settle();
    expect(h.posts()).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: /Comment/ }), 'Looks right');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await screen.findByText('Approved. The timeline says it was decided from the mail.');
    expect(h.posts(PATH).map((c) => c.body)).toEqual([{ approve: true, comment: 'Looks right' }]);
    // Decided: no more buttons to press, a way back to the app instead.
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Go to Ringi' }));
    expect(h.onDone).toHaveBeenCalledTimes(1);
  });

  it('a reject link asks for a comment before it posts', async () => {
    const user = userEvent.setup();
    const h = renderPage({ [`GET ${PATH}`]: usableView({ approve: false }), [`POST ${PATH}`]: { id: 51, status: 2, buffer: { id: 5, status: 3 } } });
    expect(await screen.findByRole('heading', { name: 'Reject this document?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Please write why you reject it.')).toBeTruthy();
    expect(h.posts()).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: /Comment/ }), 'Over budget');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await screen.findByText('Rejected. The requester has been told.');
    expect(h.posts(PATH).map((c) => c.body)).toEqual([{ approve: false, comment: 'Over budget' }]);
  });

  it('a link that no longer acts says why and offers no button that acts', async () => {
    renderPage({ [`GET ${PATH}`]: usableView({ usable: false, reason: 'not_yours', message: 'This link was mailed to someone else.', step: null, buffer: null }) });
    expect(await screen.findByText('This link was mailed to someone else.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Go to Ringi' })).toBeTruthy();
  });

  it('a refused POST (decided meanwhile) reads the link again and shows that it no longer acts', async () => {
    const user = userEvent.setup();
    let decided = false;
    const h = renderPage({
      [`GET ${PATH}`]: () => (decided ? usableView({ usable: false, reason: 'decided', message: 'This step was already handled by someone else.' }) : usableView()),
      [`POST ${PATH}`]: () => {
        decided = true;
        throw Object.assign(new Error('conflict'), { status: 409 });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('This step was already handled by someone else.')).toBeTruthy();
    await waitFor(() => expect(h.gets(PATH)).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });
});

describe('the mail link address /m/{token} in the app', () => {
  it('signed out: asks to sign in at the same address, then opens the confirm page (not Home)', async () => {
    const { renderApp, signedIn } = await import('../app/harness');
    const { texts } = await import('../app/locale');
    const { user } = await renderApp({
      path: `/m/${TOKEN}`,
      language: 'en',
      routes: { 'POST /login_check': { status: 200, data: { token: 'jwt-1' } }, ...signedIn(), [`GET ${PATH}`]: { status: 200, data: usableView() } },
    });
    expect(await screen.findByRole('heading', { name: 'Sign in to decide' })).toBeTruthy();
    expect(window.location.pathname).toBe(`/m/${TOKEN}`);
    await user.type(await screen.findByLabelText(texts.en.login.email), 'approver@example.com');
    await user.type(screen.getByLabelText(texts.en.login.password), 'secret-pass');
    await user.click(screen.getByRole('button', { name: texts.en.login.submit }));
    expect(await screen.findByRole('button', { name: 'Demo DEMO-2026-000005' })).toBeTruthy();
    expect(screen.getByText('Step: Manager')).toBeTruthy();
    expect(window.location.pathname).toBe(`/m/${TOKEN}`);
  });
});
