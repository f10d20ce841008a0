import { ApprovalItem, BufferItem, DocumentStatusReply, DocumentView } from '../../src/wire/workflow';
import { pagedCollectionSchema } from '../lib/http-schemas';

/** Response schemas of the workflow routes (OpenAPI at /api/docs), from the wire schemas server and web app share. */

/** Buffer item (spec 000 §3): the one wire schema (src/wire/workflow.ts). */
export const documentItemSchema = BufferItem;
/** Approval item (spec 000 §3). */
export const approvalItemSchema = ApprovalItem;
/** The detail page's document with steps (spec 000 §3 process step). */
export const documentViewSchema = DocumentView;

export const approvalCollectionSchema = pagedCollectionSchema(approvalItemSchema);
export const documentCollectionSchema = pagedCollectionSchema(documentItemSchema);

/** `{id, status}` of a document after an applicant's action. */
export const documentStatusSchema = DocumentStatusReply;

/** An OpenAPI description for a route schema (FastifySchema does not declare the keyword). */
export const doc = (description: string) => ({ description });
