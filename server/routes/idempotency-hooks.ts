import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { stableStringify } from '../../src/engine';
import { badRequest, conflict } from '../lib/errors';
import { storedAnswer, type IdempotencyClaim } from '../workflow/core/idempotency';

const claims = new WeakMap<FastifyRequest, IdempotencyClaim>();
/** Requests answered from a stored answer after losing a race: `onSend` adds the replay header. */
const replayedAfterRace = new WeakSet<FastifyRequest>();

function requestHash(request: FastifyRequest): string {
  return createHash('sha256').update(stableStringify({ method: request.method, url: request.url, body: request.body ?? null })).digest('hex');
}

async function replay(request: FastifyRequest, reply: FastifyReply, claim: IdempotencyClaim): Promise<FastifyReply | undefined> {
  const row = await storedAnswer(request.server.db, claim);
  if (!row) return undefined;
  if (row.request_hash !== claim.hash) throw conflict(request.t('server.workflow.idempotency.mismatch'));
  return reply.code(row.response_status!).header('idempotency-replayed', 'true').send(row.response_body);
}

/**
 * preHandler: with an `Idempotency-Key` header (1–200 visible ASCII characters), a key that
 * already has a stored answer (same user and route, not expired) is answered from it (same
 * status and body, header `Idempotency-Replayed: true`), or 409 when the body differs. Otherwise
 * the request goes on with its claim noted; the route stores its answer with `storeAnswer` IN
 * its own transaction, so a committed document always has its answer and a rolled-back one has
 * none. Without the header nothing changes. Runs after authentication (`request.user`).
 */
async function claimKey(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header[0] : header;
  if (!/^[\x21-\x7e]{1,200}$/.test(value)) throw badRequest(request.t('server.workflow.idempotency.invalidKey'));
  const claim = { userId: request.user.id, key: `${request.method} ${request.routeOptions.url ?? ''}|${value}`, hash: requestHash(request) };
  const replayed = await replay(request, reply, claim);
  if (replayed) return replayed;
  claims.set(request, claim);
  return undefined;
}

/** The request's claim (set by the hook), if it sent an `Idempotency-Key`. */
export function idempotencyClaim(request: FastifyRequest): IdempotencyClaim | undefined {
  return claims.get(request);
}

/**
 * After the work failed: when another request with the same key won the race, the body of its
 * stored answer (the route sends it; the reply gets `Idempotency-Replayed: true`), or 409 for
 * another body. Undefined when the failure was something else (rethrow it).
 */
export async function storedAnswerAfterConflict(request: FastifyRequest, error: unknown): Promise<unknown> {
  const claim = claims.get(request);
  if (!claim || (error as { code?: unknown } | null)?.code !== '23505') return undefined;
  const row = await storedAnswer(request.server.db, claim);
  if (!row) return undefined;
  if (row.request_hash !== claim.hash) throw conflict(request.t('server.workflow.idempotency.mismatch'));
  replayedAfterRace.add(request);
  return row.response_body;
}

async function markReplayed(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (replayedAfterRace.has(request)) reply.header('idempotency-replayed', 'true');
  return payload;
}

/**
 * Route hooks making a POST idempotent per user, route and `Idempotency-Key` header (spread into
 * the route options). The stored answers themselves are `server/workflow/core/idempotency.ts`.
 */
export const idempotencyHooks = { preHandler: claimKey, onSend: markReplayed } as const;
