/**
 * Wire shapes of the posts a user may file as (兼務, issue #36 item 6; docs/MODULES.md "Filing as
 * one of my posts"): `GET /posts/mine`. A filing (and the route preview) names one by its
 * department as `filed_as_department_id`.
 */
import { Type, type Static } from '@sinclair/typebox';

/** One post: a department of the user's (main, or of a concurrent post in effect today) and its company. */
export const UserPostView = Type.Object({
  department_id: Type.Integer(),
  department_name: Type.String(),
  company_id: Type.Integer(),
  company_name: Type.String(),
  positions: Type.Array(Type.String(), { description: 'The position names held there, in the reader\'s language (none for a plain concurrent post)' }),
  main: Type.Boolean({ description: 'The user\'s main department' }),
});
export type UserPostView = Static<typeof UserPostView>;

/** `GET /posts/mine`: the main post first. */
export const UserPostCollection = Type.Object({
  'hydra:member': Type.Array(UserPostView),
  'hydra:totalItems': Type.Integer(),
});
export type UserPostCollection = Static<typeof UserPostCollection>;
