import type { PageStack } from '../../navigation';
import { ApplicationPage, type ApplicationPageParams } from './ApplicationPage';

/** Pushes the application page of `moduleCode`, titled with the module's title key. */
export function openApplication(stack: PageStack, moduleCode: string, titleKey = `${moduleCode}.title`): Promise<unknown> {
  return stack.push<unknown, ApplicationPageParams>({ title: { key: titleKey }, component: ApplicationPage, params: { moduleCode } });
}
