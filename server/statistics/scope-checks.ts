import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';
import { documentReferencesFile } from '../files/file-references';
import type { AuthUser } from '../lib/auth-user';
import { companyScope, mayUseArea } from './access';
import { inCompanies } from './company-condition';
import type { StatisticsContext } from './statistics-context';

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
export async function inStatisticScope(db: Kysely<Database>, ctx: StatisticsContext, documentId: number): Promise<boolean> {
  if (!mayUseArea(ctx.user, 'statistic')) return false;
  const row = await db.selectFrom('buffers').select('id').where('id', '=', documentId)
    .where(inCompanies(companyScope(ctx))).executeTakeFirst();
  return row !== undefined;
}

/** Whether a file belongs to a document within the request user's Statistic scope. */
export async function fileInStatisticScope(db: Kysely<Database>, ctx: StatisticsContext, fileId: number, fieldNames: string[]): Promise<boolean> {
  if (!mayUseArea(ctx.user, 'statistic')) return false;
  const row = await db.selectFrom('buffers').select('id')
    .where(inCompanies(companyScope(ctx)))
    .where(documentReferencesFile(fileId, fieldNames)).limit(1).executeTakeFirst();
  return row !== undefined;
}
