import type { Translate } from '../../src/engine';
import type { AuthUser } from '../lib/auth-user';
import { forbidden } from '../lib/errors';
import { isGroupAdmin } from './permissions';

/**
 * Who may request a change of a company's organisation settings (its positions, its calendar):
 * a group admin for any company, a company authorizer for their own company (spec 000 §6:
 * clients manage only their own company). 403 with the reason otherwise.
 */
export function assertOrganisationScope(user: AuthUser, companyId: number | null, t: Translate): void {
  if (isGroupAdmin(user)) return;
  if (user.is_authorizer && companyId !== null && companyId === user.company_id) return;
  throw forbidden(t('server.admin.errors.organisationScope'));
}
