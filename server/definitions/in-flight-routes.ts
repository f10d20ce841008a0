import type { Kysely } from 'kysely';
import { DocumentStatus, stableStringify } from '../../src/engine';
import type { Database } from '../db/database';
import { findVersion } from './definition-version-repository';

/**
 * Documents of `code` in progress that keep an approval route other than `process` (issue #20
 * item 10, pinning): those filed under a definition version whose steps differ from it — their
 * filed steps, approvers and modes stay as they were, whatever a publish changes. A document
 * whose version is not stored counts too (nothing shows its route is the same).
 */
export async function inFlightOldRoute(db: Kysely<Database>, code: string, process: unknown): Promise<number> {
  const rows = await db.selectFrom('buffers').select(['definition_version', (eb) => eb.fn.countAll<string>().as('n')])
    .where('module_code', '=', code).where('status', '=', DocumentStatus.ON_PROCESS)
    .groupBy('definition_version').execute();
  const now = stableStringify(process ?? null);
  let count = 0;
  for (const row of rows) {
    const filed = await findVersion(db, code, row.definition_version);
    if (!filed || stableStringify(filed.process ?? null) !== now) count += Number(row.n);
  }
  return count;
}
