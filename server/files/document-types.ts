/** The spec's file type codes (001 §3 File): the `document_type` of every upload. */
export const DOCUMENT_TYPES = [
  'e-invoice', 'app-paper', 'deal-slip', 'collection-deal-slip', 'contract-plan', 'contract-signed',
  'corporate-seal-plan', 'corporate-seal-signed', 'purchase-photo', 'sales-evidence',
] as const;

export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Whether a multipart field value is one of the spec's file type codes. */
export function isDocumentType(value: unknown): value is DocumentType {
  return typeof value === 'string' && (DOCUMENT_TYPES as readonly string[]).includes(value);
}
