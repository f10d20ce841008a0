/**
 * Wire shapes of the access log (issue #34 item 8; docs/IDENTITY.md "Access log"): the event
 * names an entry can carry, the sign-in methods, and `GET /access_log`.
 */
import { Type, type Static } from '@sinclair/typebox';
import { dbId, paging, stringEnum } from './common';

/**
 * Every event the access log records, one name each (the `event` filter accepts exactly these).
 * `sign_in` carries `method`, `idp`, `success` and a `reason` when it failed.
 */
export const ACCESS_EVENTS = [
  'sign_in',
  'scim.user_create', 'scim.user_update', 'scim.user_deactivate', 'scim.user_reactivate', 'scim.user_delete', 'scim.group_change',
  'admin.user_change', 'admin.company_change', 'admin.organisation_change',
  'admin.session_end', 'session.end',
  'admin.scim_token_create', 'admin.scim_token_delete',
  'admin.webhook_create', 'admin.webhook_delete',
  'admin.access_log_settings',
  'export.statistics', 'export.records', 'export.journal', 'export.access_log',
  'file.download',
] as const;
export type AccessEvent = (typeof ACCESS_EVENTS)[number];

/** How someone signed in (or tried to). */
export const SIGN_IN_METHODS = ['password', 'oidc', 'saml', 'scim-token'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** A point in time of the `from` / `to` filters: a day (`YYYY-MM-DD`, UTC) or an ISO 8601 date and time with its offset. */
const instant = (description: string) => Type.String({ maxLength: 40, description });

/** The filters of `GET /access_log` and its CSV export. */
export const accessLogFilters = {
  company_id: Type.Optional(dbId()),
  user: Type.Optional(dbId()),
  event: Type.Optional(stringEnum(ACCESS_EVENTS, { description: 'One event name' })),
  from: Type.Optional(instant('Entries at or after it (a day counts from its start, UTC)')),
  to: Type.Optional(instant('Entries at or before it (a day counts to its end, UTC)')),
};

/** `GET /access_log` query. */
export const AccessLogQuery = Type.Object({ ...accessLogFilters, ...paging(20, 100) });
export type AccessLogQuery = Static<typeof AccessLogQuery>;

/** The two CSV encodings: UTF-8 with a byte-order mark, or Shift_JIS (CP932). */
export const CSV_ENCODINGS = ['utf-8', 'shift_jis'] as const;
export type CsvEncoding = (typeof CSV_ENCODINGS)[number];

/** `GET /access_log/export` query. */
export const AccessLogExportQuery = Type.Object({ ...accessLogFilters, encoding: Type.Optional(stringEnum(CSV_ENCODINGS, { default: 'utf-8' })) });
export type AccessLogExportQuery = Static<typeof AccessLogExportQuery>;

const nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

/** One access-log entry. */
export const AccessLogMember = Type.Object({
  id: Type.String(),
  at: Type.String({ description: 'When (ISO 8601)' }),
  event: Type.String(),
  user: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String(), email: Type.String() }), Type.Null()]),
  company: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
  method: nullable(Type.String()),
  idp: nullable(Type.String()),
  success: Type.Boolean(),
  reason: nullable(Type.String()),
  ip: nullable(Type.String()),
  user_agent: nullable(Type.String()),
  detail: Type.Record(Type.String(), Type.Unknown()),
});
export type AccessLogMember = Static<typeof AccessLogMember>;

/** `GET /access_log`. */
export const AccessLogCollection = Type.Object({
  'hydra:member': Type.Array(AccessLogMember),
  'hydra:totalItems': Type.Integer(),
});
export type AccessLogCollection = Static<typeof AccessLogCollection>;

/** Retention bounds in days: 6 weeks to 10 years; default 3 years. */
export const RETENTION_MIN_DAYS = 42;
export const RETENTION_MAX_DAYS = 3653;
export const RETENTION_DEFAULT_DAYS = 1096;

/** `GET /access_log/settings` answer and `PUT /access_log/settings` body (group admins only). */
export const AccessLogSettingsBody = Type.Object({ retention_days: Type.Integer() });
export type AccessLogSettingsBody = Static<typeof AccessLogSettingsBody>;
export const AccessLogSettings = Type.Object({
  retention_days: Type.Integer(),
  min_days: Type.Integer(),
  max_days: Type.Integer(),
  updated_at: Type.String(),
  purged_at: Type.Union([Type.String(), Type.Null()]),
});
export type AccessLogSettings = Static<typeof AccessLogSettings>;
