/** The bottom tab bar's tabs, in display order. */
export const TABS = ['home', 'statistic', 'admin'] as const;

/** One tab. */
export type Tab = (typeof TABS)[number];

const PATHS: Record<Tab, string> = { home: '/', statistic: '/statistic', admin: '/admin' };

/** The web route of a tab (spec: / Home, /statistic, /admin). */
export function pathOfTab(tab: Tab): string {
  return PATHS[tab];
}

/** The tab a path selects, or null for any other path. */
export function tabFromPath(pathname: string): Tab | null {
  const clean = pathname.replace(/\/+$/, '') || '/';
  return TABS.find((tab) => PATHS[tab] === clean) ?? null;
}

/** The role flags the tab bar depends on. */
export interface TabFlags {
  is_authorizer?: boolean;
  is_finance?: boolean;
  is_treasury?: boolean;
}

/** Spec 000 §6: Home and Admin for everyone; Statistic for authorizer, finance or treasury. */
export function visibleTabs(flags: TabFlags | null | undefined): Tab[] {
  const statistic = Boolean(flags?.is_authorizer || flags?.is_finance || flags?.is_treasury);
  return TABS.filter((tab) => tab !== 'statistic' || statistic);
}
