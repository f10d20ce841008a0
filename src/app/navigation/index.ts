export { PageStack, type PageSpec, type PageProps, type PageTitle, type PageEntry, type RenderPageSpec, type ComponentPageSpec } from './page-stack';
export { TABS, pathOfTab, tabFromPath, visibleTabs, type Tab, type TabFlags } from './tabs';
export { bindBrowserHistory, pushRootPath, replaceRootPath } from './browser-history';
export { NavigationContext, useNavigation, usePageStack, usePageEntries, type Navigation } from './navigation-context';
