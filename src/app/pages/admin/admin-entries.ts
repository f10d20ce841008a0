import type { Profile } from '../../session/profile';

/** The Admin tab's entries, in display order. */
export const ADMIN_ENTRIES = ['myOrganization', 'externalCompanies', 'backgroundGroups', 'createCompany', 'editCompany', 'createUser', 'deputies'] as const;
export type AdminEntryKey = (typeof ADMIN_ENTRIES)[number];

/**
 * The entries spec 000 §6 allows: Background groups for group admins (group member + company
 * authorizer), Create company for group members, Edit company for users with a company (a
 * client edits only their own), the rest for everyone (Deputies: the user's own deputy arrangements). The server enforces the same rules.
 */
export function adminEntries(profile: Pick<Profile, 'is_ringi_group_member' | 'is_authorizer' | 'company'> | null | undefined): AdminEntryKey[] {
  const member = profile?.is_ringi_group_member === true;
  const groupAdmin = member && profile?.is_authorizer === true;
  return ADMIN_ENTRIES.filter((key) => {
    if (key === 'backgroundGroups') return groupAdmin;
    if (key === 'createCompany') return member;
    if (key === 'editCompany') return Boolean(profile?.company);
    return true;
  });
}
