/**
 * Wire shapes of deciding from the mail (`/api/mail-actions/{token}`, issue #33 item 1), written
 * once: the server's route schemas (and /api/docs) and the web app's confirm page read them.
 */
import { Type, type Static } from '@sinclair/typebox';

import { nullable, open, stringEnum } from './common';
import { BufferItem, NamedUser } from './workflow';

/** The token of a mail link: 43 base64url characters (256 random bits). */
export const MailActionParams = Type.Object({
  token: Type.String({ pattern: '^[A-Za-z0-9_-]{20,100}$', description: 'The token of the mail link (base64url)' }),
});
export type MailActionParams = Static<typeof MailActionParams>;

/** Why a mail link no longer acts (null: it does). */
export const MAIL_ACTION_REASONS = ['not_yours', 'expired', 'used', 'decided', 'edited', 'not_allowed'] as const;
export type MailActionReason = (typeof MAIL_ACTION_REASONS)[number];

/** What the confirm page of a mail link shows (`GET /api/mail-actions/{token}`). */
export const MailActionView = open({
  /** True while the button may act: the reader is the approver the link was mailed to and the step still waits for them. */
  usable: Type.Boolean(),
  reason: nullable(stringEnum(MAIL_ACTION_REASONS, {
    description: 'Why not usable: not_yours (mailed to someone else), expired (72 h), used (this link already acted), decided (the step was decided, sent or stepped back, or the document ended), edited (an edit restarted the approval), not_allowed (the reader no longer approves this step)',
  })),
  /** The reason in the reader's language, null when usable. */
  message: nullable(Type.String()),
  /** What the link proposes: approve (true) or reject (false). */
  approve: Type.Boolean(),
  expires_at: Type.String(),
  /** The step; null when the link is not the reader's. */
  step: nullable(open({ id: Type.Integer(), name: Type.String() })),
  /** The document's list card; null when the link is not the reader's. */
  buffer: nullable(BufferItem),
  /** The principal the reader decides for as their deputy (代理), else null. */
  on_behalf_of: nullable(NamedUser),
  /** The step takes the treasury form: only a rejection can be given from the mail, approval in the app. */
  needs_app_to_approve: Type.Boolean(),
}, 'What a mail link would do, and whether it still can');
export type MailActionView = Static<typeof MailActionView>;

/** The confirm page's button: approve or reject, with an optional comment (required to reject). */
export const MailActionBody = Type.Object({
  approve: Type.Boolean(),
  comment: Type.Optional(Type.String({ maxLength: 2000 })),
}, { additionalProperties: false });
export type MailActionBody = Static<typeof MailActionBody>;
