import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { ScimError, scimBadRequest } from './scim-error';
import type { FilterTerm } from './scim-filter';
import { userIdOf } from './scim-users';

/**
 * SCIM Groups are the company's departments (docs/IDENTITY.md "Groups"): `id` the department id,
 * `displayName` its name, `members` the users whose department it is. Membership is what the IdP
 * changes: adding a member makes it their department (a person has one; adding them to another
 * group moves them), removing one leaves them without a department. Departments themselves are
 * organisation data, created and renamed through the company form and its approval: creating,
 * renaming or deleting a Group by SCIM is refused (403 / 400 `mutability`).
 */

export const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';

export const GROUP_FILTER_ATTRIBUTES = {
  displayname: { name: 'displayName', type: 'string' },
  id: { name: 'id', type: 'string' },
  externalid: { name: 'externalId', type: 'string' },
} as const;

const departments = (db: Kysely<Database>, companyId: number) =>
  db.selectFrom('departments').select(['id', 'name', 'created_at']).where('company_id', '=', companyId);

export type GroupRow = { id: number; name: string; created_at: Date };

/** One department of the company, or undefined. */
export function findGroup(db: Kysely<Database>, companyId: number, id: number) {
  return departments(db, companyId).where('id', '=', id).executeTakeFirst();
}

/** A page of the company's departments matching every term. */
export async function listGroups(db: Kysely<Database>, companyId: number, terms: FilterTerm[], startIndex: number, count: number) {
  let rows = await departments(db, companyId).orderBy('id').execute();
  for (const term of terms) {
    const value = String(term.value);
    if (term.attribute === 'displayName') rows = rows.filter((r) => r.name.toLowerCase() === value.toLowerCase());
    // A department has no external id: such a filter finds none (the IdP then matches by displayName).
    else if (term.attribute === 'externalId') rows = [];
    else rows = rows.filter((r) => String(r.id) === value);
  }
  return { total: rows.length, rows: rows.slice(startIndex - 1, startIndex - 1 + count) };
}

/** The Group resource of a department (members unless left out: `excludedAttributes=members`). */
export async function groupResource(db: Kysely<Database>, companyId: number, row: GroupRow, base: string, withMembers: boolean) {
  const members = withMembers
    ? (await db.selectFrom('users').select(['id', 'name']).where('company_id', '=', companyId).where('department_id', '=', row.id).orderBy('id').execute())
      .map((u) => ({ value: String(u.id), display: u.name, $ref: `${base}/Users/${u.id}` }))
    : undefined;
  return {
    schemas: [GROUP], id: String(row.id), displayName: row.name,
    ...(members ? { members } : {}),
    meta: { resourceType: 'Group', created: new Date(row.created_at).toISOString(), location: `${base}/Groups/${row.id}` },
  };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The user ids of a `members` value (`[{value: id}]`), each a user of the company (else 400). */
async function memberIds(db: Kysely<Database>, companyId: number, value: unknown): Promise<number[]> {
  const list = Array.isArray(value) ? value : [value];
  if (list.length > 1000) throw new ScimError(400, 'at most 1000 members per operation', 'tooMany');
  const ids = list.map((m) => {
    const raw = isObject(m) ? m.value : m;
    const id = typeof raw === 'string' || typeof raw === 'number' ? userIdOf(String(raw)) : null;
    if (id === null) throw scimBadRequest('members must be [{ "value": user id }]');
    return id;
  });
  if (ids.length === 0) return [];
  const found = await db.selectFrom('users').select('id').where('company_id', '=', companyId).where('id', 'in', ids).execute();
  const known = new Set(found.map((u) => u.id));
  const unknown = ids.find((id) => !known.has(id));
  if (unknown !== undefined) throw scimBadRequest(`member ${unknown} is not a user of this company`);
  return [...new Set(ids)];
}

const MEMBER_FILTER = /^members\s*\[\s*value\s+eq\s+"([^"]{1,20})"\s*\]$/i;

/**
 * Applies a Group PatchOp: `add` members, `remove` members (by `path: members[value eq "id"]`, or
 * `path: members` with a value list, or all of them), `replace` members (the full list). A
 * `displayName` equal to the department's name is accepted (Okta sends it back); any other
 * change is refused. Everything is checked before anything is written (the caller's transaction).
 */
export async function patchGroup(trx: Kysely<Database>, companyId: number, group: GroupRow, body: unknown): Promise<void> {
  if (!isObject(body) || !Array.isArray(body.Operations ?? body.operations)) throw scimBadRequest('the body must be a PatchOp with Operations', 'invalidSyntax');
  const ops = (body.Operations ?? body.operations) as unknown[];
  if (ops.length === 0 || ops.length > 100) throw scimBadRequest('Operations must hold 1 to 100 operations', 'invalidSyntax');
  const plan: Array<{ kind: 'add' | 'remove' | 'replace' | 'removeAll'; ids: number[] }> = [];
  for (const [i, operation] of ops.entries()) {
    if (!isObject(operation)) throw scimBadRequest(`Operations[${i}] must be an object`, 'invalidSyntax');
    const op = typeof operation.op === 'string' ? operation.op.toLowerCase() : '';
    if (op !== 'add' && op !== 'remove' && op !== 'replace') throw scimBadRequest(`Operations[${i}].op must be add, replace or remove`, 'invalidSyntax');
    const path = typeof operation.path === 'string' ? operation.path.trim() : undefined;
    if (path === undefined) {
      if (op === 'remove' || !isObject(operation.value)) throw scimBadRequest(`Operations[${i}] needs a path`, 'noTarget');
      for (const [key, value] of Object.entries(operation.value)) {
        if (key.toLowerCase() === 'members') plan.push({ kind: op === 'add' ? 'add' : 'replace', ids: await memberIds(trx, companyId, value) });
        else if (key.toLowerCase() === 'displayname') assertSameName(group, value);
        else if (key.toLowerCase() !== 'externalid' && key.toLowerCase() !== 'id') throw scimBadRequest(`the attribute "${key.slice(0, 80)}" is not supported`, 'invalidPath');
      }
      continue;
    }
    const filtered = MEMBER_FILTER.exec(path);
    if (filtered) {
      if (op !== 'remove') throw scimBadRequest(`Operations[${i}]: only remove takes a members[value eq "…"] path`, 'invalidPath');
      plan.push({ kind: 'remove', ids: await memberIds(trx, companyId, filtered[1]) });
    } else if (path.toLowerCase() === 'members') {
      if (op === 'remove') plan.push(operation.value === undefined ? { kind: 'removeAll', ids: [] } : { kind: 'remove', ids: await memberIds(trx, companyId, operation.value) });
      else plan.push({ kind: op, ids: await memberIds(trx, companyId, operation.value) });
    } else if (path.toLowerCase() === 'displayname') {
      if (op === 'remove') throw scimBadRequest('displayName cannot be removed', 'mutability');
      assertSameName(group, operation.value);
    } else if (path.toLowerCase() !== 'externalid') {
      throw scimBadRequest(`the attribute "${path.slice(0, 80)}" is not supported`, 'invalidPath');
    }
  }
  for (const step of plan) await applyMembership(trx, companyId, group.id, step.kind, step.ids);
}

/** Replaces a Group's members (PUT): `displayName` must stay the department's name. */
export async function putGroup(trx: Kysely<Database>, companyId: number, group: GroupRow, body: unknown): Promise<void> {
  if (!isObject(body)) throw scimBadRequest('the body must be a SCIM Group', 'invalidSyntax');
  if (body.displayName !== undefined) assertSameName(group, body.displayName);
  await applyMembership(trx, companyId, group.id, 'replace', await memberIds(trx, companyId, body.members ?? []));
}

function assertSameName(group: GroupRow, value: unknown): void {
  if (typeof value !== 'string' || value.trim() !== group.name) {
    throw scimBadRequest('a department is renamed in Ringi\'s company form (with its approval), not by SCIM', 'mutability');
  }
}

async function applyMembership(trx: Kysely<Database>, companyId: number, departmentId: number, kind: 'add' | 'remove' | 'replace' | 'removeAll', ids: number[]) {
  const now = new Date();
  const inCompany = trx.updateTable('users').where('company_id', '=', companyId);
  if (kind === 'removeAll' || kind === 'replace') {
    let leaving = inCompany.set({ department_id: null, updated_at: now }).where('department_id', '=', departmentId);
    if (kind === 'replace' && ids.length) leaving = leaving.where('id', 'not in', ids);
    await leaving.execute();
  }
  if ((kind === 'add' || kind === 'replace') && ids.length) {
    await inCompany.set({ department_id: departmentId, updated_at: now }).where('id', 'in', ids).execute();
  }
  if (kind === 'remove' && ids.length) {
    await inCompany.set({ department_id: null, updated_at: now }).where('id', 'in', ids).where('department_id', '=', departmentId).execute();
  }
}
