import { sql, type Kysely } from 'kysely';
import type { Database, ScimAttributes } from '../../db/database';
import { initialsOf } from '../../entities/initials-of';
import { deactivateUser, reactivateUser } from '../../workflow/people/deactivation';
import type { WorkflowContext } from '../../workflow/core/workflow-context';
import { ScimError, scimBadRequest } from './scim-error';
import type { FilterTerm } from './scim-filter';
import { CORE_USER, ENTERPRISE_USER, shownName, type ScimUserDraft } from './scim-user';

/**
 * The SCIM Users of one company (the token's): reading them as SCIM resources, finding them by
 * a parsed filter, and writing a draft (`scim-user.ts`) back in one transaction. A user of another
 * company is never read or written: every query carries `users.company_id = companyId`, so it is
 * "not found" (404 / `totalResults: 0`), exactly like an id that does not exist.
 *
 * A user DELETEd by SCIM is deactivated and marked (`scim_attributes.deleted`): SCIM then answers
 * 404 for it (RFC 7644 §3.6) while Ringi keeps the person and everything they wrote; a later POST
 * of the same `userName` (or `externalId`) in the same company brings that record back instead of
 * failing on the taken e-mail.
 */

/** Filterable attributes of Users (lower-case → canonical). */
export const USER_FILTER_ATTRIBUTES = {
  username: { name: 'userName', type: 'string' },
  externalid: { name: 'externalId', type: 'string' },
  id: { name: 'id', type: 'string' },
  active: { name: 'active', type: 'boolean' },
  'emails.value': { name: 'emails.value', type: 'string' },
  [`${CORE_USER.toLowerCase()}:username`]: { name: 'userName', type: 'string' },
} as const;

const notDeleted = sql<boolean>`coalesce((users.scim_attributes->>'deleted')::boolean, false) = false`;

function userRows(db: Kysely<Database>, companyId: number) {
  return allUserRows(db, companyId).where(notDeleted);
}

function allUserRows(db: Kysely<Database>, companyId: number) {
  return db.selectFrom('users')
    .leftJoin('departments', 'departments.id', 'users.department_id')
    .leftJoin('users as manager', (join) => join.onRef('manager.id', '=', 'users.manager_id'))
    .select(['users.id', 'users.email', 'users.name', 'users.external_id', 'users.scim_attributes', 'users.disabled', 'users.language',
      'users.department_id', 'departments.name as department_name', 'users.manager_id', 'manager.name as manager_name',
      'users.created_at', 'users.updated_at'])
    .where('users.company_id', '=', companyId);
}

export type ScimUserRow = Awaited<ReturnType<ReturnType<typeof userRows>['executeTakeFirstOrThrow']>>;

const ofRow = (row: ScimUserRow): ScimAttributes => (row.scim_attributes ?? {}) as ScimAttributes;

/** The stored user as a draft (what PATCH applies its operations to). */
export function draftOf(row: ScimUserRow): ScimUserDraft {
  const kept = ofRow(row);
  return {
    userName: row.email, externalId: row.external_id, displayName: row.name,
    givenName: kept.givenName ?? null, familyName: kept.familyName ?? null, formatted: kept.formatted ?? null,
    workEmail: kept.workEmail ?? null, active: !row.disabled,
    department: kept.department ?? row.department_name ?? null,
    managerId: row.manager_id !== null ? String(row.manager_id) : null,
    language: row.language,
  };
}

/** The SCIM User resource of a row (RFC 7643 §4.1, with the enterprise extension). */
export function userResource(row: ScimUserRow, base: string): Record<string, unknown> {
  const kept = ofRow(row);
  const name = { givenName: kept.givenName ?? undefined, familyName: kept.familyName ?? undefined, formatted: kept.formatted ?? row.name };
  const enterprise: Record<string, unknown> = {};
  const department = kept.department ?? row.department_name;
  if (department) enterprise.department = department;
  if (row.manager_id !== null) enterprise.manager = { value: String(row.manager_id), displayName: row.manager_name ?? undefined, $ref: `${base}/Users/${row.manager_id}` };
  return {
    schemas: [CORE_USER, ENTERPRISE_USER],
    id: String(row.id),
    ...(row.external_id !== null ? { externalId: row.external_id } : {}),
    userName: row.email,
    name,
    displayName: row.name,
    active: !row.disabled,
    emails: [{ value: kept.workEmail ?? row.email, type: 'work', primary: true }],
    ...(row.language ? { preferredLanguage: row.language } : {}),
    ...(row.department_id !== null ? { groups: [{ value: String(row.department_id), display: row.department_name, $ref: `${base}/Groups/${row.department_id}` }] } : {}),
    [ENTERPRISE_USER]: enterprise,
    meta: {
      resourceType: 'User',
      created: new Date(row.created_at).toISOString(),
      lastModified: new Date(row.updated_at).toISOString(),
      location: `${base}/Users/${row.id}`,
      version: `W/"${new Date(row.updated_at).getTime()}"`,
    },
  };
}

/** A SCIM id as a users.id, or null (not a positive 32-bit integer: no such user). */
export function userIdOf(id: string): number | null {
  return /^[1-9]\d{0,9}$/.test(id) && Number(id) <= 2147483647 ? Number(id) : null;
}

/** One user of the company, or undefined. */
export function findUser(db: Kysely<Database>, companyId: number, id: number) {
  return userRows(db, companyId).where('users.id', '=', id).executeTakeFirst();
}

/** A page of the company's users matching every term, by id; and how many match. */
export async function listUsers(db: Kysely<Database>, companyId: number, terms: FilterTerm[], startIndex: number, count: number) {
  let query = userRows(db, companyId);
  for (const term of terms) {
    const value = term.value;
    switch (term.attribute) {
      // userName and e-mails compare case-insensitively (RFC 7643: caseExact false); externalId exactly.
      case 'userName': query = query.where(sql`lower(users.email)`, '=', String(value).toLowerCase()); break;
      case 'emails.value': query = query.where((eb) => eb.or([
        eb(sql`lower(users.email)`, '=', String(value).toLowerCase()),
        eb(sql`lower(users.scim_attributes->>'workEmail')`, '=', String(value).toLowerCase())])); break;
      case 'externalId': query = query.where('users.external_id', '=', String(value)); break;
      case 'active': query = query.where('users.disabled', '=', !value); break;
      case 'id': {
        const id = userIdOf(String(value));
        query = id === null ? query.where(sql<boolean>`false`) : query.where('users.id', '=', id);
        break;
      }
    }
  }
  const total = await db.selectFrom(query.as('matching')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = count === 0 ? [] : await query.orderBy('users.id').offset(startIndex - 1).limit(count).execute();
  return { total: Number(total.n), rows };
}

/** The department of the company a department text names (any of its names, case-insensitive), or null. */
async function departmentNamed(trx: Kysely<Database>, companyId: number, name: string): Promise<number | null> {
  const wanted = name.trim().toLowerCase();
  const row = await trx.selectFrom('departments').select('id').where('company_id', '=', companyId)
    .where((eb) => eb.or([eb(sql`lower(name)`, '=', wanted), eb(sql`lower(name_ja)`, '=', wanted), eb(sql`lower(name_zh)`, '=', wanted)]))
    .orderBy('id').executeTakeFirst();
  return row?.id ?? null;
}

/** Checks the unique and referenced values of a draft for `userId` (null: a new user). */
async function checkDraft(trx: Kysely<Database>, companyId: number, draft: ScimUserDraft, current: ScimUserRow | null): Promise<number | null | undefined> {
  const userId = current?.id ?? null;
  let taken = trx.selectFrom('users').select('id').where(sql`lower(email)`, '=', draft.userName.toLowerCase());
  if (userId !== null) taken = taken.where('id', '<>', userId);
  if (await taken.executeTakeFirst()) throw new ScimError(409, `userName ${draft.userName} is already taken`, 'uniqueness');
  if (draft.externalId !== null) {
    let sameExternal = trx.selectFrom('users').select('id').where('company_id', '=', companyId).where('external_id', '=', draft.externalId);
    if (userId !== null) sameExternal = sameExternal.where('id', '<>', userId);
    if (await sameExternal.executeTakeFirst()) throw new ScimError(409, `externalId ${draft.externalId} is already taken`, 'uniqueness');
  }
  // Unchanged (a manager set in Ringi may be of a group company): not the IdP's to check again.
  if (draft.managerId === undefined || draft.managerId === (current?.manager_id != null ? String(current.manager_id) : null)) return undefined;
  if (draft.managerId === null) return null;
  const managerId = userIdOf(draft.managerId);
  if (managerId === null || managerId === userId) throw scimBadRequest(`manager ${draft.managerId} is not another user of this company`);
  const manager = await trx.selectFrom('users').select('id').where('id', '=', managerId).where('company_id', '=', companyId).executeTakeFirst();
  if (!manager) throw scimBadRequest(`manager ${draft.managerId} is not another user of this company`);
  return managerId;
}

/** The columns a draft writes. */
async function columnsOf(trx: Kysely<Database>, companyId: number, draft: ScimUserDraft, current: ScimUserRow | null) {
  const name = shownName(draft);
  let departmentId = current?.department_id ?? null;
  let unmatched: string | null = null;
  if (draft.department) {
    const found = await departmentNamed(trx, companyId, draft.department);
    if (found !== null) departmentId = found;
    else unmatched = draft.department;
  }
  const kept: ScimAttributes = { givenName: draft.givenName, familyName: draft.familyName, formatted: draft.formatted, workEmail: draft.workEmail, department: unmatched };
  return {
    email: draft.userName, name, initial_name: initialsOf(name), external_id: draft.externalId,
    scim_attributes: JSON.stringify(kept), department_id: departmentId,
    ...(draft.language !== undefined ? { language: draft.language } : {}),
  };
}

/** Marks a user DELETEd by SCIM (hidden from SCIM, kept in Ringi). */
export async function markDeleted(trx: Kysely<Database>, userId: number): Promise<void> {
  await trx.updateTable('users').set({ scim_attributes: sql`coalesce(scim_attributes, '{}'::jsonb) || '{"deleted": true}'::jsonb` as never })
    .where('id', '=', userId).execute();
}

/**
 * Creates a user of the company from a draft; returns its id. No password: they sign in by SSO
 * or set one through "forgot password". A user of the company DELETEd by SCIM with the same
 * `userName` or `externalId` is brought back instead (same id, same history).
 */
export async function createUser(trx: Kysely<Database>, companyId: number, draft: ScimUserDraft, ctx: WorkflowContext): Promise<number> {
  const deleted = await allUserRows(trx, companyId).where(sql<boolean>`not ${notDeleted}`)
    .where((eb) => eb.or([eb(sql`lower(users.email)`, '=', draft.userName.toLowerCase()),
      ...(draft.externalId !== null ? [eb('users.external_id', '=', draft.externalId)] : [])]))
    .orderBy('users.id').executeTakeFirst();
  if (deleted) {
    await updateUser(trx, companyId, deleted, draft, ctx);
    return deleted.id;
  }
  const managerId = await checkDraft(trx, companyId, draft, null);
  const columns = await columnsOf(trx, companyId, draft, null);
  const created = await trx.insertInto('users')
    // "!" never parses as a password hash (as for users created by an approved request).
    .values({ ...columns, company_id: companyId, manager_id: managerId ?? null, password_hash: `!scim-${Date.now().toString(36)}` })
    .returning('id').executeTakeFirstOrThrow();
  if (!draft.active) await deactivateUser(trx, created.id, ctx);
  return created.id;
}

/** Writes a draft over an existing user of the company (deactivating or reactivating as `active` says). */
export async function updateUser(trx: Kysely<Database>, companyId: number, current: ScimUserRow, draft: ScimUserDraft, ctx: WorkflowContext): Promise<void> {
  const managerId = await checkDraft(trx, companyId, draft, current);
  const columns = await columnsOf(trx, companyId, draft, current);
  await trx.updateTable('users').set({ ...columns, ...(managerId !== undefined ? { manager_id: managerId } : {}), updated_at: new Date() })
    .where('id', '=', current.id).where('company_id', '=', companyId).execute();
  if (draft.active && current.disabled) await reactivateUser(trx, current.id);
  if (!draft.active && !current.disabled) await deactivateUser(trx, current.id, ctx);
}
