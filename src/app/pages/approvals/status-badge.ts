import { DocumentStatus } from '../../../engine/status';

/** Badge colours of the spec's status table (000 §4): 0 yellow, 1/2 green, 3 and 10 red. */
export type StatusColor = 'warning' | 'success' | 'danger' | 'informative';

/** How a document status is shown: colour, label key and its parameters. */
export interface StatusBadgeView {
  color: StatusColor;
  key: string;
  params?: Record<string, string>;
}

// 1 is no document status today; shown as done should an old row carry it.
const COLORS: Record<number, StatusColor> = {
  [DocumentStatus.ON_PROCESS]: 'warning', 1: 'success', [DocumentStatus.COMPLETED]: 'success', [DocumentStatus.REJECTED]: 'danger', [DocumentStatus.WITHDRAWN]: 'danger',
};

/**
 * The badge of a document status: "Waiting for {type}" while on process with an active step,
 * else the status name (`app.approvals.status.<n>`). Unknown values are shown neutral.
 */
export function statusBadge(status: number, waitingFor?: string | null): StatusBadgeView {
  const color = COLORS[status] ?? 'informative';
  if (status === DocumentStatus.ON_PROCESS && waitingFor) return { color, key: 'app.approvals.waitingFor', params: { type: waitingFor } };
  return { color, key: `app.approvals.status.${status}` };
}
