/**
 * The approval workflow screens: the four approval lists, the document detail page (actions,
 * timeline, treasury form, edit) — pushed by Home, the application page and document search.
 */
export { DocumentDetailPage, type DocumentDetailParams, type DetailResult } from './DocumentDetailPage';
export { ApprovalListPage, type ApprovalListPageParams } from './ApprovalListPage';
export { ApprovalList, type ApprovalListProps } from './ApprovalList';
export { openDetail } from './open-detail';
export type { ListKind } from './types';
