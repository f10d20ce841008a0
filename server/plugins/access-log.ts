import type { FastifyReply, FastifyRequest } from 'fastify';
import { accessOrigin, recordAccess, type AccessEvent } from '../auth/access-log';
import { createAccessLogPurger } from '../auth/access-log-purge';
import { globalPlugin } from '../lib/global-plugin';

/** What a successful request of one route records in the access log. */
interface RouteEvent {
  event: AccessEvent;
  /** The company the entry belongs to when it is not the signed-in user's (e.g. a token made for another company). */
  companyOf?: (request: FastifyRequest) => number | undefined;
  /** What the entry keeps besides route, status, params and query: fields of the body, an id from the answer (`payload`: the serialized answer). */
  detailOf?: (request: FastifyRequest, payload: unknown, reply: FastifyReply) => Record<string, unknown>;
}

const bodyCompany = (request: FastifyRequest) => {
  const id = (request.body as { company_id?: unknown } | undefined)?.company_id;
  return typeof id === 'number' ? id : undefined;
};

/** The `id` of a JSON answer (the job a POST queued), or undefined. */
const answerId = (payload: unknown): number | undefined => {
  if (typeof payload !== 'string') return undefined;
  try {
    const id = (JSON.parse(payload) as { id?: unknown }).id;
    return typeof id === 'number' ? id : undefined;
  } catch {
    return undefined;
  }
};

/** A journal export's entry: its job, format, period and whether exported documents were included. */
const journalExportDetail = (request: FastifyRequest, payload: unknown) => {
  const body = (request.body ?? {}) as { format?: unknown; from?: unknown; to?: unknown; include_exported?: unknown };
  return { job_id: answerId(payload), format: body.format, from: body.from, to: body.to, include_exported: body.include_exported === true };
};

/** A printed 稟議書's entry: the document and the file name it was saved under (from the answer's content-disposition). */
const ringiPdfDetail = (request: FastifyRequest, _payload: unknown, reply: FastifyReply) => {
  const disposition = String(reply.getHeader('content-disposition') ?? '');
  return { buffer_id: (request.params as { id?: unknown }).id, name: /filename="([^"]*)"/.exec(disposition)?.[1] };
};

/**
 * The routes whose successful answer (status below 400) is an access-log entry of the signed-in
 * user: admin changes made directly (tokens, webhooks, sessions, the log's own settings) and
 * exports — by method and route pattern. Changes that go through approval (users, companies,
 * organisation) are recorded where they apply (workflow/entity-changes/apply-entity-change.ts), SCIM changes in
 * the SCIM plugin, sign-ins where they are decided, downloads by signed link in their routes. Every
 * export — journal exports too — is recorded here, one way.
 */
export const ROUTE_EVENTS: Record<string, RouteEvent> = {
  'POST /api/scim_tokens': { event: 'admin.scim_token_create', companyOf: bodyCompany },
  'DELETE /api/scim_tokens/:id': { event: 'admin.scim_token_delete' },
  'POST /api/webhooks': { event: 'admin.webhook_create', companyOf: bodyCompany },
  'DELETE /api/webhooks/:id': { event: 'admin.webhook_delete' },
  'DELETE /api/sessions/:id': { event: 'session.end' },
  'DELETE /api/users/:id/sessions': { event: 'admin.session_end' },
  'PUT /api/access_log/settings': { event: 'admin.access_log_settings' },
  'GET /api/buffer/export': { event: 'export.statistics' },
  'GET /api/stamp_statistics/export': { event: 'export.statistics' },
  'POST /api/buffer_files/zip': { event: 'export.statistics' },
  'GET /api/records/export': { event: 'export.records' },
  'GET /api/records/files/:id': { event: 'file.download' },
  'GET /api/statistic_files/:id': { event: 'file.download' },
  'GET /api/buffer/:id/pdf': { event: 'file.download', detailOf: ringiPdfDetail },
  'GET /api/access_log/export': { event: 'export.access_log' },
  'POST /api/journal_exports': { event: 'export.journal', companyOf: bodyCompany, detailOf: journalExportDetail },
};

/** The query of an export as kept in the entry (its filters), without link tokens. */
function keptQuery(query: unknown): Record<string, unknown> | undefined {
  if (!query || typeof query !== 'object') return undefined;
  const { token: _token, ...rest } = query as Record<string, unknown>;
  return Object.keys(rest).length ? rest : undefined;
}

/**
 * `app.accessLogPurge` (the retention purge, server/auth/access-log-purge.ts, every
 * `ACCESS_LOG_PURGE_INTERVAL_MS`) and the access-log entries of the routes in ROUTE_EVENTS.
 */
export default globalPlugin(async (app) => {
  const purger = createAccessLogPurger({ db: app.db, log: app.log }, app.config.accessLogPurgeIntervalMs ?? 0);
  app.decorate('accessLogPurge', purger);
  app.addHook('onClose', async () => { await purger.close(); });

  // onSend: the entry is written before the answer leaves (a caller who got the answer finds it).
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400 || !request.user) return payload;
    const route = ROUTE_EVENTS[`${request.method} ${request.routeOptions.url}`];
    if (!route) return payload;
    const params = request.params && typeof request.params === 'object' && Object.keys(request.params).length ? request.params : undefined;
    const query = keptQuery(request.query);
    const companyId = route.companyOf?.(request);
    const extra = route.detailOf?.(request, payload, reply);
    // A failure to record is logged, never turned into the caller's error (the change is already made).
    await recordAccess(app.db, {
      event: route.event, userId: request.user.id, ...(companyId !== undefined ? { companyId } : {}), ...accessOrigin(request),
      detail: { route: `${request.method} ${request.routeOptions.url}`, status: reply.statusCode, ...(params ? { params } : {}), ...(query ? { query } : {}), ...extra },
    }).catch((err: unknown) => request.log.error({ err }, 'access log entry not recorded'));
    return payload;
  });
});
