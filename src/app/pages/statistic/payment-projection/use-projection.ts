import { useEffect, useState } from 'react';
import { useRendererHost } from '../../../../renderer/host';

/** The projection's filter values (spec 001 §2) and display buckets. */
export const DATE_FILTERS = ['passed', 'today', 'upToToday', 'tomorrow1Week', 'next2week', 'next3week'] as const;
export type DateFilter = (typeof DATE_FILTERS)[number];
export const BUCKETS = [...DATE_FILTERS, 'pendingPayment'] as const;

/** A bank's card of `GET /payment_projections`. */
export interface ProjectionCard {
  bank_account_id: number | null;
  bank_name: string | null;
  bank_branch: string | null;
  bank_type: string | null;
  count_transaction: number;
  amounts: Array<{ currency: string | null; total: number }>;
}

/** The whole answer: cards for the period and bucket totals for the chart. */
export interface Projection {
  'hydra:member': ProjectionCard[];
  buckets: Array<{ bucket: string; currency: string | null; total: number; count: number }>;
}

/** Loads the projection for a company and period; `state` is loading, failed or the answer. */
export function useProjection(company: number | null, dateFilter: DateFilter) {
  const host = useRendererHost();
  const [state, setState] = useState<Projection | 'loading' | 'failed'>('loading');
  useEffect(() => {
    let live = true;
    setState('loading');
    host.api.get<Projection>('/payment_projections', { dateFilter, ...(company ? { company } : {}) })
      .then((answer) => live && setState(answer))
      .catch(() => live && setState('failed'));
    return () => { live = false; };
  }, [host, company, dateFilter]);
  return state;
}
