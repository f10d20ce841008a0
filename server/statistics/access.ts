import type { AuthUser } from '../lib/auth-user';
import { forbidden } from '../lib/errors';
import type { StatisticsContext } from './statistics-context';

/** The two statistics areas of spec 000 §6 and the role flags that open each. */
const AREAS = {
  statistic: ['is_authorizer', 'is_finance', 'is_treasury'],
  stamp: ['is_authorizer', 'is_legal', 'is_treasury'],
} as const satisfies Record<string, ReadonlyArray<keyof AuthUser>>;

/** A statistics area: `statistic` (the Statistic tab) or `stamp` (stamp statistics). */
export type StatisticArea = keyof typeof AREAS;

/** Whether the user holds a role that opens the area. */
export function mayUseArea(user: AuthUser, area: StatisticArea): boolean {
  return AREAS[area].some((flag) => user[flag] === true);
}

/** Group admins (group member + company authorizer) see every company's figures. */
export function seesAllCompanies(user: AuthUser): boolean {
  return user.is_ringi_group_member && user.is_company_authorizer;
}

/**
 * The companies whose documents the user's statistics cover: all (null) for a group admin,
 * else their own company only. Asking for another company is refused with 403, not emptied,
 * so the screen can say why.
 */
export function companyScope(ctx: StatisticsContext, requested?: number): number[] | null {
  const user = ctx.user;
  if (seesAllCompanies(user)) return requested === undefined ? null : [requested];
  if (user.company_id === null) throw forbidden(ctx.t('server.statistics.noCompany'));
  if (requested !== undefined && requested !== user.company_id) throw forbidden(ctx.t('server.statistics.otherCompany'));
  return [user.company_id];
}
