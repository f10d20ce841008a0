import { lazy } from 'react';
import type { PageSpec, Tab } from '../navigation';
import type { ResetPasswordParams } from '../pages/login/ResetPasswordPage';

// One chunk per page area, loaded when first shown.
const HomePage = lazy(() => import('../pages/home/HomePage').then((m) => ({ default: m.HomePage })));
const StatisticPage = lazy(() => import('../pages/statistic/StatisticPage').then((m) => ({ default: m.StatisticPage })));
const AdminPage = lazy(() => import('../pages/admin/AdminPage').then((m) => ({ default: m.AdminPage })));
const LoginPage = lazy(() => import('../pages/login/LoginPage').then((m) => ({ default: m.LoginPage })));
const ResetPasswordPage = lazy(() => import('../pages/login/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })));

const TAB_ROOTS: Record<Tab, PageSpec<undefined>> = {
  home: { title: { key: 'app.home.title' }, component: HomePage, params: undefined },
  statistic: { title: { key: 'app.statistic.title' }, component: StatisticPage, params: undefined },
  admin: { title: { key: 'app.admin.title' }, component: AdminPage, params: undefined },
};

/** The root page of a tab. */
export function tabRoot(tab: Tab): PageSpec<undefined> {
  return TAB_ROOTS[tab];
}

/** The login screen (in the app's language, like every screen). */
export const loginRoot: PageSpec<undefined> = {
  title: { key: 'app.login.title' },
  component: LoginPage,
  params: undefined,
};

/** The page of the e-mailed reset link. */
export function resetPasswordRoot(params: ResetPasswordParams): PageSpec<ResetPasswordParams> {
  return { title: { key: 'app.reset.title' }, component: ResetPasswordPage, params };
}
