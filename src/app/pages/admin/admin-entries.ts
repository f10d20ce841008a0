import type { Profile } from '../../session/profile';

/** The Admin tab's entries, in display order. */
export const ADMIN_ENTRIES = ['myOrganization', 'externalCompanies', 'backgroundGroups', 'createCompany', 'editCompany', 'createUser', 'positions', 'calendars', 'webhooks', 'journalMapping', 'deputies', 'proxyFilers', 'followUps', 'notifications', 'scimTokens', 'signIn', 'sessions', 'accessLog'] as const;
export type AdminEntryKey = (typeof ADMIN_ENTRIES)[number];

/** Spec 000 §6: a group member who is a company authorizer is a group admin. */
export function isGroupAdminProfile(profile: Pick<Profile, 'is_ringi_group_member' | 'is_authorizer'> | null | undefined): boolean {
  return profile?.is_ringi_group_member === true && profile?.is_authorizer === true;
}

/**
 * The entries spec 000 §6 allows: Background groups for group admins (group member + company
 * authorizer), Create company for group members, Edit company for users with a company (a
 * client edits only their own), Positions and Calendars for company authorizers (a group admin
 * for any company, an authorizer for their own: who may request those changes), Webhooks and
 * SCIM tokens, Sign-in settings and the Access log for the same people, Journal mapping for the company's
 * authorizer, finance and treasury (who request its changes) (who manage a company's webhooks,
 * provisioning tokens and sign-in, and read its access log), the rest for
 * everyone (Deputies: the user's own deputy arrangements; Awaiting follow-up: their decided documents
 * without their follow-up, and the company's for its authorizer, finance and treasury; Notifications: the user's devices; Signed-in devices: their own sessions). The server enforces the same rules.
 */
export function adminEntries(profile: (Pick<Profile, 'is_ringi_group_member' | 'is_authorizer' | 'company'> & Partial<Pick<Profile, 'is_finance' | 'is_treasury'>>) | null | undefined): AdminEntryKey[] {
  const member = profile?.is_ringi_group_member === true;
  const groupAdmin = isGroupAdminProfile(profile);
  return ADMIN_ENTRIES.filter((key) => {
    if (key === 'backgroundGroups') return groupAdmin;
    if (key === 'createCompany') return member;
    if (key === 'editCompany') return Boolean(profile?.company);
    // The journal mapping is the company's finance master data: its authorizer, finance and treasury (group admins any company's).
    if (key === 'journalMapping') return Boolean(profile?.is_authorizer || profile?.is_finance || profile?.is_treasury) && Boolean(profile?.company);
    if (key === 'positions' || key === 'calendars' || key === 'webhooks' || key === 'scimTokens' || key === 'signIn' || key === 'accessLog') return profile?.is_authorizer === true && Boolean(profile?.company);
    return true;
  });
}
