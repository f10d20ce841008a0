import { lazy, Suspense } from 'react';
import { Spinner } from '@fluentui/react-components';
import type { RendererHost } from '../../../renderer';
import type { DetailResult, DocumentDetailParams } from './DocumentDetailPage';

const DocumentDetailPage = lazy(async () => ({ default: (await import('./DocumentDetailPage')).DocumentDetailPage }));

/**
 * Pushes the detail page of a document titled with its code (spec 000 §2); resolves with
 * `'changed'` when an action changed the document (the caller reloads its list from page 1).
 */
export function openDetail(host: RendererHost, code: string, params: DocumentDetailParams): Promise<DetailResult | undefined> {
  return host.openPage<DetailResult>(code, (close) => (
    <Suspense fallback={<Spinner />}>
      <DocumentDetailPage params={params} close={close} />
    </Suspense>
  ));
}
