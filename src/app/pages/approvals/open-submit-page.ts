import { lazy } from 'react';
import type { CompiledModule } from '../../../engine';
import type { PageStack } from '../../navigation';
import type { ApplicationPageParams } from '../application/ApplicationPage';
import { registerModuleTranslations } from '../application/module-definitions';

const ApplicationPage = lazy(async () => ({ default: (await import('../application/ApplicationPage')).ApplicationPage }));

/**
 * Pushes the module's application page (Submit tab); `initialData` pre-fills the form ("Submit
 * again", or a follow-up's carried-over data); `followUpOf` files it as a follow-up of that document (関連書類).
 */
export function openSubmitPage(stack: PageStack, module: CompiledModule, initialData?: Record<string, unknown>, followUpOf?: { id: number; code: string }): Promise<unknown> {
  // The page title is the module's key: a module Home does not list (disabled, or opened from an
  // old document's version) has not registered its texts yet.
  registerModuleTranslations(module);
  const params: ApplicationPageParams = { moduleCode: module.code, ...(initialData ? { initialData } : {}), ...(followUpOf ? { followUpOf } : {}) };
  return stack.push<unknown, ApplicationPageParams>({ title: { key: module.meta.title }, component: ApplicationPage, params });
}
