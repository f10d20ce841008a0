/**
 * A comment and its withdrawal in a document's history (issue #33 item 5): the reader's history
 * names them ("Comment", "Comment withdrawn") and shows the comment's text as written, never as
 * a changed field.
 */
import { describe, expect, it } from 'vitest';
import { configure, render, screen, within } from '@testing-library/react';
import { RecordHistoryPage } from '../../../src/app/pages/statistic/records/RecordHistoryPage';
import type { HistoryEntry } from '../../../src/wire/records';
import { demoModule } from '../renderer/demo-module';
import { createApprovalsHost } from '../approvals/approvals-host';
import { collection, documentView } from '../approvals/fixtures';

configure({ asyncUtilTimeout: 5000 });

const HANAKO = { id: 3, name: 'Hanako Employee' };
const entry = (seq: number, at: string, over: Partial<HistoryEntry>): HistoryEntry => ({
  seq, at, actor: HANAKO, on_behalf_of: null, reason: 'edit', kind: 'edit', before: null, after: null, files_added: [], files_removed: [], hash: 'ab'.repeat(32), prev_hash: '', ...over,
});

describe('comments in the history', () => {
  it('lists the comment with its text and the withdrawal by name, in the reader\'s language', async () => {
    const entries = [
      entry(1, '2026-11-20T08:00:00.000Z', { reason: 'submit', kind: 'filed', after: { data: { note: 'Pen' }, status: 0 } }),
      entry(2, '2026-11-20T09:00:00.000Z', { reason: 'comment', kind: 'comment', after: { comment: { id: 4, body: 'Wrong <i>file</i>\nsorry', mentions: [] } } }),
      entry(3, '2026-11-20T09:05:00.000Z', { reason: 'comment-withdrawn', kind: 'comment-withdrawn', before: { comment: { id: 4 } }, after: { comment: { id: 4, withdrawn: true } } }),
    ];
    const h = createApprovalsHost({ routes: { 'GET /buffers/5/history': { ...collection(entries), chain_ok: true } } });
    render(<RecordHistoryPage documentId={5} code="DEMO-1" reader={{ doc: documentView(), module: demoModule() }} />, { wrapper: h.Wrapper });
    const page = await screen.findByTestId('record-history');
    const rows = await within(page).findAllByRole('listitem');
    const texts = rows.map((r) => r.textContent ?? '');
    const comment = texts.find((t) => t.includes('Comment') && !t.includes('withdrawn'))!;
    expect(comment).toContain('“Wrong <i>file</i>\nsorry”');
    expect(comment).not.toContain('comment:');
    expect(rows.some((r) => r.querySelector('i'))).toBe(false);
    const withdrawn = texts.find((t) => t.includes('Comment withdrawn'))!;
    expect(withdrawn).toContain(HANAKO.name);
    expect(withdrawn).not.toContain('→');
  });
});
