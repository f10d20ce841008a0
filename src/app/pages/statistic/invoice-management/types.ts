/** A row of `GET /invoice_managements` (spec 001 §3 "Invoice management"). */
export interface InvoiceRow {
  id: number;
  code: string;
  currency: { code: string | null };
  total: number | null;
  requester: { name: string };
  created_at: string;
  count_application_paper: number;
  count_einvoice: number;
  application_papers: Array<{ id: number; name: string; url: string }>;
  e_invoices: Array<{ id: number; name: string; url: string }>;
}

/** Spec 001 §8 toast durations. */
export const TOASTS = { submit: 2000, approve: 1000, register: 500 } as const;
