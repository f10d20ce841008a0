/**
 * Wire shapes of `GET /api/health` (server/routes/health), written once: the route's response
 * schemas (and /api/docs) and the handler's and the probe's types come from here.
 */
import { Type, type Static } from '@sinclair/typebox';

import { stringEnum } from './common';

/** The state of one dependency: `ok`, `down`, or `off` (not configured, e.g. Redis). */
export const DependencyState = stringEnum(['ok', 'down', 'off'] as const);
export type DependencyState = Static<typeof DependencyState>;

/**
 * The probe's answer: `ok` (200) when every configured dependency answers, `degraded` (200) when
 * Redis is down, `unavailable` (503) when the database is down. The route always sends all three;
 * the schema has never required them, and the 503 below shares them.
 */
export const Health = Type.Object({
  status: Type.Optional(stringEnum(['ok', 'degraded', 'unavailable'] as const)),
  db: Type.Optional(DependencyState),
  redis: Type.Optional(DependencyState),
});
export type Health = Static<typeof Health>;

/** A 503 is either the probe's answer or the error handler's `{ message, code }`. */
export const HealthUnavailable = Type.Object({
  ...Health.properties,
  message: Type.Optional(Type.String()),
  code: Type.Optional(Type.String()),
  retryAfter: Type.Optional(Type.Number()),
});
export type HealthUnavailable = Static<typeof HealthUnavailable>;
