import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { LockedSetting } from '../../src/wire/organisation';

/**
 * The settings a company's users may not choose (spec 000 §6 "Background-based settings lock
 * editing of the related approver"): for every background group holding the company, each
 * person in charge whose pic type names a setting type. The oldest group wins a type.
 */
export async function lockedSettings(db: Kysely<Database>, companyId: number | null): Promise<LockedSetting[]> {
  if (companyId === null) return [];
  const rows = await db.selectFrom('background_companies')
    .innerJoin('backgrounds', 'backgrounds.id', 'background_companies.background_id')
    .innerJoin('background_pics', 'background_pics.background_id', 'backgrounds.id')
    .innerJoin('pic_types', 'pic_types.id', 'background_pics.pic_type_id')
    .innerJoin('users', 'users.id', 'background_pics.pic_id')
    .select(['pic_types.setting_type_id', 'background_pics.pic_id', 'backgrounds.id', 'backgrounds.name'])
    .where('background_companies.company_id', '=', companyId)
    .where('pic_types.setting_type_id', 'is not', null)
    .where('users.disabled', '=', false)
    .orderBy('backgrounds.id').orderBy('pic_types.id')
    .execute();
  const byType = new Map<number, LockedSetting>();
  for (const r of rows) {
    if (!byType.has(r.setting_type_id!)) {
      byType.set(r.setting_type_id!, { setting_type_id: r.setting_type_id!, approver_id: r.pic_id, background: { id: r.id, name: r.name } });
    }
  }
  return [...byType.values()];
}
