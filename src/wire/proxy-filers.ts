/**
 * Wire shapes of filing for someone (代理申請, `GET/POST /proxy_filers`, `DELETE /proxy_filers/{id}`),
 * the same shape as the deputy arrangements (`deputies.ts`) with the filer in the deputy's place.
 */
import { Type, type Static } from '@sinclair/typebox';
import { NamedUser } from './workflow';

const day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'A day, YYYY-MM-DD (inclusive)' });

/** One permission: `filer` may file for `principal`. */
export const ProxyFiler = Type.Object({
  id: Type.Integer(),
  principal: NamedUser,
  filer: NamedUser,
  from: day,
  to: day,
  /** The modules it covers; null: every module. */
  module_codes: Type.Union([Type.Array(Type.String()), Type.Null()]),
  /** `upcoming` (starts later), `active` (in effect today) or `ended`. */
  state: Type.Union([Type.Literal('upcoming'), Type.Literal('active'), Type.Literal('ended')]),
  created_at: Type.String(),
}, { additionalProperties: true, description: 'A permission to file for someone (代理申請): the filer may file documents as the principal\'s from `from` to `to`, for `module_codes` (null: all)' });
export type ProxyFiler = Static<typeof ProxyFiler>;

/** `GET /proxy_filers`: the signed-in user's permissions as principal (`hydra:member`) and whom they may file for today (`filing_for`). */
export const ProxyFilerCollection = Type.Object({
  'hydra:member': Type.Array(ProxyFiler),
  'hydra:totalItems': Type.Integer(),
  /** The permissions in effect today that name the signed-in user as the filer: whom they may file for, and for which modules. */
  filing_for: Type.Array(ProxyFiler),
});
export type ProxyFilerCollection = Static<typeof ProxyFilerCollection>;

/** Body of `POST /proxy_filers` (checked by the server: 422 with each violation). */
export const ProxyFilerBody = Type.Object({
  filer_id: Type.Integer({ minimum: 1, description: 'The colleague who may file for you: an enabled user of the group or of your own company, not you' }),
  from: day,
  to: day,
  module_codes: Type.Optional(Type.Union([Type.Array(Type.String()), Type.Null()], { description: 'Only these modules (codes); absent, null or empty: every module' })),
}, { additionalProperties: false });
export type ProxyFilerBody = Static<typeof ProxyFilerBody>;
