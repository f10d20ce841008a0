import type { AuthUser } from '../lib/auth-user';

/**
 * Spec 000 §6: a group member (user of a group company) who is a company authorizer is a
 * group-level admin: creates users in any company, sees and edits background groups.
 */
export function isGroupAdmin(user: Pick<AuthUser, 'is_ringi_group_member' | 'is_authorizer'>): boolean {
  return user.is_ringi_group_member && user.is_authorizer;
}
