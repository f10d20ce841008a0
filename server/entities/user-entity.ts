import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { toApiDate, type Translate } from '../../src/engine';
import { inviteUser } from '../auth/invitation';
import type { Database } from '../db/database';
import { forbidden, notFound, validationFailed, type Violation } from '../lib/errors';
import { deactivateUser } from '../workflow/people/deactivation';
import type { EntityChangeRequest, EntityHandler } from '../workflow/entity-changes/entity-handler';
import { illegalTransition } from '../workflow/core/workflow-error';
import { lockedSettings } from './background-locks';
import { initialsOf } from './initials-of';
import { isGroupAdmin } from './permissions';

const FLAGS = ['is_authorizer', 'is_finance', 'is_treasury', 'is_legal'] as const;

type Setting = { setting_type_id: number; approver_id: number | null };

/** One post (the `user-post` sub-form): a department, optionally a position, optionally dated (issue #20: 兼務, dated changes). */
type Post = { company_id: number; department_id: number; position_code?: string | null; effective_from?: string | null; effective_to?: string | null };

/** The user form's data (spec 000 §3 "User form payload" `user`). */
interface UserData {
  company_id: number; department_id: number; location_id: number; name: string; email: string; join_date: string;
  is_authorizer?: boolean; is_finance?: boolean; is_treasury?: boolean; is_legal?: boolean;
  user_settings?: Setting[];
  manager_id?: number | null;
  posts?: Post[];
}

const settingsOf = (data: UserData): Setting[] => (Array.isArray(data.user_settings) ? data.user_settings : [])
  .filter((s) => Number.isInteger(s?.setting_type_id));

const postsOf = (data: UserData): Post[] => (Array.isArray(data.posts) ? data.posts : [])
  .filter((p) => Number.isInteger(p?.department_id));

/** The manager and posts a request names, checked against the organisation (the form's pickers only filter). */
async function organisationViolations(db: Kysely<Database>, data: UserData, targetId: number | null, groupAdmin: boolean, t: Translate): Promise<Violation[]> {
  const out: Violation[] = [];
  const manager = data.manager_id ?? null;
  if (manager !== null) {
    if (manager === targetId) out.push({ propertyPath: 'manager_id', message: t('server.admin.errors.managerSelf') });
    else if (!(await db.selectFrom('users').select('id').where('id', '=', manager).where('disabled', '=', false).executeTakeFirst())) {
      out.push({ propertyPath: 'manager_id', message: t('server.admin.errors.managerUnknown') });
    }
  }
  const posts = postsOf(data);
  if (posts.length === 0) return out;
  const departments = new Map((await db.selectFrom('departments').select(['id', 'company_id'])
    .where('id', 'in', posts.map((p) => p.department_id)).execute()).map((d) => [d.id, d.company_id]));
  // A post may name a position of its company that is not retired today (one starting later is fine: the post may be dated too).
  const today = toApiDate(new Date())!;
  const positions = new Set((await db.selectFrom('positions').select(['company_id', 'code'])
    .where((eb) => eb.or([eb('retired_on', 'is', null), eb('retired_on', '>', today)])).execute()).map((p) => `${p.company_id}/${p.code}`));
  for (const [i, post] of posts.entries()) {
    const n = i + 1;
    const company = departments.get(post.department_id);
    if (company === undefined || company !== post.company_id) out.push({ propertyPath: `posts[${i}].department_id`, message: t('server.admin.errors.postDepartment', { n }) });
    else if (!groupAdmin && company !== data.company_id) out.push({ propertyPath: `posts[${i}].company_id`, message: t('server.admin.errors.postOwnCompany', { n }) });
    if (post.position_code && company !== undefined && !positions.has(`${company}/${post.position_code}`)) {
      out.push({ propertyPath: `posts[${i}].position_code`, message: t('server.admin.errors.postPosition', { n, code: post.position_code }) });
    }
    if (post.effective_from && post.effective_to && post.effective_to < post.effective_from) out.push({ propertyPath: `posts[${i}].effective_to`, message: t('server.admin.errors.postDates', { n }) });
  }
  return out;
}

/** Replaces the user's posts; dated ones take effect (and end) on their dates, as route resolution reads them. */
async function writePosts(trx: Kysely<Database>, userId: number, data: UserData) {
  await trx.deleteFrom('user_posts').where('user_id', '=', userId).execute();
  const rows = postsOf(data).map((p) => ({
    user_id: userId, department_id: p.department_id, position_code: p.position_code || null,
    effective_from: p.effective_from || null, effective_to: p.effective_to || null,
  }));
  if (rows.length) await trx.insertInto('user_posts').values(rows).execute();
}

async function emailTaken(db: Kysely<Database>, email: string, exceptId: number | null) {
  let query = db.selectFrom('users').select('id').where(sql`lower(email)`, '=', email.trim().toLowerCase());
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return !!(await query.executeTakeFirst());
}

/** 422s the rules cannot see: the e-mail in use, a location of another company, locked or unknown approvers. */
async function dataViolations(db: Kysely<Database>, data: UserData, targetId: number | null, t: Translate): Promise<Violation[]> {
  const out: Violation[] = [];
  const location = await db.selectFrom('locations').select('company_id').where('id', '=', data.location_id).executeTakeFirst();
  if (!location || location.company_id !== data.company_id) out.push({ propertyPath: 'location_id', message: t('server.admin.errors.locationCompany') });
  if (await emailTaken(db, data.email, targetId)) out.push({ propertyPath: 'email', message: t('server.admin.errors.emailTaken') });
  const locks = new Map((await lockedSettings(db, data.company_id)).map((l) => [l.setting_type_id, l]));
  const types = new Set((await db.selectFrom('setting_types').select('id').execute()).map((s) => s.id));
  for (const [i, s] of settingsOf(data).entries()) {
    const lock = locks.get(s.setting_type_id);
    if (!types.has(s.setting_type_id)) out.push({ propertyPath: `user_settings[${i}].setting_type_id`, message: t('server.admin.errors.unknownSettingType') });
    else if (lock && s.approver_id !== null && s.approver_id !== lock.approver_id) {
      out.push({ propertyPath: `user_settings[${i}].approver_id`, message: t('server.admin.errors.settingLocked', { name: lock.background.name }) });
    } else if (s.approver_id !== null && !(await db.selectFrom('users').select('id').where('id', '=', s.approver_id).where('disabled', '=', false).executeTakeFirst())) {
      out.push({ propertyPath: `user_settings[${i}].approver_id`, message: t('server.admin.errors.unknownApprover') });
    }
  }
  return out;
}

/** The settings a user will have: the chosen approvers, with background-locked types forced to the person in charge, by type. */
async function effectiveSettings(db: Kysely<Database>, data: UserData): Promise<Setting[]> {
  const chosen = new Map(settingsOf(data).map((s) => [s.setting_type_id, s.approver_id]));
  for (const lock of await lockedSettings(db, data.company_id)) chosen.set(lock.setting_type_id, lock.approver_id);
  return [...chosen].map(([setting_type_id, approver_id]) => ({ setting_type_id, approver_id })).sort((a, b) => a.setting_type_id - b.setting_type_id);
}

/** Replaces the user's settings with the effective ones. */
async function writeSettings(trx: Kysely<Database>, userId: number, data: UserData) {
  await trx.deleteFrom('user_settings').where('user_id', '=', userId).execute();
  const rows = (await effectiveSettings(trx, data)).map((s) => ({ user_id: userId, ...s }));
  if (rows.length) await trx.insertInto('user_settings').values(rows).execute();
}

const columns = (data: UserData) => ({
  company_id: data.company_id, department_id: data.department_id, location_id: data.location_id, manager_id: data.manager_id ?? null,
  name: data.name.trim(), email: data.email.trim(), initial_name: initialsOf(data.name), join_date: data.join_date,
  ...Object.fromEntries(FLAGS.map((f) => [f, data[f] === true])),
});

/**
 * Users (spec 000 §2 user form): created users get an invitation mail with a single-use link to
 * set their password; deleted users are disabled (their documents stay readable) and their
 * sessions end (a disabled user's token no longer authenticates).
 */
export const userEntity: EntityHandler = {
  kind: 'user',

  // A user who is not a group admin is locked to their own company (spec 000 §6).
  companyScope(user, companyId, t) {
    if (!isGroupAdmin(user) && companyId !== user.company_id) throw forbidden(t('server.admin.errors.ownCompanyOnly'));
  },

  async load(db, id) {
    const user = await db.selectFrom('users')
      .select(['company_id', 'department_id', 'location_id', 'name', 'email', 'join_date', 'manager_id', ...FLAGS])
      .where('id', '=', id).where('disabled', '=', false).executeTakeFirst();
    if (!user) return null;
    const settings = await db.selectFrom('user_settings').select(['setting_type_id', 'approver_id'])
      .where('user_id', '=', id).orderBy('setting_type_id').execute();
    const posts = await db.selectFrom('user_posts').innerJoin('departments', 'departments.id', 'user_posts.department_id')
      .select(['departments.company_id', 'user_posts.department_id', 'user_posts.position_code', 'user_posts.effective_from', 'user_posts.effective_to'])
      .where('user_posts.user_id', '=', id).orderBy('user_posts.id').execute();
    return { ...user, user_settings: settings, posts: posts.map((p, i) => ({ index: i + 1, ...p })) };
  },

  async authorize(db, request: EntityChangeRequest, user, t) {
    const data = request.data as unknown as UserData;
    const admin = isGroupAdmin(user);
    if (request.targetId !== null) {
      const target = await db.selectFrom('users').select(['id', 'company_id']).where('id', '=', request.targetId).where('disabled', '=', false).executeTakeFirst();
      if (!target) throw notFound(t('server.errors.notFound', { what: t('server.entities.user') }));
      if (!admin && target.company_id !== user.company_id) throw forbidden(t('server.admin.errors.ownCompanyUsers'));
      if (request.operation === 'delete') {
        if (target.id === user.id) throw forbidden(t('server.admin.errors.deleteSelf'));
        return;
      }
    }
    userEntity.companyScope!(user, data.company_id, t);
    const violations = [...await dataViolations(db, data, request.targetId, t), ...await organisationViolations(db, data, request.targetId, admin, t)];
    if (violations.length) throw validationFailed(violations);
  },

  // The request records the settings it applies, background-locked ones included (the form shows
  // them locked, the approver must see them too).
  async complete(db, data) {
    return { user_settings: await effectiveSettings(db, data as unknown as UserData) };
  },

  async apply(trx, change, ctx) {
    const data = change.data as unknown as UserData;
    if (change.operation === 'delete') {
      // The same deprovisioning as SCIM's (issue #34 item 6): disabled, sessions ended, pending steps moved to the deputy or escalation target.
      const done = await deactivateUser(trx, change.targetId!, ctx);
      if (!done.deactivated) throw illegalTransition(ctx.t('server.admin.errors.targetGone'));
      return change.targetId!;
    }
    if (await emailTaken(trx, data.email, change.targetId)) throw illegalTransition(ctx.t('server.admin.errors.emailTaken'));
    if (change.operation === 'edit') {
      const done = await trx.updateTable('users').set({ ...columns(data), updated_at: new Date() })
        .where('id', '=', change.targetId!).where('disabled', '=', false).executeTakeFirst();
      if (done.numUpdatedRows !== 1n) throw illegalTransition(ctx.t('server.admin.errors.targetGone'));
      await writeSettings(trx, change.targetId!, data);
      await writePosts(trx, change.targetId!, data);
      return change.targetId!;
    }
    // No usable password until the invitation link sets one ("!" never parses as a hash).
    const created = await trx.insertInto('users')
      .values({ ...columns(data), password_hash: `!${randomBytes(16).toString('hex')}` })
      .returning(['id', 'name', 'email']).executeTakeFirstOrThrow();
    await writeSettings(trx, created.id, data);
    await writePosts(trx, created.id, data);
    await inviteUser(trx, created, ctx.appUrl, ctx.t);
    return created.id;
  },
};
