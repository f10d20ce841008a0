import type { Kysely } from 'kysely';
import type { CompiledModule, Translate } from '../../../src/engine';
import type { Database } from '../../db/database';
import { forbidden, validationFailed } from '../../lib/errors';
import { mayFileFor } from '../../repositories/proxy-filer-repository';
import { deputyDay } from '../people/deputies';

/**
 * Whose document (or route, or draft) this is: the signed-in user's own, or — with `filed_for`
 * (代理申請, issue #36 item 3) — the principal's, when a permission in effect today lets `userId`
 * file `module` for them (`proxy_filers`). The one check of filing, the route preview
 * (`POST /master_processes/resolve`) and the drafts: 422 for a `filed_for` that is not a user id,
 * 403 naming the principal when they have not allowed it (an entity module is never filed for
 * someone). Absent, null or the user's own id: the user.
 */
export async function filingPrincipal(db: Kysely<Database>, module: CompiledModule, filedFor: unknown, userId: number, t: Translate): Promise<number> {
  if (filedFor === undefined || filedFor === null || filedFor === userId) return userId;
  if (!Number.isInteger(filedFor) || (filedFor as number) < 1 || (filedFor as number) > 2147483647) {
    throw validationFailed([{ propertyPath: 'filed_for', message: t('server.proxyFilers.filedForInvalid') }]);
  }
  const principal = await db.selectFrom('users').select(['id', 'name', 'disabled']).where('id', '=', filedFor as number).executeTakeFirst();
  const allowed = principal && !principal.disabled && !module.meta.entity
    && await mayFileFor(db, userId, principal.id, module.code, deputyDay());
  if (!allowed) throw forbidden(t('server.proxyFilers.notAllowed', { principal: principal?.name ?? String(filedFor) }));
  return principal.id;
}
