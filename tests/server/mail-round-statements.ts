import { RawNode, TableNode, UpdateQueryNode, type OperationNode } from 'kysely';

/**
 * Is `node` a statement of the mail sender's round (its claim or its delivery bookkeeping on
 * `mail_outbox`)? Those run in the background after a request's commit — on PostgreSQL they can
 * overlap the next request — so the statement-count tests leave them out of a request's count.
 */
export function isMailRound(node: OperationNode): boolean {
  if (RawNode.is(node)) return node.sqlFragments.join(' ').includes('update mail_outbox');
  return UpdateQueryNode.is(node) && node.table !== undefined && TableNode.is(node.table) && node.table.table.identifier.name === 'mail_outbox';
}
