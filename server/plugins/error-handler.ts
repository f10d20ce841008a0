import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, codeForStatus } from '../lib/errors';
import { globalPlugin } from '../lib/global-plugin';
import { DEPENDENCY_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../lib/dependency-unavailable';
import { WorkBusyError } from '../lib/work-limiter';
import { InvalidCursorError } from '../lib/keyset';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** "body.amount must be number" from Fastify's Ajv error, naming the field the caller sent. */
function describeValidation(context: string | undefined, issue: ValidationIssue): string {
  const path = (issue.instancePath ?? '').split('/').filter(Boolean).join('.');
  const missing = issue.params?.missingProperty;
  if (typeof missing === 'string') return `${[context, path, missing].filter(Boolean).join('.')} is required`;
  const extra = issue.params?.additionalProperty;
  if (typeof extra === 'string') return `${[context, path].filter(Boolean).join('.')} has an unknown property "${extra}"`;
  return `${[context, path].filter(Boolean).join('.')} ${issue.message ?? 'is invalid'}`;
}

/** Turns any thrown error into the API's `{ message, code, ...extra }` reply. */
function toReply(
  error: FastifyError & { validation?: ValidationIssue[]; validationContext?: string }, request: FastifyRequest,
): { status: number; body: Record<string, unknown>; dataException?: boolean; retryAfter?: number } {
  const t = request.t;
  if (error instanceof WorkBusyError) {
    return { status: 503, retryAfter: error.retryAfterSeconds, body: { message: t('server.scale.busy'), code: 'SERVICE_UNAVAILABLE', retryAfter: error.retryAfterSeconds } };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      status: 503, retryAfter: DEPENDENCY_RETRY_AFTER_SECONDS,
      body: { message: t('server.scale.databaseUnavailable'), code: 'SERVICE_UNAVAILABLE', retryAfter: DEPENDENCY_RETRY_AFTER_SECONDS },
    };
  }
  if (error instanceof InvalidCursorError) return { status: 400, body: { message: t('server.scale.invalidCursor'), code: 'BAD_REQUEST' } };
  if (error instanceof AppError) {
    // A refusal that says when to come back (`extra.retryAfter`, seconds) says it in the header too.
    const retryAfter = typeof error.extra.retryAfter === 'number' ? error.extra.retryAfter : undefined;
    return { status: error.statusCode, retryAfter, body: { message: error.message, code: error.code, ...error.extra } };
  }
  if (error.validation) {
    const detail = describeValidation(error.validationContext, error.validation[0] ?? {});
    return { status: 400, body: { message: t('server.errors.invalidRequest', { detail }), code: 'BAD_REQUEST' } };
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, body: { message: t('server.errors.malformedJson'), code: 'BAD_REQUEST' } };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, body: { message: t('server.errors.emptyJson'), code: 'BAD_REQUEST' } };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: { message: t('server.errors.payloadTooLarge'), code: 'PAYLOAD_TOO_LARGE' } };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        body: { message: t('server.errors.unsupportedMediaType', { type: request.headers['content-type'] ?? '' }), code: 'UNSUPPORTED_MEDIA_TYPE' },
      };
  }
  // Last net (docs/SECURITY.md "Input"): a database data exception (SQLSTATE class 22: out of
  // range, bad text, bad date) or a too-deep expression (54001) comes from a value the request
  // sent that the door did not catch; it is the client's 400, not a 500. Logged as a warning.
  if (typeof error.code === 'string' && /^(22[0-9A-Z]{3}|54001)$/.test(error.code)) {
    return { status: 400, body: { message: t('server.security.outOfRange'), code: 'BAD_REQUEST' }, dataException: true };
  }
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (status === 500) return { status, body: { message: t('server.errors.internal'), code: 'INTERNAL' } };
  return { status, body: { message: error.message, code: codeForStatus(status) } };
}

/** The one error handler and the JSON 404 for unknown API routes. */
export default globalPlugin(async (app) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body, dataException, retryAfter } = toReply(error, request);
    if (status === 503) request.log.warn({ err: error }, 'request refused: service unavailable');
    else if (status >= 500) request.log.error({ err: error }, 'request failed');
    else if (dataException) request.log.warn({ err: error }, 'database refused a request value');
    else request.log.info({ code: body.code, message: body.message }, 'request rejected');
    // Headers set before the failure (e.g. a half-written download) must not leak into the error.
    reply.removeHeader('content-disposition');
    if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
    return reply.status(status).type('application/json; charset=utf-8').send(body);
  });
});
