import { describe, expect, it } from 'vitest';
import { configure, render, screen, waitFor } from '@testing-library/react';
import { RecordHistoryPage } from '../../../src/app/pages/statistic/records/RecordHistoryPage';
import { readerHistory } from '../../../src/app/pages/statistic/records/reader-history';
import type { HistoryEntry } from '../../../src/wire/records';
import { demoModule } from '../renderer/demo-module';
import { createApprovalsHost } from '../approvals/approvals-host';
import { collection, documentView, step } from '../approvals/fixtures';

configure({ asyncUtilTimeout: 5000 });

const HASH = 'ab'.repeat(32);
const HANAKO = { id: 3, name: 'Hanako Employee' };
const FIRST = { id: 9, name: 'First Approver' };
const BOSS = { id: 7, name: 'Kenji Approver' };
const entry = (seq: number, at: string, over: Partial<HistoryEntry>): HistoryEntry => ({
  seq, at, actor: HANAKO, on_behalf_of: null, reason: 'edit', kind: 'edit', before: null, after: null, files_added: [], files_removed: [], hash: HASH, prev_hash: '', ...over,
});
const entries = [
  entry(1, '2026-11-20T08:00:00.000Z', { reason: 'submit', kind: 'filed', after: { data: { note: 'Pen' }, status: 0 } }),
  entry(2, '2026-11-20T09:00:00.000Z', { before: { note: 'Pen', company_id: 1 }, after: { note: 'Printer', company_id: 2 } }),
  entry(3, '2026-11-21T10:00:05.000Z', { actor: BOSS, reason: 'approve', kind: 'status', before: { $status: 0 }, after: { $status: 2 } }),
];
// Step 1's approval moved the route on and changed no data: the chain has no entry for it.
const doc = documentView({}, {
  status: 2,
  data: { company_id: 2, currency_id: 1, note: 'Printer', lines: [], total: 0 },
  approvals: [
    step(51, 1, { status: 1, approver: FIRST, approval_logs: [{ log_text: 'Approved by First Approver', action: 'approve', user: FIRST, created_at: '2026-11-21T09:00:00.000Z' }] }),
    step(52, 2, { status: 1, approver: BOSS, approval_logs: [{ log_text: 'Approved by Kenji Approver', action: 'approve', user: BOSS, created_at: '2026-11-21T10:00:04.000Z' }] }),
  ],
});

function renderHistory(reader: boolean) {
  const h = createApprovalsHost({ routes: { 'GET /buffers/5/history': { ...collection(entries), chain_ok: true } } });
  render(<RecordHistoryPage documentId={5} code="DEMO-1" reader={reader ? { doc, module: demoModule() } : undefined} />, { wrapper: h.Wrapper });
  return screen.getByTestId('record-history');
}

describe('a document\'s history', () => {
  it('reads in the reader\'s language from the document: labels, values, the status by name, every decision, no hashes', async () => {
    const page = renderHistory(true);
    await waitFor(() => expect(page.querySelectorAll('[data-history-row]')).toHaveLength(4));
    const text = page.textContent ?? '';
    expect(text).not.toContain('$status');
    expect(text).not.toContain('company_id');
    expect(text).not.toContain(HASH);
    expect(text).not.toContain('SHA-256');
    expect(page.querySelector('[data-change="note"]')?.textContent).toBe('Note for approvers: Pen → Printer');
    expect(page.querySelector('[data-change="company_id"]')?.textContent).toBe('Company: Ringi Holdings → Ringi Japan');
    expect(page.querySelector('[data-change="$status"]')?.textContent).toBe('Status: On process → Completed');
    // Both approvals, in time order; the last one (which completed the document) listed once.
    const rows = [...page.querySelectorAll('[data-history-row]')].map((row) => row.getAttribute('data-history-row'));
    expect(rows).toEqual(['entry', 'entry', 'decision', 'entry']);
    expect(text).toContain('Approved by First Approver');
    expect(text).not.toContain('Approved by Kenji Approver');
    expect(text).toMatch(/2026\/11\/21 \d\d:00 · Approved/);
  });

  it('keeps the stored keys and the hashes for the records view', async () => {
    const page = renderHistory(false);
    await waitFor(() => expect(page.querySelectorAll('[data-history-row]')).toHaveLength(3));
    expect(page.textContent).toContain(`SHA-256 ${HASH}`);
    expect(page.textContent).toContain('$status');
  });

  it('merges a send-back to the requester with its entry (the two words differ)', () => {
    const sentBack = entry(4, '2026-11-22T10:00:00.000Z', { actor: BOSS, reason: 'send_back', kind: 'edit', before: { note: 'a' }, after: { note: 'b' } });
    const rows = readerHistory([sentBack], { approval_logs: [{ log_text: 'Sent back', action: 'send_back_requester', user: BOSS, created_at: '2026-11-22T10:00:01.000Z' }], approvals: [] });
    expect(rows.map((r) => r.kind)).toEqual(['entry']);
  });
});
