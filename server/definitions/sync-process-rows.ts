import { sql, type Kysely } from 'kysely';
import type { ProcessStepDefinition } from '../../src/engine';
import type { Database } from '../db/database';

/**
 * Makes the `processes` / `master_processes` rows of one module follow its definition's steps.
 * Step kinds are upserted by code (names, roles). A module's step keeps its `master_processes.id`
 * as long as its code stays in the definition (approvals and saved approvers reference the id);
 * it only moves, changes `optional`/`any_of`, or is retired (`retired_at`, position -id) when the
 * definition drops it, so documents filed with it still show it. Idempotent; run it inside the
 * publishing transaction.
 */
export async function syncProcessRows(db: Kysely<Database>, moduleCode: string, steps: ProcessStepDefinition[]): Promise<void> {
  const processIds: number[] = [];
  for (const step of steps) {
    const roles = step.roles ?? [];
    const row = await db.insertInto('processes')
      .values({
        code: step.code, name: step.names.en, name_ja: step.names.ja, name_zh: step.names.zh,
        approver_role: roles[0] ?? null, approver_roles: sql`${sql.val(roles)}::text[]` as never,
      })
      .onConflict((oc) => oc.column('code').doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'), name_ja: eb.ref('excluded.name_ja'), name_zh: eb.ref('excluded.name_zh'),
        approver_role: eb.ref('excluded.approver_role'), approver_roles: eb.ref('excluded.approver_roles'),
      })))
      .returning('id').executeTakeFirstOrThrow();
    processIds.push(row.id);
  }
  const existing = await db.selectFrom('master_processes').select(['id', 'process_id', 'retired_at'])
    .where('module_code', '=', moduleCode).execute();
  // Free every position first: (module_code, position) is unique and steps may swap places.
  await db.updateTable('master_processes').set({ position: sql`-id` as never }).where('module_code', '=', moduleCode).execute();
  const kept = new Set<number>();
  for (const [index, step] of steps.entries()) {
    const values = { position: index + 1, optional: step.optional === true, any_of: step.anyOf !== false, allow_requester: step.allowRequester === true, retired_at: null };
    const match = existing.find((row) => row.process_id === processIds[index] && !kept.has(row.id));
    if (match) {
      kept.add(match.id);
      await db.updateTable('master_processes').set(values).where('id', '=', match.id).execute();
    } else {
      await db.insertInto('master_processes').values({ module_code: moduleCode, process_id: processIds[index], ...values }).execute();
    }
  }
  const retired = existing.filter((row) => !kept.has(row.id) && row.retired_at === null).map((row) => row.id);
  if (retired.length) await db.updateTable('master_processes').set({ retired_at: new Date() }).where('id', 'in', retired).execute();
}
