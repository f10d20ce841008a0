import type { HistoryEntry } from '../../../../wire/records';
import type { DocumentView, LogEntry } from '../../approvals/types';

/** The decisions of a route (timeline actions that pass, return or stop a document). */
const DECISIONS = new Set(['approve', 'reject', 'treasury', 'send_back', 'send_back_requester', 'step_back']);
/** A log and a history entry this close, by the same person for the same reason, are one act. */
const SAME_ACT_MS = 60_000;
/** The history's reason of a timeline action where the two words differ. */
const REASON_OF: Record<string, string> = { send_back_requester: 'send_back' };

/** One row of the history a document's reader sees: a recorded change, or a decision that changed no data. */
export type ReaderHistoryRow = { kind: 'entry'; at: string; entry: HistoryEntry } | { kind: 'decision'; at: string; log: LogEntry };

/**
 * The history as a document's reader reads it: the recorded entries (the chain: every change of
 * data, status or files), and every decision of the route that left no entry of its own — an
 * approval that only moved the route on to the next step, or one approver of a 合議 step —
 * from the document's timeline, in time order. A decision that also changed the document
 * (the last approval, a rejection) is its entry, listed once.
 */
export function readerHistory(entries: HistoryEntry[], doc: Pick<DocumentView, 'approval_logs' | 'approvals'>): ReaderHistoryRow[] {
  const logs = [...doc.approval_logs, ...doc.approvals.flatMap((step) => step.approval_logs)].filter((log) => DECISIONS.has(log.action));
  const recorded = (log: LogEntry) => entries.some((e) =>
    e.reason === (REASON_OF[log.action] ?? log.action) && e.actor?.id === log.user?.id && Math.abs(Date.parse(e.at) - Date.parse(log.created_at)) < SAME_ACT_MS);
  const rows: ReaderHistoryRow[] = [
    ...entries.map((entry) => ({ kind: 'entry' as const, at: entry.at, entry })),
    ...logs.filter((log) => !recorded(log)).map((log) => ({ kind: 'decision' as const, at: log.created_at, log })),
  ];
  // Stable: entries keep their chain order among themselves.
  return rows.map((row, index) => ({ row, index })).sort((a, b) => Date.parse(a.row.at) - Date.parse(b.row.at) || a.index - b.index).map(({ row }) => row);
}
