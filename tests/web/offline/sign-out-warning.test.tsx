/**
 * Signing out with decisions taken offline still waiting (issue #33 item 3): the warning tells how
 * many; online it offers "Send now" (sends them with their keys, then signs out once none waits; a
 * send that gets no reply keeps the dialog, saying not all could be sent) and "Sign out anyway";
 * offline it says they can be sent only once online and offers no "Send now". en, ja, zh.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { I18nextProvider } from 'react-i18next';
import { ApiError, type ApiClient } from '../../../src/app/api';
import { createTestI18n } from '../test-host';

const rows = new Map<string, Record<string, unknown>>();
vi.mock('../../../src/app/offline/offline-db', () => ({
  readQueue: async () => [...rows.values()].map((row) => ({ ...row })),
  writeQueued: async (item: { key: string }) => void rows.set(item.key, { ...item }),
  removeQueued: async (key: string) => void rows.delete(key),
  readOwner: async () => 7,
}));
const { default: SignOutWarning } = await import('../../../src/app/offline/SignOutWarning');
const { queueDecision } = await import('../../../src/app/offline/decision-queue');

const decision = (approvalId: number, userId = 7) => ({ userId, userName: 'Kenji Approver', approvalId, documentId: approvalId + 100, code: `PAY-2026-${approvalId}`, title: `Payment ${approvalId}`, approve: true, expectedUpdatedAt: '2026-12-02T10:00:00.000Z' });

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
}

function renderWarning(answers: Array<'ok' | 'offline'>, lang: 'en' | 'ja' | 'zh' = 'en') {
  const posts: string[] = [];
  const api = {
    post: async (path: string) => {
      posts.push(path);
      if (answers.shift() === 'ok') return { status: 200, data: {} };
      throw new ApiError(0, 'Network Error');
    },
  } as unknown as ApiClient;
  const onSignOut = vi.fn();
  const onCancel = vi.fn();
  const i18n = createTestI18n(lang);
  render(
    <I18nextProvider i18n={i18n}>
      <FluentProvider theme={webLightTheme}><SignOutWarning api={api} userId={7} onSignOut={onSignOut} onCancel={onCancel} /></FluentProvider>
    </I18nextProvider>,
  );
  return { posts, onSignOut, onCancel, t: i18n.t.bind(i18n) };
}

beforeEach(async () => {
  rows.clear();
  await queueDecision(decision(1));
  await queueDecision(decision(2));
});
afterEach(() => vi.restoreAllMocks());

describe('signing out with decisions not sent', () => {
  it('online: tells how many wait; Send now sends them and then signs out', async () => {
    setOnline(true);
    const { posts, onSignOut } = renderWarning(['ok', 'ok']);
    const dialog = await screen.findByRole('alertdialog', { name: 'Decisions not sent yet' });
    expect(dialog.textContent).toContain('2 decisions taken offline have not been sent yet. Signing out deletes them from this device.');
    await userEvent.click(screen.getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(onSignOut).toHaveBeenCalledTimes(1));
    expect(posts).toEqual(['/approvals/1/action', '/approvals/2/action']);
  });

  it('online: a send without reply keeps the dialog with the remaining count and says so; Sign out anyway signs out', async () => {
    setOnline(true);
    const { onSignOut } = renderWarning(['ok', 'offline']);
    await userEvent.click(await screen.findByRole('button', { name: 'Send now' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Not everything could be sent: check the connection and try again.');
    await waitFor(() => expect(screen.getByRole('alertdialog').textContent).toContain('1 decision taken offline has not been sent yet. Signing out deletes it from this device.'));
    expect(onSignOut).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out anyway' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it('counts and sends only the user\'s own: a decision another user left on the device is neither counted nor sent', async () => {
    setOnline(true);
    await queueDecision(decision(3, 8));
    const { posts, onSignOut } = renderWarning(['ok', 'ok', 'ok']);
    const dialog = await screen.findByRole('alertdialog', { name: 'Decisions not sent yet' });
    expect(dialog.textContent).toContain('2 decisions taken offline have not been sent yet.');
    await userEvent.click(screen.getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(onSignOut).toHaveBeenCalledTimes(1));
    expect(posts).toEqual(['/approvals/1/action', '/approvals/2/action']);
    expect([...rows.values()].find((row) => row.userId === 8)?.state).toBe('pending');
  });

  for (const lang of ['en', 'ja', 'zh'] as const) {
    it(`${lang} offline: no Send now, says they can be sent only online; Cancel keeps the session`, async () => {
      setOnline(false);
      const { onSignOut, onCancel, t } = renderWarning([], lang);
      const dialog = await screen.findByRole('alertdialog', { name: t('app.offline.signOut.title') });
      expect(dialog.textContent).toContain(t('app.offline.signOut.message', { count: 2 }));
      expect(dialog.textContent).toContain(t('app.offline.signOut.offline'));
      expect(screen.queryByRole('button', { name: t('app.offline.signOut.sendNow') })).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: t('app.offline.signOut.cancel') }));
      expect(onCancel).toHaveBeenCalledTimes(1);
      expect(onSignOut).not.toHaveBeenCalled();
    });
  }
});
