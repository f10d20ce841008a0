import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { passwordVersion, verifyToken } from '../auth/jwt';
import { unauthorized } from '../lib/errors';
import { globalPlugin } from '../lib/global-plugin';
import type { AuthUser } from '../types';

/**
 * `app.authenticate`: a preHandler that accepts only a valid HS256 bearer JWT of an existing,
 * enabled, unlocked user issued since the user's last password change, and sets `request.user`.
 * Any failure is the same 401, so a caller learns nothing about why.
 */
export default globalPlugin(async (app) => {
  app.decorate('authenticate', async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
    const fail = () => unauthorized(request.t('server.auth.jwtInvalid'));
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw fail();
    const claims = await verifyToken(match[1], app.config.jwtSecret);
    if (!claims) throw fail();
    const user = await app.db.selectFrom('users')
      .leftJoin('companies', 'companies.id', 'users.company_id')
      .select([
        'users.id', 'users.email', 'users.name', 'users.company_id', 'users.department_id', 'users.is_authorizer',
        'users.is_company_authorizer', 'users.is_finance', 'users.is_treasury', 'users.is_legal',
        sql<boolean>`coalesce(companies.is_group, false)`.as('is_ringi_group_member'),
        passwordVersion.as('password_version'),
      ])
      .where('users.id', '=', claims.userId)
      .where('users.disabled', '=', false)
      .where('users.locked_at', 'is', null)
      .executeTakeFirst();
    if (!user || claims.passwordVersion !== user.password_version) throw fail();
    const { password_version: _version, ...authUser } = user;
    request.user = authUser satisfies AuthUser;
  });
});
