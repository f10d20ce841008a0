/**
 * Wire shapes of invoice management (spec 001 §2, §3, §7, §8; `/invoice_managements`,
 * `/invoice_management_show`, `/invoice_management_approve`), written once: the server's query,
 * body and response schemas (and /api/docs) and both sides' types come from here.
 */
import { Type, type Static } from '@sinclair/typebox';

import { collection, dbId, nullable, open, paging, stringEnum, type Paged } from './common';
import { FileRecord } from './files';

/** Spec 001 §9: up to 10 e-invoices (and 10 payment notices) per application. */
export const MAX_INVOICE_FILES = 10;

/** `GET /invoice_managements`: the module (default the first invoice module), the register list or not, the code (contains); 5 a page. */
export const InvoiceQuery = Type.Object({
  ...paging(5),
  moduleCode: Type.Optional(Type.String({ maxLength: 64 })),
  obtained: Type.Optional(stringEnum(['true', 'false', '1', '0'] as const)),
  applicationCode: Type.Optional(Type.String({ maxLength: 100 })),
}, { additionalProperties: false });
export type InvoiceQuery = Paged<typeof InvoiceQuery>;

/** A document of the list: code, currency, amount, requester, its e-invoice and application-paper files and their counts. */
export const InvoiceRow = open({
  id: Type.Integer(),
  code: Type.String(),
  currency: open({ code: nullable(Type.String()) }),
  total: nullable(Type.Number()),
  requester: open({ id: Type.Integer(), name: Type.String() }),
  created_at: Type.String(),
  count_application_paper: Type.Integer(),
  count_einvoice: Type.Integer(),
  application_papers: Type.Array(FileRecord),
  e_invoices: Type.Array(FileRecord),
});
export type InvoiceRow = Static<typeof InvoiceRow>;

/** `GET /invoice_managements`: a page, newest first. */
export const InvoiceCollection = collection(InvoiceRow);
export type InvoiceCollection = Static<typeof InvoiceCollection>;

const idList = (max: number) => Type.Array(dbId(), { maxItems: max, uniqueItems: true });

/** `POST /invoice_management_show` and `/invoice_management_approve`: the documents (at most 100). */
export const InvoiceTransactions = Type.Object({ transactions: idList(100) }, { additionalProperties: false });
export type InvoiceTransactions = Static<typeof InvoiceTransactions>;

/** `POST /invoice_managements`: uploaded files (by id) to add to the documents. */
export const InvoiceUpload = Type.Object({
  transactions: idList(100), e_invoices: idList(MAX_INVOICE_FILES), application_papers: idList(MAX_INVOICE_FILES),
}, { additionalProperties: false });
export type InvoiceUpload = Static<typeof InvoiceUpload>;

/** What the three writes answer: the documents they changed. */
export const InvoiceDone = open({ transactions: Type.Array(Type.Integer()) });
export type InvoiceDone = Static<typeof InvoiceDone>;
