import type { AuthUser } from '../lib/auth-user';
import { PRIVATE_USER_FIELDS } from '../../src/wire/users';

/** Fields of a user record that only colleagues and group staff may read (e-mail, roles, settings): the wire's list. */
export { PRIVATE_USER_FIELDS };

type Viewer = Pick<AuthUser, 'company_id' | 'is_ringi_group_member' | 'is_finance' | 'is_treasury'>;
type Entity = Record<string, unknown>;

const isObject = (value: unknown): value is Entity => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The company of a user or account record: `company_id`, else `company.id`. */
function companyOf(entity: Entity): number | null {
  if (typeof entity.company_id === 'number') return entity.company_id;
  return isObject(entity.company) && typeof entity.company.id === 'number' ? entity.company.id : null;
}

/** A user record as the lookups return it: an id, an e-mail and role flags. */
const isUser = (entity: Entity) => typeof entity.id === 'number' && typeof entity.email === 'string'
  && (typeof entity.is_finance === 'boolean' || typeof entity.is_authorizer === 'boolean');

/** A company bank account record: bank name and account number of a company. */
const isBankAccount = (entity: Entity) => typeof entity.bank_name === 'string' && typeof entity.number === 'string' && companyOf(entity) !== null;

/** An account number cut to its last four characters (`••••1234`). */
export function maskAccountNumber(number: string): string {
  const tail = number.slice(-4);
  return number.length > 4 ? `••••${tail}` : '••••';
}

/** The viewer may read this user's e-mail and roles: a group company's staff, or the same company. */
export const mayReadUser = (viewer: Viewer, companyId: number | null) =>
  viewer.is_ringi_group_member || (viewer.company_id !== null && viewer.company_id === companyId);

/** The viewer may read this company's full account numbers: its own finance or treasury staff. */
export const mayReadAccountNumber = (viewer: Viewer, companyId: number | null) =>
  viewer.company_id !== null && viewer.company_id === companyId && (viewer.is_finance || viewer.is_treasury);

/**
 * The exposure rule (server/README.md "What each user may read"), applied to any API answer: a
 * user record of another company loses its e-mail, role flags, roles and settings for a viewer
 * outside the group; a bank account number is cut to its last 4 unless the viewer is finance or
 * treasury of the account's company. Changes `payload` in place and returns it; walks
 * iteratively (answers can be long lists).
 */
export function applyExposureRule<T>(payload: T, viewer: Viewer): T {
  const stack: unknown[] = [payload];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      for (const item of value) if (typeof item === 'object' && item !== null) stack.push(item);
      continue;
    }
    if (!isObject(value)) continue;
    if (isUser(value) && !mayReadUser(viewer, companyOf(value))) {
      for (const field of PRIVATE_USER_FIELDS) delete value[field];
    }
    if (isBankAccount(value) && !mayReadAccountNumber(viewer, companyOf(value))) {
      value.number = maskAccountNumber(value.number as string);
    }
    for (const child of Object.values(value)) if (typeof child === 'object' && child !== null) stack.push(child);
  }
  return payload;
}
