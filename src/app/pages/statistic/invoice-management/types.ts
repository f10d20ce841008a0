/** A row of `GET /invoice_managements` (spec 001 §3 "Invoice management"): the wire shape. */
export type { InvoiceRow } from '../../../../wire/invoices';

/** Spec 001 §8 toast durations. */
export const TOASTS = { submit: 2000, approve: 1000, register: 500 } as const;
