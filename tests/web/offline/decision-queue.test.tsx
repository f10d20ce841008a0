/**
 * The queue of decisions taken offline (issue #33 item 3): its list shows each decision's
 * document, approve or reject and where it stands — waiting, sent, refused with the server's
 * reason — in en, ja and zh; "Send now" sends the waiting ones with their idempotency key and the
 * version read (a 409 → refused with its message, a 200 → sent, no reply → still waiting, in order);
 * a settled one can be removed. The IndexedDB store is replaced by a map (jsdom has none).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
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

const { DecisionQueuePage } = await import('../../../src/app/offline/DecisionQueuePage');
const { queueDecision } = await import('../../../src/app/offline/decision-queue');

type Lang = 'en' | 'ja' | 'zh';
interface Sent { path: string; body: unknown; headers: Record<string, string> | undefined }

function fakeApi(answers: Array<'ok' | 'changed' | 'offline'>, sent: Sent[]): ApiClient {
  const post = async (path: string, body?: unknown, config?: { headers?: Record<string, string> }) => {
    sent.push({ path, body, headers: config?.headers });
    const answer = answers.shift();
    if (answer === 'ok') return { status: 200, data: {} };
    if (answer === 'changed') throw new ApiError(409, 'The document changed since you read it (an edit or another decision).', { code: 'ILLEGAL_TRANSITION' });
    throw new ApiError(0, 'Network Error');
  };
  return { post } as unknown as ApiClient;
}

function renderQueue(api: ApiClient, lang: Lang = 'en') {
  const i18n = createTestI18n(lang);
  return render(
    <I18nextProvider i18n={i18n}>
      <FluentProvider theme={webLightTheme}><DecisionQueuePage api={api} userId={7} /></FluentProvider>
    </I18nextProvider>,
  );
}

const decision = (approvalId: number, approve: boolean, userId = 7) => ({
  userId, userName: userId === 7 ? 'Kenji Approver' : 'Hana Finance', approvalId, documentId: approvalId + 100, code: `PUR-2026-${approvalId}`, title: `Purchase ${approvalId}`, approve, expectedUpdatedAt: `2026-12-02T10:0${approvalId}:00.000Z`,
});
const card = (code: string) => screen.getByText(code).closest('li') as HTMLElement;

beforeEach(() => rows.clear());

describe('the queue of decisions taken offline', () => {
  it('sends the waiting ones in order with their key and version: accepted → sent, changed → refused with the reason, no reply → waiting', async () => {
    const first = await queueDecision(decision(1, true));
    await queueDecision(decision(2, false));
    await queueDecision(decision(3, true));
    const sent: Sent[] = [];
    renderQueue(fakeApi(['ok', 'changed', 'offline'], sent));
    expect(await screen.findAllByText('Waiting to send')).toHaveLength(3);
    expect(within(card('PUR-2026-2')).getByText('Reject')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(card('PUR-2026-2').dataset.state).toBe('refused'));
    expect(sent.map((s) => s.path)).toEqual(['/approvals/1/action', '/approvals/2/action', '/approvals/3/action']);
    expect(sent[0].body).toEqual({ approve: true, expected_updated_at: '2026-12-02T10:01:00.000Z', queued_by: 7 });
    expect(sent[1].body).toEqual({ approve: false, expected_updated_at: '2026-12-02T10:02:00.000Z', queued_by: 7 });
    expect(sent[0].headers).toEqual({ 'Idempotency-Key': first.key });
    expect(new Set(sent.map((s) => s.headers?.['Idempotency-Key'])).size).toBe(3);

    expect(card('PUR-2026-1').dataset.state).toBe('sent');
    expect(within(card('PUR-2026-1')).getByText('Sent')).toBeTruthy();
    expect(within(card('PUR-2026-2')).getByText('Refused')).toBeTruthy();
    expect(within(card('PUR-2026-2')).getByRole('note').textContent).toMatch(/changed since you read it/);
    expect(card('PUR-2026-3').dataset.state).toBe('pending');
  });

  it('a sent or refused decision can be removed from the list; a waiting one cannot', async () => {
    await queueDecision(decision(1, true));
    await queueDecision(decision(2, true));
    renderQueue(fakeApi(['ok'], []));
    await screen.findAllByText('Waiting to send');
    // Only the first is answered; the second stays waiting (no reply).
    await userEvent.click(screen.getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(card('PUR-2026-1').dataset.state).toBe('sent'));
    expect(within(card('PUR-2026-2')).queryByRole('button', { name: 'Remove from this list' })).toBeNull();
    await userEvent.click(within(card('PUR-2026-1')).getByRole('button', { name: 'Remove from this list' }));
    await waitFor(() => expect(screen.queryByText('PUR-2026-1')).toBeNull());
    expect([...rows.keys()]).toHaveLength(1);
  });

  it('lists and sends only the signed-in user\'s decisions: another user\'s stay waiting, unsent and unlisted', async () => {
    await queueDecision(decision(1, true, 8));
    await queueDecision(decision(2, true, 7));
    await queueDecision(decision(3, false, 8));
    const sent: Sent[] = [];
    renderQueue(fakeApi(['ok', 'ok', 'ok'], sent));
    expect(await screen.findAllByText('Waiting to send')).toHaveLength(1);
    expect(screen.queryByText('PUR-2026-1')).toBeNull();
    expect(screen.queryByText('PUR-2026-3')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(card('PUR-2026-2').dataset.state).toBe('sent'));
    expect(sent.map((s) => [s.path, (s.body as { queued_by: number }).queued_by])).toEqual([['/approvals/2/action', 7]]);
    expect([...rows.values()].filter((row) => row.userId === 8).map((row) => row.state)).toEqual(['pending', 'pending']);
  });

  it('a queue written before decisions named their user is the store owner\'s', async () => {
    const unnamed = { approvalId: 4, documentId: 104, code: 'PUR-2026-4', title: 'Purchase 4', approve: true, expectedUpdatedAt: '2026-12-02T10:04:00.000Z' };
    rows.set('old-1', { ...unnamed, key: 'old-1', queuedAt: 1, state: 'pending' });
    const sent: Sent[] = [];
    renderQueue(fakeApi(['ok'], sent));
    await userEvent.click(await screen.findByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(card('PUR-2026-4').dataset.state).toBe('sent'));
    expect(sent.map((s) => (s.body as { queued_by: number }).queued_by)).toEqual([7]);
  });

  for (const [lang, words] of [
    ['ja', { pending: '送信待ち', sent: '送信済み', refused: '受け付けられませんでした', approve: '承認', send: '今すぐ送信' }],
    ['zh', { pending: '等待发送', sent: '已发送', refused: '未被接受', approve: '批准', send: '立即发送' }],
  ] as const) {
    it(`${lang}: the states, the decision and the button in the user's language`, async () => {
      await queueDecision(decision(1, true));
      await queueDecision(decision(2, true));
      renderQueue(fakeApi(['ok', 'changed'], []), lang);
      await screen.findAllByText(words.pending);
      expect(within(card('PUR-2026-1')).getByText(words.approve)).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: words.send }));
      await waitFor(() => expect(within(card('PUR-2026-2')).getByText(words.refused)).toBeTruthy());
      expect(within(card('PUR-2026-1')).getByText(words.sent)).toBeTruthy();
    });
  }
});
