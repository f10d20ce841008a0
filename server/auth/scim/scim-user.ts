import { scimBadRequest } from './scim-error';

/**
 * A SCIM User as Ringi keeps it (RFC 7643 §4.1 and the enterprise extension §4.3), as one plain
 * value: POST and PUT build it from a body, PATCH applies its operations to the stored one
 * (`applyPatch`), and the repository writes it. Pure: no database, no HTTP.
 *
 * What maps to what (docs/IDENTITY.md "Attributes"): `userName` is the sign-in e-mail
 * (`users.email`, so it must be an e-mail address); `displayName`, else `name.formatted`, else
 * `name.familyName name.givenName` is the name Ringi shows (`users.name`); `active` false is
 * deactivation; `externalId` the IdP's id; `emails[type eq "work"].value`, `name.*` and an
 * unmatched department text are kept to be answered back; the enterprise `department` names a
 * department of the company, `manager.value` the id of a user of the company (`users.manager_id`);
 * `preferredLanguage` ja/en/zh (or `ja-JP`, …) the mail language. Attributes of the SCIM
 * schemas Ringi has no place for (`title`, `phoneNumbers`, `addresses`, …) are accepted and
 * ignored so a standard IdP mapping works; any other attribute is a 400 `invalidPath`.
 */
export interface ScimUserDraft {
  userName: string;
  externalId: string | null;
  displayName: string | null;
  givenName: string | null;
  familyName: string | null;
  formatted: string | null;
  workEmail: string | null;
  active: boolean;
  /** The enterprise extension's department text; undefined: not sent (the department stays). */
  department: string | null | undefined;
  /** The manager's SCIM id (a Ringi user id); undefined: not sent. */
  managerId: string | null | undefined;
  language: 'ja' | 'en' | 'zh' | null | undefined;
}

export const CORE_USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const ENTERPRISE_USER = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_TEXT = 255;

/** Core and enterprise attributes a standard IdP mapping sends that Ringi has no place for: accepted, ignored. */
const IGNORED = new Set(['title', 'nickname', 'usertype', 'locale', 'timezone', 'profileurl', 'phonenumbers', 'addresses', 'ims', 'photos',
  'x509certificates', 'entitlements', 'roles', 'groups', 'password', 'name.middlename', 'name.honorificprefix', 'name.honorificsuffix',
  'employeenumber', 'costcenter', 'organization', 'division', 'meta', 'id', 'schemas']);

function text(value: unknown, path: string, { required = false, max = MAX_TEXT } = {}): string | null {
  if (value === null || value === undefined || value === '') {
    if (required) throw scimBadRequest(`${path} is required`);
    return null;
  }
  if (typeof value !== 'string') throw scimBadRequest(`${path} must be a string`);
  const trimmed = value.trim();
  if (trimmed.length > max) throw scimBadRequest(`${path} is longer than ${max} characters`);
  if (!trimmed && required) throw scimBadRequest(`${path} is required`);
  return trimmed || null;
}

function userName(value: unknown): string {
  const name = text(value, 'userName', { required: true })!;
  if (!EMAIL.test(name)) throw scimBadRequest('userName must be the person\'s e-mail address (Ringi signs people in by e-mail)');
  return name.toLowerCase();
}

/** SCIM booleans; Entra ID has sent "True"/"False" strings. */
function bool(value: unknown, path: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && ['true', 'false'].includes(value.toLowerCase())) return value.toLowerCase() === 'true';
  throw scimBadRequest(`${path} must be true or false`);
}

function language(value: unknown): 'ja' | 'en' | 'zh' | null {
  const tag = text(value, 'preferredLanguage', { max: 35 });
  if (tag === null) return null;
  const primary = tag.toLowerCase().split(/[-_]/)[0];
  return primary === 'ja' || primary === 'en' || primary === 'zh' ? primary : null;
}

/** The work e-mail of an `emails` array: type work, else the primary one, else the first. */
function workEmailOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (!Array.isArray(value)) throw scimBadRequest('emails must be an array');
  if (value.length > 20) throw scimBadRequest('emails has more than 20 entries');
  const entries = value.map((e, i) => {
    if (typeof e !== 'object' || e === null) throw scimBadRequest(`emails[${i}] must be an object`);
    return e as { value?: unknown; type?: unknown; primary?: unknown };
  });
  const chosen = entries.find((e) => e.type === 'work') ?? entries.find((e) => e.primary === true) ?? entries[0];
  return chosen ? email(chosen.value, 'emails.value') : null;
}

function email(value: unknown, path: string): string | null {
  const address = text(value, path);
  if (address !== null && !EMAIL.test(address)) throw scimBadRequest(`${path} must be an e-mail address`);
  return address;
}

function managerOf(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const id = typeof value === 'object' && !Array.isArray(value) ? (value as { value?: unknown }).value : value;
  if (id === null || id === undefined || id === '') return null;
  if (typeof id !== 'string' && typeof id !== 'number') throw scimBadRequest('manager must be the manager\'s id, or { "value": id }');
  return String(id);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A draft from a POST or PUT body; `current` gives what PUT does not replace (`active` when absent). */
export function draftFromBody(body: unknown, current?: ScimUserDraft): ScimUserDraft {
  if (!isObject(body)) throw scimBadRequest('the body must be a SCIM User object', 'invalidSyntax');
  const draft: ScimUserDraft = {
    userName: '', externalId: null, displayName: null, givenName: null, familyName: null, formatted: null, workEmail: null,
    active: current?.active ?? true, department: current ? null : undefined, managerId: current ? null : undefined, language: undefined,
  };
  if (body.schemas !== undefined && (!Array.isArray(body.schemas) || !body.schemas.includes(CORE_USER))) {
    throw scimBadRequest(`schemas must include ${CORE_USER}`, 'invalidSyntax');
  }
  for (const [key, value] of Object.entries(body)) {
    if (key === ENTERPRISE_USER) {
      if (!isObject(value)) throw scimBadRequest(`${ENTERPRISE_USER} must be an object`);
      for (const [sub, v] of Object.entries(value)) setAttribute(draft, `${ENTERPRISE_USER}:${sub}`, v, 'replace');
    } else {
      setAttribute(draft, key, value, 'replace');
    }
  }
  if (!draft.userName) throw scimBadRequest('userName is required');
  return draft;
}

/** Strips the core schema's URN from a path (`urn:…:core:2.0:User:userName` → `userName`). */
function unqualified(path: string): string {
  return path.toLowerCase().startsWith(`${CORE_USER.toLowerCase()}:`) ? path.slice(CORE_USER.length + 1) : path;
}

const WORK_EMAIL_PATH = /^emails\[\s*type\s+eq\s+"work"\s*\]\.value$/i;
const EMAILS_VALUE_FILTER = /^emails\[.*\](\.value)?$/i;

/** Sets (op add/replace) or clears (op remove) one attribute by its SCIM path. */
function setAttribute(draft: ScimUserDraft, rawPath: string, value: unknown, op: 'add' | 'replace' | 'remove'): void {
  const path = unqualified(rawPath.trim());
  const lower = path.toLowerCase();
  const enterprise = ENTERPRISE_USER.toLowerCase();
  const clear = op === 'remove';
  if (lower.startsWith(`${enterprise}:`)) {
    const attribute = lower.slice(enterprise.length + 1);
    if (attribute === 'department') { draft.department = clear ? null : text(value, 'department'); return; }
    if (attribute === 'manager' || attribute === 'manager.value') { draft.managerId = clear ? null : managerOf(value); return; }
    if (IGNORED.has(attribute.split(/[.[]/)[0])) return;
    throw scimBadRequest(`the attribute "${rawPath.slice(0, 120)}" is not supported`, 'invalidPath');
  }
  if (lower === enterprise) {
    if (clear) { draft.department = null; draft.managerId = null; return; }
    if (!isObject(value)) throw scimBadRequest(`${ENTERPRISE_USER} must be an object`);
    for (const [sub, v] of Object.entries(value)) setAttribute(draft, `${ENTERPRISE_USER}:${sub}`, v, op);
    return;
  }
  switch (lower) {
    case 'username':
      if (clear) throw scimBadRequest('userName cannot be removed', 'mutability');
      draft.userName = userName(value);
      return;
    case 'active':
      if (clear) throw scimBadRequest('active cannot be removed', 'mutability');
      draft.active = bool(value, 'active');
      return;
    case 'externalid': draft.externalId = clear ? null : text(value, 'externalId'); return;
    case 'displayname': draft.displayName = clear ? null : text(value, 'displayName'); return;
    case 'name.givenname': draft.givenName = clear ? null : text(value, 'name.givenName'); return;
    case 'name.familyname': draft.familyName = clear ? null : text(value, 'name.familyName'); return;
    case 'name.formatted': draft.formatted = clear ? null : text(value, 'name.formatted'); return;
    case 'name':
      if (clear) { draft.givenName = draft.familyName = draft.formatted = null; return; }
      if (!isObject(value)) throw scimBadRequest('name must be an object');
      for (const [sub, v] of Object.entries(value)) setAttribute(draft, `name.${sub}`, v, op);
      return;
    case 'emails': draft.workEmail = clear ? null : workEmailOf(value); return;
    case 'preferredlanguage': draft.language = clear ? null : language(value); return;
  }
  if (WORK_EMAIL_PATH.test(path)) { draft.workEmail = clear ? null : email(value, 'emails[type eq "work"].value'); return; }
  if (EMAILS_VALUE_FILTER.test(path)) {
    if (clear) { draft.workEmail = null; return; }
    throw scimBadRequest(`only emails[type eq "work"].value is supported, not "${rawPath.slice(0, 120)}"`, 'invalidPath');
  }
  if (IGNORED.has(lower) || IGNORED.has(lower.split(/[.[]/)[0])) return;
  throw scimBadRequest(`the attribute "${rawPath.slice(0, 120)}" is not supported`, 'invalidPath');
}

/**
 * Applies a PatchOp body (RFC 7644 §3.5.2) to a copy of `current`: `add`/`replace`/`remove`
 * (any case: Entra ID writes "Replace"), with a `path` or, without one, a `value` object of
 * attributes (dotted or URN-qualified keys, or nested objects). Throws a ScimError (400) for
 * anything it cannot apply; nothing is written until every operation applied.
 */
export function applyPatch(current: ScimUserDraft, body: unknown): ScimUserDraft {
  if (!isObject(body)) throw scimBadRequest('the body must be a PatchOp object', 'invalidSyntax');
  if (!Array.isArray(body.schemas) || !body.schemas.includes(PATCH_OP)) throw scimBadRequest(`schemas must be [${PATCH_OP}]`, 'invalidSyntax');
  const ops = body.Operations ?? body.operations;
  if (!Array.isArray(ops) || ops.length === 0) throw scimBadRequest('Operations must be a non-empty array', 'invalidSyntax');
  if (ops.length > 100) throw scimBadRequest('at most 100 operations', 'tooMany');
  const draft = { ...current };
  ops.forEach((operation, i) => {
    if (!isObject(operation)) throw scimBadRequest(`Operations[${i}] must be an object`, 'invalidSyntax');
    const op = typeof operation.op === 'string' ? operation.op.toLowerCase() : '';
    if (op !== 'add' && op !== 'replace' && op !== 'remove') throw scimBadRequest(`Operations[${i}].op must be add, replace or remove`, 'invalidSyntax');
    const path = operation.path;
    if (path !== undefined && (typeof path !== 'string' || !path.trim() || path.length > 300)) throw scimBadRequest(`Operations[${i}].path must be an attribute path`, 'invalidPath');
    if (path === undefined) {
      if (op === 'remove') throw scimBadRequest(`Operations[${i}]: remove needs a path`, 'noTarget');
      if (!isObject(operation.value)) throw scimBadRequest(`Operations[${i}].value must be an object of attributes when there is no path`, 'invalidValue');
      for (const [key, value] of Object.entries(operation.value)) setAttribute(draft, key, value, op);
      return;
    }
    if (op !== 'remove' && !('value' in operation)) throw scimBadRequest(`Operations[${i}].value is required`, 'invalidValue');
    setAttribute(draft, path, operation.value, op);
  });
  return draft;
}

/** The name Ringi shows: displayName, else name.formatted, else "familyName givenName", else the e-mail. */
export function shownName(draft: ScimUserDraft): string {
  const joined = [draft.familyName, draft.givenName].filter(Boolean).join(' ');
  return draft.displayName ?? draft.formatted ?? (joined || draft.userName);
}
