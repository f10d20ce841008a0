import { RawNode, TableNode, UpdateQueryNode, type OperationNode } from 'kysely';

/**
 * Is `node` a statement that runs after a request's commit, in the background: the mail sender's
 * round (its claim or its delivery bookkeeping on `mail_outbox`) or the live lists' announcement of
 * the request's timeline entries (`app.live.announce`, one statement after the response, several
 * requests' together under load)? On PostgreSQL they can overlap the next request, so the
 * statement-count tests leave them out of a request's count.
 */
export function isBackgroundStatement(node: OperationNode): boolean {
  if (RawNode.is(node)) {
    const text = node.sqlFragments.join(' ');
    return text.includes('update mail_outbox') || text.includes('pg_notify(');
  }
  return UpdateQueryNode.is(node) && node.table !== undefined && TableNode.is(node.table) && node.table.table.identifier.name === 'mail_outbox';
}
