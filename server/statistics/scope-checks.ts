import { sql, type Kysely } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import { bufferReferencesFile } from '../files/file-references';
import type { AuthUser } from '../lib/auth-user';
import { companyScope, mayUseArea } from './access';
import { inCompanies } from './company-condition';

/** A user as `app.authenticate` loads it, by id (for signed links), or undefined when disabled or locked. */
export async function authUserById(db: Kysely<Database>, id: number): Promise<AuthUser | undefined> {
  return db.selectFrom('users').leftJoin('companies', 'companies.id', 'users.company_id')
    .select([
      'users.id', 'users.email', 'users.name', 'users.company_id', 'users.department_id', 'users.is_authorizer',
      'users.is_authorizer as is_company_authorizer', 'users.is_finance', 'users.is_treasury', 'users.is_legal',
      sql<boolean>`coalesce(companies.is_group, false)`.as('is_ringi_group_member'),
    ])
    .where('users.id', '=', id).where('users.disabled', '=', false).where('users.locked_at', 'is', null)
    .executeTakeFirst();
}

/** Whether the document is one the request's user sees through the Statistic area (role and company). */
export async function inStatisticScope(request: FastifyRequest, bufferId: number): Promise<boolean> {
  if (!mayUseArea(request.user, 'statistic')) return false;
  const row = await request.server.db.selectFrom('buffers').select('id').where('id', '=', bufferId)
    .where(inCompanies(companyScope(request))).executeTakeFirst();
  return row !== undefined;
}

/** Whether a file belongs to a document within the request user's Statistic scope. */
export async function fileInStatisticScope(request: FastifyRequest, fileId: number, fieldNames: string[]): Promise<boolean> {
  if (!mayUseArea(request.user, 'statistic')) return false;
  const row = await request.server.db.selectFrom('buffers').select('id')
    .where(inCompanies(companyScope(request)))
    .where(bufferReferencesFile(fileId, fieldNames)).limit(1).executeTakeFirst();
  return row !== undefined;
}
