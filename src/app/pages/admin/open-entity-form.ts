import { lazy, useCallback } from 'react';
import { usePageStack, type PageStack } from '../../navigation';
import type { EntityFormParams } from './EntityFormPage';
import { useEntityModule } from './entity-module';

const EntityFormPage = lazy(async () => ({ default: (await import('./EntityFormPage')).EntityFormPage }));

/** Pushes an entity module's create/edit/delete form; resolves true when a request was filed. */
export function openEntityForm(stack: PageStack, titleKey: string, params: EntityFormParams): Promise<unknown> {
  return stack.push<unknown, EntityFormParams>({ title: { key: titleKey }, component: EntityFormPage, params });
}

/** Opens the request form of the entity module of a kind; resolves true when a request was filed. */
export type EntityRequest = (kind: string, titleKey: string, params: Omit<EntityFormParams, 'moduleCode'>) => Promise<unknown>;

/**
 * How an organisation page asks for a change (a request of the entity module of `kind`, found
 * among the served definitions: no page names a module code), on this page's stack. Rejects when
 * no filable module has that kind (e.g. it is disabled).
 */
export function useEntityRequest(): EntityRequest {
  const stack = usePageStack();
  const entityModule = useEntityModule();
  return useCallback(
    async (kind, titleKey, params) => openEntityForm(stack, titleKey, { ...params, moduleCode: await entityModule(kind) }),
    [stack, entityModule],
  );
}
