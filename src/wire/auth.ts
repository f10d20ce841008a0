/**
 * Wire shapes of login, the profile's language and the password reset (spec 000 §2, §6, §8;
 * server/routes/auth), written once: the routes' body and response schemas (and /api/docs) and both
 * sides' types come from here.
 */
import { Type, type Static } from '@sinclair/typebox';

import { stringEnum } from './common';

/** The longest password a login or a reset takes (hashing is bounded). */
export const MAX_PASSWORD_LENGTH = 1024;

/** `POST /login_check`: the e-mail (as `username`) and the password. */
export const LoginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: MAX_PASSWORD_LENGTH }),
});
export type LoginBody = Static<typeof LoginBody>;

/**
 * What login answers: the session's token, and the user's stored language (`users.language`):
 * the app switches to it, so the language the user chose wins over the one the sign-in screen
 * happened to show (the first sign-in, with none stored yet, stores and answers the one it was sent with).
 */
export const LoginReply = Type.Object({
  token: Type.String(),
  language: Type.Optional(stringEnum(['en', 'ja', 'zh'] as const, { description: 'The user\'s stored language: the app switches to it after sign-in' })),
});
export type LoginReply = Static<typeof LoginReply>;

/** `PUT /profile/language`: the language the user's mails are written in. */
export const LanguageBody = Type.Object({ language: stringEnum(['en', 'ja', 'zh'] as const) }, { additionalProperties: false });
export type LanguageBody = Static<typeof LanguageBody>;

/** What storing the language answers: the language stored. */
export const LanguageReply = Type.Object({ language: Type.String() });
export type LanguageReply = Static<typeof LanguageReply>;

/** `POST /forget_password`: the e-mail a reset link is sent to. */
export const ForgetPasswordBody = Type.Object({ email: Type.String({ maxLength: 254 }) });
export type ForgetPasswordBody = Static<typeof ForgetPasswordBody>;

/** `POST /reset_password`: the e-mailed token and the new password. */
export const ResetPasswordBody = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 200 }),
  password: Type.String({ maxLength: MAX_PASSWORD_LENGTH }),
});
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

/** What the password reset calls answer: a message in the request's language. */
export const MessageReply = Type.Object({ message: Type.String() });
export type MessageReply = Static<typeof MessageReply>;
