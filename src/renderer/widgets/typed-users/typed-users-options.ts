/**
 * `ui:options` of `TypedUsersField`: one user per type, e.g. a user's approver per setting type
 * (`/setting_types`, `setting_type_id`, `approver_id`) or a background group's person in charge
 * per pic type (`/pic_types`, `pic_type_id`, `pic_id`).
 */
export interface TypedUsersOptions {
  /** The list of types (`{id, name}` hydra collection). */
  typesEndpoint: string;
  /** Where the user of one row is chosen (paged, `name` search). */
  usersEndpoint: string;
  typeKey: string;
  userKey: string;
  /**
   * Optional: types decided elsewhere (a collection of the wire's LockedSetting, src/wire/organisation.ts:
   * `{setting_type_id, approver_id, background{id, name}}`), with
   * `{field}` placeholders from the form data; those rows are shown locked.
   */
  lockedEndpoint?: string;
}

/** The options with their defaults (setting types and approvers). */
export function readTypedUsersOptions(o: Record<string, unknown> | undefined): TypedUsersOptions {
  const str = (key: string, fallback: string) => (typeof o?.[key] === 'string' ? (o[key] as string) : fallback);
  return {
    typesEndpoint: str('typesEndpoint', '/setting_types'),
    usersEndpoint: str('usersEndpoint', '/users/pic'),
    typeKey: str('typeKey', 'setting_type_id'),
    userKey: str('userKey', 'approver_id'),
    ...(typeof o?.lockedEndpoint === 'string' ? { lockedEndpoint: o.lockedEndpoint } : {}),
  };
}

/** A stored row: `{[typeKey]: id, [userKey]: id | null}`. */
export type TypedUserRow = Record<string, number | null>;

/** The stored rows as an array of objects (anything else reads as none). */
export function rowsOf(value: unknown): TypedUserRow[] {
  return (Array.isArray(value) ? value : []).filter((r): r is TypedUserRow => typeof r === 'object' && r !== null);
}
