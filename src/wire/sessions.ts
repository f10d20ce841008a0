/**
 * Wire shapes of signed-in devices (issue #34 item 7): `GET /sessions`, `DELETE /sessions/{id}`
 * (the user's own) and `DELETE /users/{id}/sessions` (an admin ends a user's sessions).
 */
import { Type, type Static } from '@sinclair/typebox';

/** One live session of the signed-in user. */
export const UserSession = Type.Object({
  id: Type.String(),
  created_at: Type.String({ description: 'When the user signed in' }),
  last_used_at: Type.String({ description: 'Its last request (to the minute)' }),
  ip: Type.Union([Type.String(), Type.Null()], { description: 'The address it signed in from' }),
  user_agent: Type.Union([Type.String(), Type.Null()], { description: 'The browser it signed in with' }),
  current: Type.Boolean({ description: 'The session of this request' }),
});
export type UserSession = Static<typeof UserSession>;

/** `GET /sessions`. */
export const UserSessionCollection = Type.Object({
  'hydra:member': Type.Array(UserSession),
  'hydra:totalItems': Type.Integer(),
});
export type UserSessionCollection = Static<typeof UserSessionCollection>;

/** A session id in a path. */
export const SessionParams = Type.Object({ id: Type.String({ pattern: '^[A-Za-z0-9_-]{16,64}$' }) });
export type SessionParams = Static<typeof SessionParams>;

/** `DELETE /users/{id}/sessions` answer. */
export const EndedSessions = Type.Object({ ended: Type.Integer({ description: 'How many sessions ended' }) });
export type EndedSessions = Static<typeof EndedSessions>;
