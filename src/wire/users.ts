/**
 * Wire shapes of a user (spec 000 §3 "User"): the summary of lists and pickers, the detail of
 * `/users/{id}` and `/profile`, written once: the server's response schemas (and /api/docs) and
 * both sides' types come from here.
 */
import { Type, type Static } from '@sinclair/typebox';

import { cursor, dbId, nullable, open, paging, searchText, type Paged } from './common';

/**
 * Fields of a user record that only colleagues and group staff may read (e-mail, roles, settings):
 * the server's exposure rule (server/security/exposure-rule.ts) takes them out of a record of
 * another company for a viewer outside the group, so they are optional on the wire.
 */
export const PRIVATE_USER_FIELDS = [
  'email', 'is_authorizer', 'is_company_authorizer', 'is_finance', 'is_treasury', 'is_legal', 'is_group_admin',
  'roles', 'user_settings',
] as const;
export type PrivateUserField = (typeof PRIVATE_USER_FIELDS)[number];

/** A user in lists (approver pickers, my organization, saved approvers): flags, company, department, location. */
export const UserSummary = open({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.Optional(Type.String()),
  initial_name: Type.String(),
  join_date: nullable(Type.String()),
  is_authorizer: Type.Optional(Type.Boolean()),
  is_company_authorizer: Type.Optional(Type.Boolean()),
  is_finance: Type.Optional(Type.Boolean()),
  is_treasury: Type.Optional(Type.Boolean()),
  is_legal: Type.Optional(Type.Boolean()),
  is_notified: Type.Boolean(),
  is_ringi_group_member: Type.Boolean(),
  company: nullable(open({ id: Type.Integer(), name: Type.String(), code: Type.String(), initial_name: Type.String(), is_group: Type.Boolean() })),
  department: nullable(open({ id: Type.Integer(), name: Type.String() })),
  location: nullable(open({ id: Type.Integer(), address: Type.String() })),
});
export type UserSummary = Static<typeof UserSummary>;

/** One of a user's saved approvers (a setting type and who approves it). */
export const UserSetting = open({
  id: Type.Integer(),
  setting_type_id: Type.Integer(),
  approver_id: nullable(Type.Integer()),
  setting_type: open({ id: Type.Integer(), name: Type.String() }),
  approver: nullable(open({ id: Type.Integer(), name: Type.String(), initial_name: Type.String(), is_authorizer: Type.Optional(Type.Boolean()) })),
});
export type UserSetting = Static<typeof UserSetting>;

/** A post of a user (concurrent posts with positions, dated). */
export const UserPost = open({
  id: Type.Integer(),
  company_id: Type.Integer(),
  department_id: Type.Integer(),
  position_code: nullable(Type.String()),
  effective_from: nullable(Type.String()),
  effective_to: nullable(Type.String()),
  company_name: Type.String(),
  department_name: Type.String(),
  position_name: nullable(Type.String()),
});
export type UserPost = Static<typeof UserPost>;

/** A user's detail (`GET /users/{id}`, `GET /profile`): the summary, roles, saved approvers, manager and posts. */
export const UserDetail = open({
  ...UserSummary.properties,
  user_id: Type.Integer(),
  is_group_admin: Type.Optional(Type.Boolean()),
  roles: Type.Optional(open({ 'hydra:member': Type.Array(Type.String()), 'hydra:totalItems': Type.Integer() })),
  user_settings: Type.Optional(Type.Array(UserSetting)),
  manager: nullable(open({ id: Type.Integer(), name: Type.String() })),
  posts: Type.Array(UserPost),
  /** `/profile` only: colleagues in the user's company. */
  my_organization_count: Type.Optional(Type.Integer()),
  /** `/profile` only: external (non-group) companies. */
  external_company_count: Type.Optional(Type.Integer()),
});
export type UserDetail = Static<typeof UserDetail>;

/** The signed-in user's own detail (`GET /profile`): the private fields are always there. */
export type OwnUserDetail = UserDetail & Required<Pick<UserDetail, PrivateUserField>>;

/** `GET /users/approver`: candidates by name, for a step (`masterProcessId`) of a document of `companyId`. */
export const ApproverQuery = Type.Object({
  ...paging(),
  name: Type.Optional(searchText()),
  masterProcessId: Type.Optional(dbId()),
  companyId: Type.Optional(dbId()),
  /** 代理申請 (issue #36): the candidates as the principal's document would have them (the principal must allow the caller for the step's module). */
  filed_for: Type.Optional(dbId()),
  /** 兼務 (issue #36 item 6): the requester's post the document is filed as; without `companyId`, its company scopes the candidates. */
  filed_as_department_id: Type.Optional(dbId()),
  cursor: Type.Optional(cursor()),
});
export type ApproverQuery = Paged<typeof ApproverQuery>;

/** `GET /users/finance`: forwarding targets by name, of the document's company `companyId`. */
export const FinanceUserQuery = Type.Object({ ...paging(), name: Type.Optional(searchText()), companyId: Type.Optional(dbId()), cursor: Type.Optional(cursor()) });
export type FinanceUserQuery = Paged<typeof FinanceUserQuery>;

/** `GET /users/pic`: persons in charge (and the user multi-select) by name or e-mail, of one company. */
export const PicUserQuery = Type.Object({ ...paging(), name: Type.Optional(searchText()), companyId: Type.Optional(dbId()) });
export type PicUserQuery = Paged<typeof PicUserQuery>;
