/**
 * Decisions taken offline outlive a session that expired (issue #33 item 3): they stay on the
 * device under the user who took them; the sign-in screen says whose wait and that they are sent
 * only once that user signs in again (en, ja, zh); signing out forgets only the leaving user's
 * (another user's stay); sending sends only the signed-in user's. The IndexedDB store is a map here
 * (jsdom has none).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { I18nextProvider } from 'react-i18next';
import type { ApiClient } from '../../../src/app/api';
import { createTestI18n } from '../test-host';

const rows = new Map<string, Record<string, unknown>>();
const cleared: string[] = [];
const reads = { count: 0 };
vi.mock('../../../src/app/offline/offline-db', () => ({
  readQueue: async () => {
    reads.count += 1;
    return [...rows.values()].map((row) => ({ ...row }));
  },
  writeQueued: async (item: { key: string }) => void rows.set(item.key, { ...item }),
  removeQueued: async (key: string) => void rows.delete(key),
  readOwner: async () => 7,
  forgetKept: async () => void cleared.push('copies, files, owner'),
  keepCopy: async () => undefined,
  readCopy: async () => undefined,
}));
const { default: WaitingDecisionsNotice } = await import('../../../src/app/offline/WaitingDecisionsNotice');
const { queueDecision, sendQueuedDecisions, queuedDecisions } = await import('../../../src/app/offline/decision-queue');
const { forgetOfflineCopies } = await import('../../../src/app/offline/offline-copies');

const KENJI = { id: 7, name: 'Kenji Approver' };
const HANA = { id: 8, name: 'Hana Finance' };
const decision = (approvalId: number, user: { id: number; name: string }) => ({
  userId: user.id, userName: user.name, approvalId, documentId: approvalId + 100, code: `PAY-2026-${approvalId}`, title: `Payment ${approvalId}`, approve: true, expectedUpdatedAt: '2026-12-02T10:00:00.000Z',
});

function renderNotice(lang: 'en' | 'ja' | 'zh' = 'en') {
  const i18n = createTestI18n(lang);
  render(<I18nextProvider i18n={i18n}><FluentProvider theme={webLightTheme}><WaitingDecisionsNotice /></FluentProvider></I18nextProvider>);
  return i18n.t.bind(i18n);
}

beforeEach(() => {
  rows.clear();
  cleared.length = 0;
  reads.count = 0;
});

describe('decisions taken offline when the session ends', () => {
  it('the sign-in screen names whose decisions wait and says they are sent once that user signs in again', async () => {
    await queueDecision(decision(1, KENJI));
    await queueDecision(decision(2, KENJI));
    await queueDecision(decision(3, HANA));
    // A sent one no longer waits.
    const sent = await queueDecision(decision(4, HANA));
    rows.set(sent.key, { ...sent, state: 'sent' });
    renderNotice();
    const notice = await screen.findByTestId('waiting-decisions');
    expect(notice.textContent).toContain('2 decisions Kenji Approver took offline on this device have not been sent yet. They are sent once Kenji Approver has signed in again (and only then).');
    expect(notice.textContent).toContain('1 decision Hana Finance took offline on this device has not been sent yet. It is sent once Hana Finance has signed in again (and only then).');
  });

  for (const lang of ['ja', 'zh'] as const) {
    it(`${lang}: the note in the screen's language`, async () => {
      await queueDecision(decision(1, KENJI));
      const t = renderNotice(lang);
      const notice = await screen.findByTestId('waiting-decisions');
      expect(notice.textContent).toBe(t('app.offline.waiting.signIn', { count: 1, name: 'Kenji Approver' }));
      expect(notice.textContent).toContain('Kenji Approver');
    });
  }

  it('says nothing when no decision waits', async () => {
    const sent = await queueDecision(decision(1, KENJI));
    rows.set(sent.key, { ...sent, state: 'sent' });
    reads.count = 0;
    renderNotice();
    // The store was read (the queue's one row, sent), and no note came.
    await waitFor(() => expect(reads.count).toBeGreaterThan(0));
    await act(async () => undefined);
    expect(screen.queryByTestId('waiting-decisions')).toBeNull();
  });

  it('signing out forgets the copies and the leaving user\'s queue only; the other user\'s decisions stay for them', async () => {
    await queueDecision(decision(1, KENJI));
    await queueDecision(decision(2, HANA));
    await forgetOfflineCopies(KENJI.id);
    expect(cleared).toEqual(['copies, files, owner']);
    expect([...rows.values()].map((row) => [row.code, row.userId])).toEqual([['PAY-2026-2', HANA.id]]);
  });

  it('signed in again, the user\'s decisions are sent (with queued_by), never another user\'s', async () => {
    await queueDecision(decision(1, HANA));
    await queueDecision(decision(2, KENJI));
    const posts: unknown[] = [];
    const api = { post: async (path: string, body: unknown) => { posts.push([path, body]); return { status: 200, data: {} }; } } as unknown as ApiClient;
    await sendQueuedDecisions(api, KENJI.id);
    expect(posts).toEqual([['/approvals/2/action', { approve: true, expected_updated_at: '2026-12-02T10:00:00.000Z', queued_by: KENJI.id }]]);
    expect((await queuedDecisions(HANA.id)).map((item) => item.state)).toEqual(['pending']);
    expect((await queuedDecisions(KENJI.id)).map((item) => item.state)).toEqual(['sent']);
  });
});
