/**
 * Wire shapes of a document's comments and mentions (`/api/buffer/{id}/comments`, issue #33
 * item 5), written once: the route schemas (and /api/docs) and the detail page's thread read them.
 */
import { Type, type Static } from '@sinclair/typebox';

import { collection, dbId, IdName, nullable, open } from './common';

/** A comment's body: plain text, 1..2,000 characters (after trimming). */
export const COMMENT_MAX = 2000;
/** The most people one comment mentions. */
export const MENTIONS_MAX = 20;

export const CommentParams = Type.Object({ id: dbId(), commentId: dbId() });
export type CommentParams = Static<typeof CommentParams>;

/** `POST /buffer/{id}/comments`: the text and the people it mentions (`@`), by id. */
export const CommentBody = Type.Object({
  body: Type.String({ maxLength: COMMENT_MAX * 10, description: `Plain text, 1..${COMMENT_MAX} characters after trimming (a longer or empty one: 422 at body)` }),
  mentions: Type.Optional(Type.Array(dbId(), { maxItems: MENTIONS_MAX, description: 'Ids of users who can see the document (GET …/comments/mentionable); anyone else: 422 at mentions[i], "add them to circulation"' })),
}, { additionalProperties: false });
export type CommentBody = Static<typeof CommentBody>;

/** One comment of the thread. A withdrawn comment keeps its place, author and time; its body is no longer shown. */
export const CommentView = open({
  id: Type.Integer(),
  author: IdName,
  /** The text; null once withdrawn (the records history keeps it). */
  body: nullable(Type.String()),
  mentions: Type.Array(IdName),
  created_at: Type.String(),
  /** Who withdrew it and when; null while it stands. */
  withdrawn: nullable(open({ at: Type.String(), by: IdName })),
  /** The reader may withdraw it (their own, not withdrawn). */
  can_withdraw: Type.Boolean(),
}, 'A comment on a document');
export type CommentView = Static<typeof CommentView>;

export const CommentCollection = collection(CommentView);
export type CommentCollection = Static<typeof CommentCollection>;

/** `GET /buffer/{id}/comments/mentionable`: who can see the document (and so can be mentioned). */
export const MentionableQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 50 })),
}, { additionalProperties: false });
export type MentionableQuery = Static<typeof MentionableQuery>;

export const MentionableCollection = collection(IdName);
export type MentionableCollection = Static<typeof MentionableCollection>;
