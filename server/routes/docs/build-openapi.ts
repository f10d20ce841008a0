import { submitSchema, type CompiledModule } from '../../../src/engine';
import { errorResponseSchema } from '../../lib/errors';
import type { DeclaredRoute } from './collect-routes';
import { Filed } from '../../../src/wire/workflow';
import { WEBHOOK_EVENTS } from '../../../src/engine/webhooks/webhook-events';

/** The three Standard Webhooks 1.0 headers every event request carries. */
const WEBHOOK_HEADERS: Json[] = [
  { name: 'webhook-id', in: 'header', required: true, schema: { type: 'string', pattern: '^msg_[0-9a-f]{32}$' }, description: 'The message id (`msg_…`): the same on every retry and resend of this event — use it to drop duplicates.' },
  { name: 'webhook-timestamp', in: 'header', required: true, schema: { type: 'string', pattern: '^[0-9]+$' }, description: 'Unix seconds when this attempt was signed; reject values far from your clock (replays).' },
  { name: 'webhook-signature', in: 'header', required: true, schema: { type: 'string' }, description: 'Space-separated `v1,<base64>` signatures: HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}` keyed by the base64-decoded part of the endpoint secret after `whsec_`. Two during the 24 h after a secret rotation (new, then old); accept when any matches.' },
];

/**
 * OpenAPI 3.1 `webhooks`: one entry per outgoing event of the engine's table — the request Ringi
 * POSTs to an endpoint (headers, `{type, timestamp, data}` body) and the answers it acts on.
 */
function webhookOperations(): Json {
  return Object.fromEntries(WEBHOOK_EVENTS.map((event) => [event.type, {
    post: {
      operationId: `webhook_${event.type.replace(/\W/g, '_')}`,
      summary: `${event.type}: ${event.description.replace(/[.:].*$/s, '')}`,
      description: `${event.description} Sent to every enabled endpoint of the document's company subscribed to \`${event.type}\`, signed per Standard Webhooks 1.0 (docs/WEBHOOKS.md). Payloads name ids, codes and states only, never a document's body.`,
      security: [],
      parameters: WEBHOOK_HEADERS,
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object', additionalProperties: false, required: ['type', 'timestamp', 'data'],
              properties: {
                type: { type: 'string', const: event.type },
                timestamp: { type: 'string', format: 'date-time', description: 'When the event happened (UTC)' },
                data: { type: 'object', additionalProperties: false, required: Object.keys(event.data), properties: event.data },
              },
            },
          },
        },
      },
      responses: {
        200: { description: 'Received (any 2xx): delivered, not sent again' },
        410: { description: 'Gone: the endpoint is disabled and nothing more is sent to it' },
        default: { description: 'Anything else, a redirect (not followed), no answer within 10 s: retried after about 30 s, 2 min, 10 min, 1 h, 6 h and 24 h, then dead-lettered (the delivery log shows each attempt)' },
      },
    },
  }]));
}

type Json = Record<string, unknown>;

const validationErrorSchema = {
  type: 'object',
  required: ['message', 'code', 'violations'],
  properties: {
    message: { type: 'string', description: 'The first violation (what the user sees first).' },
    code: { type: 'string', enum: ['VALIDATION_FAILED'] },
    violations: {
      type: 'array',
      items: { type: 'object', required: ['propertyPath', 'message'], properties: { propertyPath: { type: 'string' }, message: { type: 'string' } } },
    },
  },
};

function errorRef(status: string): Json {
  return status === '422'
    ? { description: 'Validation failed', content: { 'application/json': { schema: { $ref: '#/components/schemas/ValidationError' } } } }
    : { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
}

function parameters(schema: Json | undefined, where: 'path' | 'query'): Json[] {
  const props = (schema?.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema?.required ?? []) as string[]);
  return Object.entries(props).map(([name, s]) => ({ name, in: where, required: where === 'path' || required.has(name), schema: s }));
}

/**
 * A summary for a route that declares none: the first sentence of its description (which every
 * route writes for the reference anyway), else its method and path. Routes added later by any
 * area get one the same way, so the description always lints.
 */
export function summaryOf(route: DeclaredRoute): string {
  const { summary, description } = route.schema;
  if (typeof summary === 'string' && summary.trim()) return summary.trim();
  if (typeof description === 'string' && description.trim()) {
    // "Our path: …" marks routes the spec does not name; the summary is what follows it.
    const parts = description.trim().split(/(?<=[.;:])\s|\n/).map((part) => part.replace(/[.;:]$/, '').trim());
    const first = parts.find((part) => part.length >= 12 && !/^our path$/i.test(part)) ?? parts[0];
    if (first) return first.length > 100 ? `${first.slice(0, 97).trimEnd()}…` : first;
  }
  return `${route.method.toUpperCase()} ${route.url}`;
}

/** A stable, unique operationId from the method and path: `get_api_buffers_id`. */
function operationIdOf(method: string, url: string): string {
  return `${method.toLowerCase()}_${url.replace(/[{}:]/g, '').replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '')}`;
}

function operationOf(route: DeclaredRoute): Json {
  const s = route.schema;
  const responses: Json = {};
  for (const [status, schema] of Object.entries((s.response ?? {}) as Record<string, Json>)) {
    responses[status] = Number(status) >= 400 ? errorRef(status) : { description: 'Success', content: { 'application/json': { schema } } };
  }
  if (route.authenticated && !responses['401']) responses['401'] = errorRef('401');
  if (!Object.keys(responses).length) responses['200'] = { description: 'Success' };
  const op: Json = {
    operationId: operationIdOf(route.method, route.url),
    summary: summaryOf(route),
    description: typeof s.description === 'string' ? s.description : undefined,
    parameters: [...parameters(s.params as Json, 'path'), ...parameters(s.querystring as Json, 'query')],
    responses,
  };
  if (s.body) op.requestBody = { required: true, content: { 'application/json': { schema: s.body } } };
  // Declared on every operation: a bearer token, or explicitly none for the public routes.
  op.security = route.authenticated ? [{ bearer: [] }] : [];
  return op;
}

/**
 * OpenAPI 3.1 description of the API: every declared route with its schemas, and one
 * submission endpoint per module whose request body is generated from the module's JSON
 * Schema (wrapper + body, nested under `transaction` where the module says so). Every error
 * reply is `Error`; 422 is `ValidationError` with the ordered violations.
 */
export function buildOpenApi(modules: CompiledModule[], routes: DeclaredRoute[], t: (key: string) => string): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const route of routes) {
    const url = route.url.replace(/:(\w+)/g, '{$1}');
    (paths[url] ??= {})[route.method.toLowerCase()] = operationOf(route);
  }
  for (const module of modules) {
    if (!module.meta.submitPath) continue;
    (paths[`/api${module.meta.submitPath}`] ??= {}).post = {
      operationId: operationIdOf('post', `/api${module.meta.submitPath}`),
      summary: `${t(module.meta.title)} (${module.code})`,
      description: `Files a ${module.code} document. The body is validated with the module definition (version ${module.version}): JSON Schema, then the ordered rules; a failure is 422 with every violation in order and nothing stored.`,
      security: [{ bearer: [] }],
      requestBody: { required: true, content: { 'application/json': { schema: submitSchema(module) } } },
      responses: { 201: { description: 'Filed', content: { 'application/json': { schema: Filed } } }, 401: errorRef('401'), 404: errorRef('404'), 422: errorRef('422') },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Ringi API',
      version: '1',
      license: { name: 'Proprietary' },
      description: 'All calls live under /api. A readable reference of this description is served at /api/docs to browsers; the JSON at /api/docs/openapi.json (and /api/docs for other clients). Authentication: `Authorization: Bearer <JWT>`. Language: `Accept-Language: en|ja|zh` (default ja). Collections are `{ "hydra:member": [...], "hydra:totalItems": n }`. Every non-2xx reply is `Error`. Events go out as signed webhooks (Standard Webhooks 1.0) to the endpoints a company registers with `POST /api/webhooks`: see `webhooks` below and docs/WEBHOOKS.md.',
    },
    servers: [{ url: '/', description: 'This Ringi server (every path starts with /api)' }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { Error: errorResponseSchema, ValidationError: validationErrorSchema },
    },
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    webhooks: webhookOperations(),
  };
}
