import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { isGroupAdmin } from '../../entities/permissions';
import { badRequest, errorResponseSchema, forbidden } from '../../lib/errors';
import { csvBytes, csvField } from '../../records/csv';
import {
  accessLogCount, accessLogPage, accessLogRows, accessLogSettings, storeRetention, type AccessLogFilter, type AccessLogRow,
} from '../../repositories/access-log-repository';
import { doc } from '../route-schemas';
import {
  AccessLogCollection, AccessLogExportQuery, AccessLogQuery, AccessLogSettings, AccessLogSettingsBody,
  RETENTION_MAX_DAYS, RETENTION_MIN_DAYS, type AccessLogMember,
} from '../../../src/wire/access-log';
import type { Paged } from '../../../src/wire/common';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema } as const;

/** Most entries one CSV export holds; more → 400 asking for narrower filters. */
export const ACCESS_LOG_EXPORT_MAX = 100_000;

/** The CSV's columns, in order (headers in the requester's language). */
export const ACCESS_LOG_CSV_COLUMNS = ['at', 'event', 'user_id', 'user_name', 'user_email', 'company', 'method', 'idp', 'success', 'reason', 'ip', 'user_agent', 'detail'] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A `from`/`to` value as an instant: a day (its start, or with `end` its last millisecond, UTC) or an ISO date-time with offset; undefined when malformed. */
function instant(value: string, end: boolean): Date | undefined {
  if (DAY.test(value)) {
    const day = new Date(`${value}T00:00:00Z`);
    if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) return undefined;
    return end ? new Date(day.getTime() + 86_400_000 - 1) : day;
  }
  if (!DATE_TIME.test(value)) return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

type Filters = Pick<AccessLogQuery, 'company_id' | 'user' | 'event' | 'from' | 'to'>;

/**
 * The request's filters within the reader's scope (issue #34 item 8): a group admin reads every
 * entry, a company authorizer their company's; `company_id` narrows (another company → 403);
 * anyone else → 403. A malformed or reversed period → 400.
 */
function filterOf(request: FastifyRequest, query: Filters): AccessLogFilter {
  const user = request.user;
  const t = request.t;
  const admin = isGroupAdmin(user);
  if (!admin && !(user.is_authorizer && user.company_id !== null)) throw forbidden(t('server.accessLog.scope'));
  if (query.company_id !== undefined && !admin && query.company_id !== user.company_id) throw forbidden(t('server.accessLog.scope'));
  const from = query.from === undefined ? undefined : instant(query.from, false);
  if (query.from !== undefined && !from) throw badRequest(t('server.accessLog.badInstant', { name: 'from' }));
  const to = query.to === undefined ? undefined : instant(query.to, true);
  if (query.to !== undefined && !to) throw badRequest(t('server.accessLog.badInstant', { name: 'to' }));
  if (from && to && from > to) throw badRequest(t('server.accessLog.reversed'));
  const companies = query.company_id !== undefined ? [query.company_id] : admin ? null : [user.company_id!];
  return {
    companies,
    ...(query.user !== undefined ? { userId: query.user } : {}),
    ...(query.event !== undefined ? { event: query.event } : {}),
    ...(from ? { from } : {}), ...(to ? { to } : {}),
  };
}

function member(row: AccessLogRow): AccessLogMember {
  return {
    id: String(row.id), at: new Date(row.at).toISOString(), event: row.event,
    user: row.user_id !== null ? { id: row.user_id, name: row.user_name ?? '', email: row.user_email ?? '' } : null,
    company: row.company_id !== null ? { id: row.company_id, name: row.company_name ?? '' } : null,
    method: row.method, idp: row.idp, success: row.success, reason: row.reason, ip: row.ip, user_agent: row.user_agent,
    detail: row.detail ?? {},
  };
}

/**
 * The access log (issue #34 item 8; docs/IDENTITY.md "Access log"): `GET /access_log` (a page of
 * entries, newest first), `GET /access_log/export` (the same filters as CSV, UTF-8 with BOM or
 * Shift_JIS) and the group's retention (`GET`/`PUT /access_log/settings`, group admins change it).
 */
const accessLog: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get<{ Querystring: Paged<typeof AccessLogQuery> }>('/access_log', {
    schema: {
      ...doc('Access-log entries, newest first: sign-ins, SCIM changes, admin changes, exports and file downloads, each with the user, '
        + 'company, address, user agent and time. A group admin reads every company\'s (also entries of no company: a sign-in with an '
        + 'unknown e-mail), a company authorizer their own company\'s (`company_id` of another → 403); anyone else 403. Filters: `user` '
        + '(a user id), `event` (one event name), `from`/`to` (a day `YYYY-MM-DD`, UTC, or an ISO 8601 date-time with offset; inclusive). '
        + 'Paged by `page` and `itemsPerPage` (20, at most 100). A malformed or reversed period → 400.'),
      querystring: AccessLogQuery,
      response: { 200: AccessLogCollection, ...errors },
    },
  }, async (request): Promise<AccessLogCollection> => {
    const page = await accessLogPage(app.db, filterOf(request, request.query), request.lang, request.query);
    return { 'hydra:member': page['hydra:member'].map(member), 'hydra:totalItems': page['hydra:totalItems'] };
  });

  app.get<{ Querystring: AccessLogExportQuery }>('/access_log/export', {
    schema: {
      ...doc(`The entries of the same filters and scope as \`GET /access_log\` as a CSV file (CRLF, header row in the request's language; `
        + `columns ${ACCESS_LOG_CSV_COLUMNS.join(', ')}), \`encoding\` utf-8 (default, with a byte-order mark) or shift_jis (CP932; a `
        + `character it lacks becomes ?). Texts starting with = + - @ get a leading ' so a spreadsheet does not run them. More than `
        + `${ACCESS_LOG_EXPORT_MAX} entries → 400 (narrow the filters).`),
      querystring: AccessLogExportQuery,
      response: { 200: { type: 'string', format: 'binary' }, ...errors },
    },
  }, async (request, reply) => {
    const filter = filterOf(request, request.query);
    if (await accessLogCount(app.db, filter) > ACCESS_LOG_EXPORT_MAX) throw badRequest(request.t('server.accessLog.tooMany', { max: ACCESS_LOG_EXPORT_MAX }));
    const rows = await accessLogRows(app.db, filter, request.lang);
    const header = ACCESS_LOG_CSV_COLUMNS.map((key) => csvField(request.t(`server.accessLog.columns.${key}`)));
    const lines = rows.map((r) => [
      new Date(r.at).toISOString(), r.event, r.user_id, r.user_name, r.user_email, r.company_name, r.method, r.idp,
      r.success ? 'true' : 'false', r.reason, r.ip, r.user_agent, JSON.stringify(r.detail ?? {}),
    ].map((value) => csvField(value, true)).join(','));
    const encoding = request.query.encoding ?? 'utf-8';
    const { bytes } = csvBytes([header.join(','), ...lines].join('\r\n') + '\r\n', encoding);
    const stamp = new Date().toISOString().slice(0, 10);
    return reply.header('content-type', `text/csv; charset=${encoding === 'shift_jis' ? 'Shift_JIS' : 'UTF-8'}`)
      .header('content-disposition', `attachment; filename="access-log-${stamp}.csv"`)
      .header('cache-control', 'private, no-store')
      .send(bytes);
  });

  app.get('/access_log/settings', {
    schema: {
      ...doc('The group\'s access-log retention in days (6 weeks to 10 years; default 3 years) and the last purge. Group admins and company authorizers.'),
      response: { 200: AccessLogSettings, ...errors },
    },
  }, async (request): Promise<AccessLogSettings> => {
    const user = request.user;
    if (!isGroupAdmin(user) && !user.is_authorizer) throw forbidden(request.t('server.accessLog.scope'));
    return settingsReply(await accessLogSettings(app.db));
  });

  app.put<{ Body: AccessLogSettingsBody }>('/access_log/settings', {
    schema: {
      ...doc(`Sets the group's access-log retention: \`retention_days\` ${RETENTION_MIN_DAYS} (6 weeks) to ${RETENTION_MAX_DAYS} (10 years), else 400. `
        + 'Entries older than it are deleted by the next purge. Group admins only (403).'),
      body: AccessLogSettingsBody,
      response: { 200: AccessLogSettings, ...errors },
    },
  }, async (request): Promise<AccessLogSettings> => {
    if (!isGroupAdmin(request.user)) throw forbidden(request.t('server.accessLog.settingsScope'));
    const days = request.body.retention_days;
    if (days < RETENTION_MIN_DAYS || days > RETENTION_MAX_DAYS) {
      throw badRequest(request.t('server.accessLog.retentionRange', { min: RETENTION_MIN_DAYS, max: RETENTION_MAX_DAYS }));
    }
    await storeRetention(app.db, days, request.user.id);
    return settingsReply(await accessLogSettings(app.db));
  });
};

function settingsReply(row: { retention_days: number; updated_at: Date; purged_at: Date | null }): AccessLogSettings {
  return {
    retention_days: row.retention_days, min_days: RETENTION_MIN_DAYS, max_days: RETENTION_MAX_DAYS,
    updated_at: new Date(row.updated_at).toISOString(), purged_at: row.purged_at ? new Date(row.purged_at).toISOString() : null,
  };
}

export default accessLog;
