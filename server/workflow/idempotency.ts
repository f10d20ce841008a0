import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { stableStringify } from '../../src/engine';
import { badRequest, conflict } from '../lib/errors';

/** A reservation without a stored response older than this was abandoned (a crash): it may be retaken. */
const ABANDONED_AFTER_MS = 5 * 60 * 1000;

/** Requests that reserved a key, with the stored key, so `onSend` stores or releases it. */
const reserved = new WeakMap<FastifyRequest, string>();
/** Requests answered from a stored response: `onSend` leaves the key alone. */
const replayed = new WeakSet<FastifyRequest>();

function requestHash(request: FastifyRequest): string {
  return createHash('sha256').update(stableStringify({ method: request.method, url: request.url, body: request.body ?? null })).digest('hex');
}

/**
 * preHandler: with an `Idempotency-Key` header (1–200 visible ASCII characters), the first
 * request reserves the key for its user and route; a repeat with the same body gets the stored
 * response (same status, header `Idempotency-Replayed: true`); the same key with a different
 * body is a 409, and so is a repeat while the first is still running. Without the header
 * nothing changes. Runs after authentication (`request.user`).
 */
async function reserveKey(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header[0] : header;
  if (!/^[\x21-\x7e]{1,200}$/.test(value)) throw badRequest(request.t('server.workflow.idempotency.invalidKey'));
  const key = `${request.method} ${request.routeOptions.url ?? ''}|${value}`;
  const hash = requestHash(request);
  const db = request.server.db;
  const userId = request.user.id;
  const inserted = await db.insertInto('idempotency_keys')
    .values({ user_id: userId, key, request_hash: hash })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (inserted) {
    reserved.set(request, key);
    return undefined;
  }
  const row = await db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
  if (!row) throw conflict(request.t('server.workflow.idempotency.inProgress'));
  if (row.request_hash !== hash) throw conflict(request.t('server.workflow.idempotency.mismatch'));
  if (row.response_status === null) {
    // Retake an abandoned reservation atomically: only one caller's update matches.
    const retaken = await db.updateTable('idempotency_keys').set({ created_at: new Date() })
      .where('user_id', '=', userId).where('key', '=', key).where('response_status', 'is', null)
      .where('created_at', '<', new Date(Date.now() - ABANDONED_AFTER_MS))
      .executeTakeFirst();
    if (retaken.numUpdatedRows !== 1n) throw conflict(request.t('server.workflow.idempotency.inProgress'));
    reserved.set(request, key);
    return undefined;
  }
  replayed.add(request);
  // Returning the reply ends the request here: the handler does not run again.
  return reply.code(row.response_status).header('idempotency-replayed', 'true').send(row.response_body);
}

/** onSend: a 2xx answer is stored for the reserved key; any other answer releases the key for a retry. */
async function storeResponse(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  const key = reserved.get(request);
  if (key === undefined || replayed.has(request)) return payload;
  reserved.delete(request);
  const db = request.server.db;
  if (reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === 'string') {
    await db.updateTable('idempotency_keys').set({ response_status: reply.statusCode, response_body: payload })
      .where('user_id', '=', request.user.id).where('key', '=', key).execute();
  } else {
    await db.deleteFrom('idempotency_keys').where('user_id', '=', request.user.id).where('key', '=', key).execute();
  }
  return payload;
}

/**
 * Route hooks making a POST idempotent per user, route and `Idempotency-Key` header: spread into
 * the route options (`{ onRequest: app.authenticate, ...idempotencyHooks, schema }`).
 */
export const idempotencyHooks = { preHandler: reserveKey, onSend: storeResponse } as const;
