/**
 * Wire shapes of the deputy arrangements (代理, `GET/POST /deputies`, `DELETE /deputies/{id}`):
 * the server declares them as route schemas (OpenAPI at /api/docs) and the web app takes its
 * types from them.
 */
import { Type, type Static } from '@sinclair/typebox';
import { NamedUser } from './workflow';

const day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'A day, YYYY-MM-DD (inclusive)' });

/** One arrangement of the signed-in user (the principal). */
export const DeputyArrangement = Type.Object({
  id: Type.Integer(),
  principal: NamedUser,
  deputy: NamedUser,
  from: day,
  to: day,
  /** The modules it covers; null: every module. */
  module_codes: Type.Union([Type.Array(Type.String()), Type.Null()]),
  /** `upcoming` (starts later), `active` (in effect today) or `ended`. */
  state: Type.Union([Type.Literal('upcoming'), Type.Literal('active'), Type.Literal('ended')]),
  created_at: Type.String(),
}, { additionalProperties: true, description: 'A deputy arrangement (代理): the deputy acts on the principal\'s pending steps from `from` to `to`, for `module_codes` (null: all)' });
export type DeputyArrangement = Static<typeof DeputyArrangement>;

/** `GET /deputies`. */
export const DeputyCollection = Type.Object({
  'hydra:member': Type.Array(DeputyArrangement),
  'hydra:totalItems': Type.Integer(),
});
export type DeputyCollection = Static<typeof DeputyCollection>;

/** Body of `POST /deputies` (the server checks it itself and answers 422 with each violation). */
export const DeputyBody = Type.Object({
  deputy_id: Type.Integer({ minimum: 1, description: 'The deputy: an enabled user of the group or of your own company, not you' }),
  from: day,
  to: day,
  module_codes: Type.Optional(Type.Union([Type.Array(Type.String()), Type.Null()], { description: 'Only these modules (codes); absent, null or empty: every module' })),
}, { additionalProperties: false });
export type DeputyBody = Static<typeof DeputyBody>;
