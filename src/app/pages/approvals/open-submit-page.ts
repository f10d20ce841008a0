import { lazy } from 'react';
import type { CompiledModule } from '../../../engine';
import type { PageStack } from '../../navigation';
import type { ApplicationPageParams } from '../application/ApplicationPage';

const ApplicationPage = lazy(async () => ({ default: (await import('../application/ApplicationPage')).ApplicationPage }));

/**
 * Pushes the module's application page (Submit tab). `initialData` pre-fills the form ("Submit
 * again"); it is passed as an extra parameter the application page may read (see the report:
 * the application page does not take it yet).
 */
export function openSubmitPage(stack: PageStack, module: CompiledModule, initialData?: Record<string, unknown>): Promise<unknown> {
  const params: ApplicationPageParams & { initialData?: Record<string, unknown> } = { moduleCode: module.code, ...(initialData ? { initialData } : {}) };
  return stack.push<unknown, ApplicationPageParams>({ title: { key: module.meta.title }, component: ApplicationPage, params });
}
