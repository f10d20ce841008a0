import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { sql } from 'kysely';
import { passwordVersion, verifyToken } from '../auth/jwt';
import { routeAccess } from '../auth/public-routes';
import { touchSession } from '../repositories/session-repository';
import { unauthorized } from '../lib/errors';
import { globalPlugin } from '../lib/global-plugin';
import type { AuthUser } from '../lib/auth-user';

/**
 * Authentication for all of `/api` in one place: every route needs a valid bearer token except
 * those listed in `auth/public-routes.ts`. `app.authenticate` accepts only a valid HS256 bearer
 * JWT of an existing, enabled, unlocked user issued since the user's last password change, whose
 * session (`sid`, a signed-in device) has not been ended, and sets `request.user` (and
 * `request.sessionId`); a route may still name it (it runs once per request). Any failure is the
 * same 401, so a caller learns nothing about why. `app.registeredRoutes` lists every route as
 * Fastify registered it (the walk-every-route test reads it).
 */
export default globalPlugin(async (app) => {
  const registered: Array<{ method: string; url: string; stream: boolean }> = [];
  app.decorate('registeredRoutes', registered);
  app.addHook('onRoute', (route: RouteOptions) => {
    // A stream (server-sent events) stays open: a sweep over every route cannot wait for its end.
    const stream = ((route.schema as { produces?: string[] } | undefined)?.produces ?? []).includes('text/event-stream');
    for (const method of ([] as string[]).concat(route.method as string | string[])) {
      if (method !== 'HEAD') registered.push({ method, url: route.url, stream });
    }
  });

  app.decorate('authenticate', async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
    if (request.user) return;
    const fail = () => unauthorized(request.t('server.auth.jwtInvalid'));
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw fail();
    const claims = await verifyToken(match[1], app.config.jwtSecret);
    if (!claims) throw fail();
    const readAt = Date.now();
    const user = await app.db.selectFrom('users')
      .leftJoin('companies', 'companies.id', 'users.company_id')
      .select([
        'users.id', 'users.email', 'users.name', 'users.company_id', 'users.department_id', 'users.is_authorizer',
        'users.is_authorizer as is_company_authorizer', 'users.is_finance', 'users.is_treasury', 'users.is_legal',
        sql<boolean>`coalesce(companies.is_group, false)`.as('is_ringi_group_member'),
        passwordVersion.as('password_version'),
        // The sign-in's session (issue #34 item 7): live, or the token is refused; null for a token without one.
        (claims.sessionId !== null
          ? sql<Date | null>`(select s.last_used_at from user_sessions s where s.id = ${claims.sessionId} and s.user_id = users.id and s.ended_at is null)`
          : sql<Date | null>`null::timestamptz`).as('session_used'),
        // The definitions' revision, read here rather than in a round trip of its own (server/plugins/definitions.ts).
        sql<number | string>`(select revision from definition_revision where id = 1)`.as('definitions_revision'),
      ])
      .where('users.id', '=', claims.userId)
      .where('users.disabled', '=', false)
      .where('users.locked_at', 'is', null)
      .executeTakeFirst();
    if (!user || claims.passwordVersion !== user.password_version) throw fail();
    if (claims.sessionId !== null && user.session_used === null) throw fail();
    if (claims.sessionId !== null) await touchSession(app.db, claims.sessionId, new Date(user.session_used!));
    const { password_version: _version, session_used: _used, definitions_revision: revision, ...authUser } = user;
    request.user = authUser satisfies AuthUser;
    request.sessionId = claims.sessionId;
    request.definitionsRead = { revision: Number(revision ?? 0), at: readAt };
  });

  app.addHook('onRequest', async (request, reply) => {
    const url = request.routeOptions.url;
    // Unknown paths fall through to the JSON 404 / the web app; they have nothing to protect.
    if (!url || !url.startsWith('/api/')) return;
    const access = routeAccess(request.method, url);
    if (access === 'public') return;
    if (access === 'signed-link' && (request.query as { token?: unknown }).token !== undefined) return;
    await app.authenticate(request, reply);
  });
});
