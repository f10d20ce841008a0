import { lazyPage } from '../lib/lazy-page';
import type { PageProps, PageSpec, Tab } from '../navigation';
import type { ResetPasswordParams } from '../pages/login/ResetPasswordPage';
import type { MailActionParams } from '../pages/mail-action/MailActionPage';
import type { ComponentType } from 'react';
import type { DocumentDetailParams } from '../pages/approvals/DocumentDetailPage';

// One chunk per page area, loaded when first shown (or earlier by preloadFirstScreen).
const loadHome = () => import('../pages/home/HomePage').then((m) => m.HomePage);
const loadStatistic = () => import('../pages/statistic/StatisticPage').then((m) => m.StatisticPage);
const loadAdmin = () => import('../pages/admin/AdminPage').then((m) => m.AdminPage);
const loadLogin = () => import('../pages/login/LoginPage').then((m) => m.LoginPage);
const loadResetPassword = () => import('../pages/login/ResetPasswordPage').then((m) => m.ResetPasswordPage);
const loadMailAction = () => import('../pages/mail-action/MailActionPage').then((m) => m.MailActionPage);
// Opened from a link, nobody waits for the page's result: its props are taken without it.
const loadDocumentDetail = () => import('../pages/approvals/DocumentDetailPage').then((m) => m.DocumentDetailPage as ComponentType<PageProps<DocumentDetailParams>>);
/** The tab bar: shown to a signed-in user only, so not in the login screen's download. */
export const loadTabBar = () => import('./TabBar');

const home = lazyPage<PageProps>(loadHome);
const statistic = lazyPage<PageProps>(loadStatistic);
const admin = lazyPage<PageProps>(loadAdmin);
const login = lazyPage<PageProps>(loadLogin);
const resetPassword = lazyPage<PageProps<ResetPasswordParams>>(loadResetPassword);
const mailAction = lazyPage<PageProps<MailActionParams>>(loadMailAction);
const documentDetail = lazyPage<PageProps<DocumentDetailParams>>(loadDocumentDetail);
const HomePage = home.Page;
const StatisticPage = statistic.Page;
const AdminPage = admin.Page;
const LoginPage = login.Page;
const ResetPasswordPage = resetPassword.Page;
const MailActionPage = mailAction.Page;
const DocumentDetailPage = documentDetail.Page;

const TAB_PRELOADS: Record<Tab, () => Promise<unknown>> = { home: home.preload, statistic: statistic.preload, admin: admin.preload };

/**
 * Starts loading the chunks of the first screen while the app's own start-up (texts, session
 * check) runs, instead of after it: the login page without a stored token, else the tab of the
 * address and the tab bar. Resolves when they are in; never rejects (a failed chunk is loaded
 * again, and its failure shown, by the page itself).
 */
export function preloadFirstScreen(signedIn: boolean, tab: Tab | null, resetLink: boolean): Promise<void> {
  const loads = resetLink ? [resetPassword.preload] : signedIn ? [TAB_PRELOADS[tab ?? 'home'], loadTabBar] : [login.preload];
  return Promise.all(loads.map((load) => load())).then(
    () => undefined,
    () => undefined,
  );
}

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

/** The confirm page of a mail link (`/m/{token}`), for a signed-in user. */
export function mailActionRoot(params: MailActionParams): PageSpec<MailActionParams> {
  return { title: { key: 'app.mailAction.approveTitle' }, component: MailActionPage, params };
}

/** The login screen while a mail link waits for the user to sign in (then its page opens). */
export const mailActionLoginRoot: PageSpec<undefined> = { ...loginRoot, title: { key: 'app.mailAction.signInTitle' } };

/** A document's detail page opened from a link (a push: `/?document={id}&code={code}`), above the tab's root. */
export function documentLinkPage(link: { id: number; code: string }): PageSpec<DocumentDetailParams> {
  return { title: link.code || `#${link.id}`, component: DocumentDetailPage, params: { documentId: link.id } };
}
