import type { ApprovalItem, BufferItem, ListKind } from './types';

/** One card of an approval list, whatever list it came from. */
export interface ListEntry {
  /** Unique within the list (the step id on Pending, else the document id). */
  key: number;
  bufferId: number;
  /** The step to act on (Pending only): the detail page loads `/approvals/{id}/buffer`. */
  approvalId?: number;
  item: BufferItem;
}

/** Pending answers approval items (a step with its document); the other lists answer documents. */
export function toListEntry(kind: ListKind, member: ApprovalItem | BufferItem): ListEntry {
  if (kind === 'pending' || kind === 'done') {
    const approval = member as ApprovalItem;
    if (approval.buffer) {
      return { key: approval.id, bufferId: approval.buffer.id, approvalId: kind === 'pending' ? approval.id : undefined, item: approval.buffer };
    }
  }
  const item = member as BufferItem;
  return { key: item.id, bufferId: item.id, item };
}
