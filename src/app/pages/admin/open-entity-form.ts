import { lazy } from 'react';
import type { PageStack } from '../../navigation';
import type { EntityFormParams } from './EntityFormPage';

const EntityFormPage = lazy(async () => ({ default: (await import('./EntityFormPage')).EntityFormPage }));

/** Pushes an entity module's create/edit/delete form; resolves true when a request was filed. */
export function openEntityForm(stack: PageStack, titleKey: string, params: EntityFormParams): Promise<unknown> {
  return stack.push<unknown, EntityFormParams>({ title: { key: titleKey }, component: EntityFormPage, params });
}
