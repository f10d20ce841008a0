import { sql, type Kysely } from 'kysely';
import type { DefinitionSet, Translate } from '../../../src/engine';
import type { Database } from '../../db/database';
import { DocumentStatus } from '../core/status';
import { illegalTransition } from '../core/workflow-error';

/**
 * Inside the filing transaction of an edit or delete: serialises filings on the same entity (a
 * transaction-scoped advisory lock on kind + id) and refuses with 409 while another request on
 * it is still on process, so an edit cannot be filed while a delete is pending (or twice).
 */
export async function refusePendingEntityChange(
  trx: Kysely<Database>, definitions: DefinitionSet, kind: string, targetId: number, t: Translate,
): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`entity:${kind}:${targetId}`}))`.execute(trx);
  const codes = Object.values(definitions.modules).filter((m) => m.meta.entity?.kind === kind).map((m) => m.code);
  if (!codes.length) return;
  const pending = await trx.selectFrom('buffers').select(['code'])
    .where('module_code', 'in', codes).where('target_id', '=', targetId).where('status', '=', DocumentStatus.ON_PROCESS)
    .executeTakeFirst();
  if (pending) throw illegalTransition(t('server.admin.errors.changePending', { code: pending.code }));
}
