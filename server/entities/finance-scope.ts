import type { Translate } from '../../src/engine';
import { forbidden } from '../lib/errors';
import { mayUseArea, seesAllCompanies } from '../statistics/access';
import type { AuthUser } from '../lib/auth-user';

/**
 * Who may request a change of a company's finance master data (bank accounts, expense
 * accounts): the users of the Statistic area (authorizer, finance, treasury — spec 000 §6), for
 * their own company; a group admin for any company. 403 with the reason otherwise.
 */
export function assertFinanceScope(user: AuthUser, companyId: number | null, t: Translate): void {
  if (!mayUseArea(user, 'statistic')) throw forbidden(t('server.finance.errors.roles'));
  if (companyId !== null && !seesAllCompanies(user) && companyId !== user.company_id) throw forbidden(t('server.finance.errors.otherCompany'));
}
