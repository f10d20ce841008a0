import type { Transaction } from 'kysely';
import type { Database } from '../db/database';
import { DEMO_BACKGROUNDS, DEMO_PIC_TYPES } from './seed-data';

/**
 * Demo pic types and background groups; each group's persons in charge become the locked
 * approvers of their setting type for the group companies' users (as an approved group would).
 */
export async function seedAdminData(trx: Transaction<Database>, users: Map<string, number>): Promise<void> {
  const settingTypes = new Map((await trx.selectFrom('setting_types').select(['id', 'code']).execute()).map((s) => [s.code, s.id]));
  const companies = new Map((await trx.selectFrom('companies').select(['id', 'code']).execute()).map((c) => [c.code, c.id]));
  const picTypes = new Map<string, { id: number; setting_type_id: number | null }>();
  for (const pic of DEMO_PIC_TYPES) {
    const row = await trx.insertInto('pic_types')
      .values({ code: pic.code, name: pic.names[0], name_ja: pic.names[1], name_zh: pic.names[2], setting_type_id: settingTypes.get(pic.setting_type) ?? null })
      .returning(['id', 'setting_type_id']).executeTakeFirstOrThrow();
    picTypes.set(pic.code, row);
  }
  for (const group of DEMO_BACKGROUNDS) {
    const { id } = await trx.insertInto('backgrounds').values({ name: group.name }).returning('id').executeTakeFirstOrThrow();
    const companyIds = group.companies.map((code) => companies.get(code)!);
    await trx.insertInto('background_companies').values(companyIds.map((company_id) => ({ background_id: id, company_id }))).execute();
    for (const [code, email] of Object.entries(group.pics)) {
      const type = picTypes.get(code)!;
      const picId = users.get(email)!;
      await trx.insertInto('background_pics').values({ background_id: id, pic_type_id: type.id, pic_id: picId }).execute();
      if (type.setting_type_id === null) continue;
      const members = await trx.selectFrom('users').select('id').where('company_id', 'in', companyIds).execute();
      if (members.length) {
        await trx.updateTable('user_settings').set({ approver_id: picId })
          .where('setting_type_id', '=', type.setting_type_id).where('user_id', 'in', members.map((m) => m.id)).execute();
      }
    }
  }
}
