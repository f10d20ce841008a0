/**
 * Wire shapes of approving many at once (一括承認, `POST /api/approvals/bulk`, issue #33 item 4),
 * written once: the route's schemas (and /api/docs) and the pending list's selection read them.
 */
import { Type, type Static } from '@sinclair/typebox';

import { dbId, open, stringEnum } from './common';

/** The most steps one request approves (more: 400 saying so). */
export const BULK_APPROVE_MAX = 100;

/**
 * The body: the approval (step) ids to approve, `approve: true` (bulk reject is not offered:
 * `false` answers 422), an optional comment kept on each decision. The schema lets up to 1,000 ids
 * through so that 101..1,000 get the clear "at most 100" message rather than a schema error.
 */
export const BulkApproveBody = Type.Object({
  ids: Type.Array(dbId(), { minItems: 1, maxItems: 1000, description: `Approval (step) ids, at most ${BULK_APPROVE_MAX}, each once` }),
  approve: Type.Boolean({ description: 'Must be true: rejecting several at once is not offered' }),
  comment: Type.Optional(Type.String({ maxLength: 2000, description: 'Kept on every decision of the batch (the timeline shows it)' })),
}, { additionalProperties: false });
export type BulkApproveBody = Static<typeof BulkApproveBody>;

/** What became of one id: approved (`done`), left as it was for a reason (`skipped`), or refused (`failed`). */
export const BULK_ITEM_STATUSES = ['done', 'skipped', 'failed'] as const;
export type BulkItemStatus = (typeof BULK_ITEM_STATUSES)[number];

export const BulkApproveItemResult = open({
  id: Type.Integer(),
  status: stringEnum(BULK_ITEM_STATUSES),
  /** Why it was skipped or failed, in the reader's language (absent when done). */
  message: Type.Optional(Type.String()),
}, 'What became of one approval of the batch');
export type BulkApproveItemResult = Static<typeof BulkApproveItemResult>;

/** The answer: one result per id, in the order sent. */
export const BulkApproveResult = open({
  results: Type.Array(BulkApproveItemResult),
}, 'One result per id, in the order sent');
export type BulkApproveResult = Static<typeof BulkApproveResult>;
