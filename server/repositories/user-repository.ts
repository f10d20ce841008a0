import { sql, type Kysely } from 'kysely';
import type { Lang } from '../../src/engine';
import type { Database } from '../db/database';
import { localizedName } from '../lib/localized-name';
import { likePattern } from '../lib/paging';

/** Role names of the profile's `roles` list (spec 000 §6). */
export function rolesOf(user: {
  is_authorizer: boolean; is_finance: boolean; is_treasury: boolean;
  is_legal: boolean; is_ringi_group_member: boolean;
}): string[] {
  const roles = ['ROLE_USER'];
  if (user.is_authorizer) roles.push('ROLE_AUTHORIZER');
  // The spec has one authorizer flag (is_authorizer); ROLE_COMPANY_AUTHORIZER is its role name.
  if (user.is_authorizer) roles.push('ROLE_COMPANY_AUTHORIZER');
  if (user.is_finance) roles.push('ROLE_FINANCE');
  if (user.is_treasury) roles.push('ROLE_TREASURY');
  if (user.is_legal) roles.push('ROLE_LEGAL');
  // Group member plus company authorizer is the group-level admin (spec 000 §6).
  if (user.is_ringi_group_member && user.is_authorizer) roles.push('ROLE_GROUP_ADMIN');
  return roles;
}

/** Enabled users joined with company, department and location; filter it, then select. */
export function usersBase(db: Kysely<Database>) {
  return db.selectFrom('users')
    .leftJoin('companies', 'companies.id', 'users.company_id')
    .leftJoin('departments', 'departments.id', 'users.department_id')
    .leftJoin('locations', 'locations.id', 'users.location_id')
    .where('users.disabled', '=', false);
}

/**
 * The columns of a user with company, department and location as nested objects: the shape
 * shared by /profile, /users/{id}, approver lists and saved approvers.
 */
export function selectUserSummary<Q extends ReturnType<typeof usersBase>>(query: Q, lang: Lang) {
  return query.select([
    'users.id', 'users.name', 'users.email', 'users.initial_name', 'users.join_date',
    'users.is_authorizer', 'users.is_authorizer as is_company_authorizer', 'users.is_finance', 'users.is_treasury',
    'users.is_legal', 'users.is_notified',
    sql<boolean>`coalesce(companies.is_group, false)`.as('is_ringi_group_member'),
    sql<{ id: number; name: string; code: string; initial_name: string; is_group: boolean } | null>`case when companies.id is null then null else
      json_build_object('id', companies.id, 'name', ${localizedName(lang, 'companies')}, 'code', companies.code,
        'initial_name', companies.initial_name, 'is_group', companies.is_group) end`.as('company'),
    sql<{ id: number; name: string } | null>`case when departments.id is null then null else
      json_build_object('id', departments.id, 'name', ${localizedName(lang, 'departments')}) end`.as('department'),
    sql<{ id: number; address: string } | null>`case when locations.id is null then null else
      json_build_object('id', locations.id, 'address', locations.address) end`.as('location'),
  ]);
}

/** Users whose name or e-mail contains the search text (all users without one). */
export function usersByName(db: Kysely<Database>, name: string | undefined) {
  const query = usersBase(db);
  if (!name) return query;
  const pattern = likePattern(name);
  return query.where((eb) => eb.or([eb('users.name', 'ilike', pattern), eb('users.email', 'ilike', pattern)]));
}


/** A user's detail (spec 000 §3 "User"): summary, roles and user settings; null when unknown. */
export async function findUserDetail(db: Kysely<Database>, id: number, lang: Lang) {
  const user = await selectUserSummary(usersBase(db).where('users.id', '=', id), lang).executeTakeFirst();
  if (!user) return null;
  const settings = await db.selectFrom('user_settings')
    .innerJoin('setting_types', 'setting_types.id', 'user_settings.setting_type_id')
    .leftJoin('users as approver', 'approver.id', 'user_settings.approver_id')
    .select([
      'user_settings.id', 'user_settings.setting_type_id', 'user_settings.approver_id',
      sql<{ id: number; name: string }>`json_build_object('id', setting_types.id, 'name', ${localizedName(lang, 'setting_types')})`.as('setting_type'),
      sql<{ id: number; name: string } | null>`case when approver.id is null then null else
        json_build_object('id', approver.id, 'name', approver.name, 'initial_name', approver.initial_name, 'is_authorizer', approver.is_authorizer) end`.as('approver'),
    ])
    .where('user_settings.user_id', '=', id)
    .orderBy('setting_types.id')
    .execute();
  const organisation = await userOrganisation(db, id, lang);
  const roles = rolesOf(user);
  return {
    ...user,
    user_id: user.id,
    is_group_admin: roles.includes('ROLE_GROUP_ADMIN'),
    roles: { 'hydra:member': roles, 'hydra:totalItems': roles.length },
    user_settings: settings,
    ...organisation,
  };
}

/** A user's manager (id and name only: e-mails follow the viewer's rules, see the summary) and posts (concurrent posts, positions, dated; issue #20), names in `lang`. */
async function userOrganisation(db: Kysely<Database>, id: number, lang: Lang) {
  const manager = await db.selectFrom('users as u').innerJoin('users as m', 'm.id', 'u.manager_id')
    .select(['m.id', 'm.name']).where('u.id', '=', id).executeTakeFirst();
  const posts = await db.selectFrom('user_posts')
    .innerJoin('departments', 'departments.id', 'user_posts.department_id')
    .innerJoin('companies', 'companies.id', 'departments.company_id')
    .leftJoin('positions', (join) => join.onRef('positions.company_id', '=', 'departments.company_id').onRef('positions.code', '=', 'user_posts.position_code'))
    .select([
      'user_posts.id', 'departments.company_id', 'user_posts.department_id', 'user_posts.position_code', 'user_posts.effective_from', 'user_posts.effective_to',
      sql<string>`companies.name`.as('company_name'),
      localizedName(lang, 'departments').as('department_name'),
      sql<string | null>`case when positions.id is null then null else ${localizedName(lang, 'positions')} end`.as('position_name'),
    ])
    .where('user_posts.user_id', '=', id).orderBy('user_posts.id').execute();
  return { manager: manager ?? null, posts };
}

/** Colleagues in the user's company and the number of external (non-group) companies. */
export async function profileCounts(db: Kysely<Database>, companyId: number | null) {
  const colleagues = companyId === null ? { n: 0 } : await db.selectFrom('users')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('company_id', '=', companyId).where('disabled', '=', false).executeTakeFirstOrThrow();
  const external = await db.selectFrom('companies').select(sql<number>`count(*)::int`.as('n'))
    .where('is_group', '=', false).executeTakeFirstOrThrow();
  return { my_organization_count: colleagues.n, external_company_count: external.n };
}
