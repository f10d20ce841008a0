import { createElement, lazy, type ComponentType } from 'react';
import type { CompiledModule } from '../../../engine';
import type { PageProps, PageStack } from '../../navigation';
import { DocumentPage, type DocumentPageParams } from './DocumentPage';

type DetailPage = ComponentType<PageProps<DocumentPageParams>>;

// The approvals area's detail page (timeline, actions) when that area has it; otherwise this
// area's own read-only page. A glob, so a missing file is not a build error.
const approvalsArea = import.meta.glob<Record<string, unknown>>('../approvals/DocumentDetailPage.tsx');
const approvalsLoader = Object.values(approvalsArea)[0];
const ApprovalsDetail: DetailPage | null = approvalsLoader
  ? lazy(async () => {
      const area = await approvalsLoader();
      const page = area.DocumentDetailPage as DetailPage | undefined;
      return { default: page ?? DocumentPage };
    })
  : null;

/**
 * Pushes the detail page of a document, titled with its code (spec 000 §2). Resolves with the
 * page's result: the approvals page closes with `'changed'` after an action (withdraw, step back…).
 */
export function openDocument(stack: PageStack, module: CompiledModule, doc: { id: number; code: string }): Promise<unknown> {
  const params: DocumentPageParams = { id: doc.id, code: doc.code, module };
  return stack.push<unknown, DocumentPageParams>({
    title: doc.code,
    render: (close) => createElement(ApprovalsDetail ?? DocumentPage, { params, close }),
  });
}
