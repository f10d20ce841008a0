/**
 * Wire shapes of a company's SCIM bearer tokens (`POST/GET /scim_tokens`, `DELETE /scim_tokens/{id}`;
 * issue #34 item 5, docs/IDENTITY.md): the server declares them as route schemas and the web
 * app's Admin screen takes its types from them.
 */
import { Type, type Static } from '@sinclair/typebox';

/** Body of `POST /scim_tokens`. */
export const ScimTokenBody = Type.Object({
  company_id: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'The company whose users the token provisions' }),
  name: Type.String({ minLength: 1, maxLength: 100, description: 'What the token is for (e.g. "Entra ID provisioning")' }),
}, { additionalProperties: false });
export type ScimTokenBody = Static<typeof ScimTokenBody>;

/** `POST /scim_tokens` answer: the token itself, shown this once (only its hash is stored). */
export const ScimTokenCreated = Type.Object({
  id: Type.Integer(),
  token: Type.String({ description: 'The bearer token for the IdP; never shown again' }),
  name: Type.String(),
  company_id: Type.Integer(),
  created_at: Type.String(),
});
export type ScimTokenCreated = Static<typeof ScimTokenCreated>;

/** One live token in `GET /scim_tokens` (never the token). */
export const ScimToken = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  company: Type.Object({ id: Type.Integer(), name: Type.String() }),
  created_by: Type.Object({ id: Type.Integer(), name: Type.String() }),
  created_at: Type.String(),
  last_used_at: Type.Union([Type.String(), Type.Null()]),
});
export type ScimToken = Static<typeof ScimToken>;

/** `GET /scim_tokens`. */
export const ScimTokenCollection = Type.Object({
  'hydra:member': Type.Array(ScimToken),
  'hydra:totalItems': Type.Integer(),
});
export type ScimTokenCollection = Static<typeof ScimTokenCollection>;

/** Query of `GET /scim_tokens`. */
export const ScimTokenQuery = Type.Object({
  company_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Only this company\'s tokens' })),
}, { additionalProperties: false });
export type ScimTokenQuery = Static<typeof ScimTokenQuery>;
