import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { conflict, forbidden, notFound, validationFailed, type Violation } from '../../lib/errors';
import { likePattern } from '../../lib/paging';
import { recordActor } from '../../records/record-actor';
import { COMMENT_MAX, type CommentBody, type CommentView } from '../../../src/wire/comments';
import { mailDocumentEvent } from '../mail/notifications';
import { canSeeDocument } from '../core/visibility';
import type { WorkflowContext } from '../core/workflow-context';

const iso = (value: Date | string) => new Date(value).toISOString();
/** A control character other than tab and line breaks (a comment is plain text). */
const isControl = (char: string) => {
  const code = char.charCodeAt(0);
  return (code < 0x20 && char !== '\t' && char !== '\n' && char !== '\r') || code === 0x7f;
};
/** How much of a comment a mention's mail quotes. */
const MAIL_EXCERPT = 500;

/**
 * The thread of a document, oldest first. A withdrawn comment keeps its place, author and time,
 * says who withdrew it and when, and no longer shows its body (the records history keeps it).
 * The caller has checked that the reader sees the document.
 */
export async function listComments(db: Kysely<Database>, documentId: number, userId: number): Promise<CommentView[]> {
  const rows = await db.selectFrom('buffer_comments as c')
    .innerJoin('users as a', 'a.id', 'c.author_id')
    .leftJoin('users as w', 'w.id', 'c.withdrawn_by')
    .select(['c.id', 'c.body', 'c.mentions', 'c.created_at', 'c.withdrawn_at', 'c.withdrawn_by', 'a.id as author_id', 'a.name as author_name', 'w.name as withdrawn_name'])
    .where('c.buffer_id', '=', documentId).orderBy('c.id').execute();
  const mentioned = [...new Set(rows.flatMap((r) => r.mentions ?? []))];
  const names = new Map(mentioned.length
    ? (await db.selectFrom('users').select(['id', 'name']).where('id', 'in', mentioned).execute()).map((u) => [u.id, u.name])
    : []);
  return rows.map((r) => ({
    id: r.id,
    author: { id: r.author_id, name: r.author_name },
    body: r.withdrawn_at ? null : r.body,
    mentions: (r.mentions ?? []).map((id) => ({ id, name: names.get(id) ?? '' })),
    created_at: iso(r.created_at),
    withdrawn: r.withdrawn_at ? { at: iso(r.withdrawn_at), by: { id: r.withdrawn_by!, name: r.withdrawn_name ?? '' } } : null,
    can_withdraw: !r.withdrawn_at && r.author_id === userId,
  }));
}

/**
 * Who may be mentioned: the enabled users who see the document by the visibility rule's rows
 * (`buffer_viewers`: requester, approvers, forwarded, circulated, anyone who acted), not the
 * reader, by name; `search` narrows by name. Visibility is a routing decision: a comment never
 * widens it, so nobody else is offered.
 */
export async function mentionable(db: Kysely<Database>, documentId: number, userId: number, search?: string): Promise<Array<{ id: number; name: string }>> {
  let query = db.selectFrom('buffer_viewers as v').innerJoin('users as u', 'u.id', 'v.user_id')
    .select(['u.id', 'u.name'])
    .where('v.buffer_id', '=', documentId).where('u.disabled', '=', false).where('u.id', '<>', userId);
  const text = search?.trim();
  if (text) query = query.where('u.name', 'ilike', likePattern(text));
  return query.orderBy('u.name').orderBy('u.id').execute();
}

/** The body's problems (422 at `body`): empty, longer than 2,000 characters, or not plain text. */
function bodyViolations(body: string, t: WorkflowContext['t']): Violation[] {
  const length = [...body].length;
  if (length === 0) return [{ propertyPath: 'body', message: t('server.comments.bodyRequired') }];
  if (length > COMMENT_MAX) return [{ propertyPath: 'body', message: t('server.comments.bodyTooLong', { max: COMMENT_MAX, count: length }) }];
  if ([...body].some(isControl)) return [{ propertyPath: 'body', message: t('server.comments.plainText') }];
  return [];
}

/** Each mentioned user must exist and see the document; otherwise 422 at `mentions[i]` ("add them to circulation"). */
async function mentionViolations(db: Kysely<Database>, documentId: number, ids: number[], t: WorkflowContext['t']): Promise<Violation[]> {
  const violations: Violation[] = [];
  const seen = new Set<number>();
  for (const [i, id] of ids.entries()) {
    if (seen.has(id)) { violations.push({ propertyPath: `mentions[${i}]`, message: t('server.comments.mentionTwice') }); continue; }
    seen.add(id);
    const user = await db.selectFrom('users').select(['name', 'disabled']).where('id', '=', id).executeTakeFirst();
    if (!user || user.disabled) violations.push({ propertyPath: `mentions[${i}]`, message: t('server.comments.mentionUnknown') });
    else if (!(await canSeeDocument(db, documentId, id))) violations.push({ propertyPath: `mentions[${i}]`, message: t('server.comments.mentionCannotSee', { name: user.name }) });
  }
  return violations;
}

/**
 * Appends an entry to the document's records history (migration 0900's chain, sealed at commit
 * like every entry): the comment or its withdrawal, attributed to the reader, with the document's
 * data hash as it stands. Runs under the document's row lock, which orders the chain.
 */
async function appendHistory(trx: Kysely<Database>, documentId: number, userId: number, kind: 'comment' | 'comment-withdrawn', before: unknown, after: unknown) {
  await recordActor(trx, userId, kind);
  await sql`select ringi_history_append(b.id, ${userId}, ${kind}, ${kind}, ${before === null ? null : JSON.stringify(before)}::jsonb,
    ${JSON.stringify(after)}::jsonb, '[]'::jsonb, '[]'::jsonb, ringi_data_hash(b.data, b.status)) from buffers b where b.id = ${documentId}`.execute(trx);
}

/**
 * `POST /buffer/{id}/comments` by anyone who sees the document (the caller checked): the trimmed
 * plain-text body (1..2,000 characters) and the mentioned users — each must see the document, else
 * 422 "add them to circulation" and nothing is stored. In ONE transaction: the comment, its records
 * history entry, and a mail (outbox) to each mentioned user but the author, in their language.
 */
export async function addComment(db: Kysely<Database>, documentId: number, input: CommentBody, ctx: WorkflowContext): Promise<CommentView> {
  const body = input.body.trim();
  const mentions = input.mentions ?? [];
  const violations = [...bodyViolations(body, ctx.t), ...await mentionViolations(db, documentId, mentions, ctx.t)];
  if (violations.length) throw validationFailed(violations);
  const id = await db.transaction().execute(async (trx) => {
    const doc = await trx.selectFrom('buffers').select(['id', 'code', 'module_code', 'requester_id']).where('id', '=', documentId).forUpdate().executeTakeFirstOrThrow();
    const row = await trx.insertInto('buffer_comments')
      .values({ buffer_id: documentId, author_id: ctx.userId, body, mentions: JSON.stringify(mentions) })
      .returning('id').executeTakeFirstOrThrow();
    await appendHistory(trx, documentId, ctx.userId, 'comment', null, { comment: { id: row.id, body, mentions } });
    const author = await trx.selectFrom('users').select('name').where('id', '=', ctx.userId).executeTakeFirstOrThrow();
    const excerpt = [...body].length > MAIL_EXCERPT ? `${[...body].slice(0, MAIL_EXCERPT).join('')}…` : body;
    await mailDocumentEvent(trx, 'mentioned', { id: doc.id, code: doc.code ?? '', module_code: doc.module_code, requester_id: doc.requester_id },
      mentions.filter((m) => m !== ctx.userId), ctx, null, { author: author.name, comment: excerpt });
    return row.id;
  });
  return (await listComments(db, documentId, ctx.userId)).find((c) => c.id === id)!;
}

/**
 * `DELETE /buffer/{id}/comments/{commentId}`: the author withdraws their comment (403 for anyone
 * else, 404 for a comment not on this document, 409 when already withdrawn). Nothing is erased:
 * the row keeps its body and gains who and when, the thread shows "withdrawn", and the records
 * history gains a `comment-withdrawn` entry.
 */
export async function withdrawComment(db: Kysely<Database>, documentId: number, commentId: number, ctx: WorkflowContext): Promise<CommentView> {
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom('buffers').select('id').where('id', '=', documentId).forUpdate().executeTakeFirstOrThrow();
    const comment = await trx.selectFrom('buffer_comments').select(['id', 'author_id', 'withdrawn_at'])
      .where('id', '=', commentId).where('buffer_id', '=', documentId).forUpdate().executeTakeFirst();
    if (!comment) throw notFound(ctx.t('server.comments.notFound'));
    if (comment.author_id !== ctx.userId) throw forbidden(ctx.t('server.comments.notAuthor'));
    if (comment.withdrawn_at) throw conflict(ctx.t('server.comments.alreadyWithdrawn'));
    await trx.updateTable('buffer_comments').set({ withdrawn_at: new Date(), withdrawn_by: ctx.userId }).where('id', '=', commentId).execute();
    await appendHistory(trx, documentId, ctx.userId, 'comment-withdrawn', { comment: { id: commentId } }, { comment: { id: commentId, withdrawn: true } });
  });
  return (await listComments(db, documentId, ctx.userId)).find((c) => c.id === commentId)!;
}
