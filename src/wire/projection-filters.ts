/**
 * The payment projection's period filter values and display buckets (spec 001 §2): plain values,
 * no TypeBox, so the web app imports them without bundling the schema builder.
 */
export const DATE_FILTERS = ['passed', 'today', 'upToToday', 'tomorrow1Week', 'next2week', 'next3week'] as const;
export type DateFilter = (typeof DATE_FILTERS)[number];
/** The period shown when none is asked for. */
export const DEFAULT_DATE_FILTER: DateFilter = 'today';
/** The filters plus pending payment (every unpaid item). */
export const BUCKETS = [...DATE_FILTERS, 'pendingPayment'] as const;
export type Bucket = (typeof BUCKETS)[number];
