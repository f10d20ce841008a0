import { lazy } from 'react';
import type { PageStack } from '../../navigation';
import type { ApplicationPageParams } from './ApplicationPage';

/**
 * The form, renderer and widgets are one lazy chunk: Home paints without it, then fetches it
 * while idle (`preloadApplicationPage`), so a launcher's tap does not wait for the download.
 */
export const preloadApplicationPage = () => import('./ApplicationPage');
const ApplicationPage = lazy(async () => ({ default: (await preloadApplicationPage()).ApplicationPage }));

/** Pushes the application page of `moduleCode`, titled with the module's title key. */
export function openApplication(stack: PageStack, moduleCode: string, titleKey = `${moduleCode}.title`): Promise<unknown> {
  return stack.push<unknown, ApplicationPageParams>({ title: { key: titleKey }, component: ApplicationPage, params: { moduleCode } });
}
