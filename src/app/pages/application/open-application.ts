import type { PageProps, PageStack } from '../../navigation';
import { lazyPage } from '../../lib/lazy-page';
import type { ApplicationPageParams } from './ApplicationPage';

/**
 * The form, renderer and widgets are a lazy chunk: Home paints without it, then fetches it
 * while idle (`prefetchForms`), so a launcher's tap does not wait for the download, and once it
 * is in the page renders in the tap's own frame (no suspense between).
 */
const applicationPage = lazyPage<PageProps<ApplicationPageParams>>(() => import('./ApplicationPage').then((m) => m.ApplicationPage));
export const preloadApplicationPage = applicationPage.preload;
const ApplicationPage = applicationPage.Page;

/** Pushes the application page of `moduleCode`, titled with the module's title key. */
export function openApplication(stack: PageStack, moduleCode: string, titleKey = `${moduleCode}.title`): Promise<unknown> {
  return stack.push<unknown, ApplicationPageParams>({ title: { key: titleKey }, component: ApplicationPage, params: { moduleCode } });
}
