import type { Kysely } from 'kysely';
import type { Translate } from '../../src/engine';
import type { Database } from '../db/database';
import { forbidden, notFound, validationFailed, type Violation } from '../lib/errors';
import type { EntityHandler } from '../workflow/entity-changes/entity-handler';
import { illegalTransition } from '../workflow/core/workflow-error';
import { isGroupAdmin } from './permissions';

/** The background group form's data (spec 000 §3 "Background group"). */
interface BackgroundData {
  name: string;
  companies?: number[];
  background_pics?: Array<{ pic_type_id: number; pic_id: number | null }>;
}

const companiesOf = (data: BackgroundData) => [...new Set((Array.isArray(data.companies) ? data.companies : []).filter(Number.isInteger))];
const picsOf = (data: BackgroundData) => (Array.isArray(data.background_pics) ? data.background_pics : [])
  .filter((p) => Number.isInteger(p?.pic_type_id) && Number.isInteger(p?.pic_id)) as Array<{ pic_type_id: number; pic_id: number }>;

async function dataViolations(db: Kysely<Database>, data: BackgroundData, t: Translate): Promise<Violation[]> {
  const out: Violation[] = [];
  const companies = companiesOf(data);
  if (companies.length) {
    const known = await db.selectFrom('companies').select('id').where('id', 'in', companies).execute();
    if (known.length !== companies.length) out.push({ propertyPath: 'companies', message: t('server.admin.errors.unknownCompany') });
  }
  const types = new Set((await db.selectFrom('pic_types').select('id').execute()).map((p) => p.id));
  const seen = new Set<number>();
  for (const [i, pic] of picsOf(data).entries()) {
    if (!types.has(pic.pic_type_id) || seen.has(pic.pic_type_id)) {
      out.push({ propertyPath: `background_pics[${i}].pic_type_id`, message: t('server.admin.errors.unknownPicType') });
    } else if (!(await db.selectFrom('users').select('id').where('id', '=', pic.pic_id).where('disabled', '=', false).executeTakeFirst())) {
      out.push({ propertyPath: `background_pics[${i}].pic_id`, message: t('server.admin.errors.unknownApprover') });
    }
    seen.add(pic.pic_type_id);
  }
  return out;
}

/**
 * Background groups: companies whose users' approver for a setting type is decided by the
 * group's person in charge of that type. Only group admins see and change them (spec 000 §6).
 */
export const backgroundEntity: EntityHandler = {
  kind: 'background',

  async load(db, id) {
    const background = await db.selectFrom('backgrounds').select(['name']).where('id', '=', id).executeTakeFirst();
    if (!background) return null;
    const companies = await db.selectFrom('background_companies').select('company_id').where('background_id', '=', id).orderBy('company_id').execute();
    const pics = await db.selectFrom('background_pics').select(['pic_type_id', 'pic_id']).where('background_id', '=', id).orderBy('pic_type_id').execute();
    return { name: background.name, companies: companies.map((c) => c.company_id), background_pics: pics };
  },

  async authorize(db, request, user, t) {
    if (!isGroupAdmin(user)) throw forbidden(t('server.admin.errors.groupAdminsOnly'));
    if (request.targetId !== null && !(await db.selectFrom('backgrounds').select('id').where('id', '=', request.targetId).executeTakeFirst())) {
      throw notFound(t('server.errors.notFound', { what: t('server.entities.background') }));
    }
    const violations = await dataViolations(db, request.data as unknown as BackgroundData, t);
    if (violations.length) throw validationFailed(violations);
  },

  async apply(trx, change, ctx) {
    const data = change.data as unknown as BackgroundData;
    let id = change.targetId;
    if (id === null) {
      id = (await trx.insertInto('backgrounds').values({ name: data.name.trim() }).returning('id').executeTakeFirstOrThrow()).id;
    } else {
      const done = await trx.updateTable('backgrounds').set({ name: data.name.trim(), updated_at: new Date() }).where('id', '=', id).executeTakeFirst();
      if (done.numUpdatedRows !== 1n) throw illegalTransition(ctx.t('server.admin.errors.targetGone'));
      await trx.deleteFrom('background_companies').where('background_id', '=', id).execute();
      await trx.deleteFrom('background_pics').where('background_id', '=', id).execute();
    }
    const companies = companiesOf(data);
    if (companies.length) await trx.insertInto('background_companies').values(companies.map((company_id) => ({ background_id: id!, company_id }))).execute();
    const pics = picsOf(data);
    if (pics.length) await trx.insertInto('background_pics').values(pics.map((p) => ({ background_id: id!, ...p }))).execute();
    return id;
  },
};
