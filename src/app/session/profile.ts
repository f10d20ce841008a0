import type { OwnUserDetail } from '../../wire/users';

/** A company as the profile names it. */
export type ProfileCompany = NonNullable<OwnUserDetail['company']>;

/** GET /api/profile (spec 000 §3 "User"): a user's detail with the two counts (the wire shape, src/wire/users.ts). */
export type Profile = OwnUserDetail;

/** The message spec 000 §6 gives for a profile without a roles list. */
export const ROLES_ERROR = 'roles must be a non-null array';

function roleName(role: unknown): string {
  if (typeof role === 'string') return role;
  if (role && typeof role === 'object') {
    const named = role as { name?: unknown; code?: unknown; role?: unknown };
    for (const value of [named.role, named.code, named.name]) if (typeof value === 'string') return value;
  }
  return String(role);
}

/**
 * Checks a profile reply and extracts its role names (`roles['hydra:member']`, entries either
 * strings or objects with `role`/`code`/`name`). Throws {@link ROLES_ERROR} when the list is missing.
 */
export function readProfile(raw: unknown): { profile: Profile; roles: string[] } {
  const profile = raw as Profile | null;
  if (!profile || typeof profile !== 'object' || typeof profile.id !== 'number') {
    throw new Error('profile reply has no user id');
  }
  const members = (profile.roles as { 'hydra:member'?: unknown } | null | undefined)?.['hydra:member'];
  if (!Array.isArray(members)) throw new Error(ROLES_ERROR);
  return { profile, roles: members.map(roleName) };
}

/** Up to two letters for the avatar: the profile's initial_name, else from the name. */
export function initialsOf(profile: Pick<Profile, 'name' | 'initial_name'>): string {
  if (profile.initial_name && profile.initial_name.trim() !== '') return profile.initial_name.trim().slice(0, 2);
  const words = profile.name.trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return (words[0][0] + words[1][0]).toUpperCase();
  return profile.name.trim().slice(0, 2).toUpperCase();
}
