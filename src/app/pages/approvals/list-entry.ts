import type { ApprovalItem, BufferItem, ListKind } from './types';

/** One card of an approval list, whatever list it came from. */
export interface ListEntry {
  /** Unique within the list (the step id on Pending, else the document id). */
  key: number;
  documentId: number;
  /** The step to act on (Pending only): the detail page loads `/approvals/{id}/buffer`. */
  approvalId?: number;
  item: BufferItem;
  /** Pending: the principal the reader stands in for as their deputy (代理), when the step waits for them. */
  onBehalfOf?: string;
  /** Pending: the document was sent back to the reader, its requester, to fix and resubmit or withdraw. */
  sentBackToYou?: boolean;
}

/** Pending answers approval items (a step with its document); the other lists answer documents. */
export function toListEntry(kind: ListKind, member: ApprovalItem | BufferItem): ListEntry {
  if (kind === 'pending' || kind === 'done') {
    const approval = member as ApprovalItem;
    if (approval.buffer) {
      const principal = kind === 'pending' ? approval.on_behalf_of?.name : undefined;
      const sentBack = kind === 'pending' && approval.awaiting === 'requester';
      return {
        key: approval.id, documentId: approval.buffer.id, approvalId: kind === 'pending' ? approval.id : undefined, item: approval.buffer,
        ...(principal ? { onBehalfOf: principal } : {}), ...(sentBack ? { sentBackToYou: true } : {}),
      };
    }
  }
  const item = member as BufferItem;
  return { key: item.id, documentId: item.id, item };
}
