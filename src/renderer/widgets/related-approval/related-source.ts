import { readPickerOptions, type PickerOptions } from '../picker/picker-options';
import type { Lang } from '../../../engine';
import { formatAmount } from '../../money';
import type { RelatedContract, RelatedPurchase, RelatedPurchaseDetail } from '../../../wire/related';

/**
 * What a related approval picker lists (spec 001 §2): the source module (`ui:options.source`) and
 * the API that lists it (`ui:options.relatedList`, set by the compiler from the source module's
 * `ui:module.relatedAs.list`): the caller's own purchases, or contracts of one module.
 */
export interface RelatedSource {
  source: string;
  list: 'purchases' | 'contracts';
}

/**
 * A related approval as `/purchases/*` and `/contracts/*` answer it: the wire shapes
 * (src/wire/related.ts; server/routes/related/README.md). A purchase is told by its goods.
 */
export type RelatedApproval = RelatedPurchase | RelatedPurchaseDetail | RelatedContract;

/** Whether a related approval is a purchase (it lists goods) rather than a contract. */
export const isRelatedPurchase = (item: RelatedApproval): item is RelatedPurchase | RelatedPurchaseDetail => 'purchase_goods' in item;

/** The source named by `ui:options`; the purchases list unless the compiler resolved it to contracts. */
export function relatedSourceOf(options: Record<string, unknown> | undefined): RelatedSource {
  return { source: typeof options?.source === 'string' ? options.source : '', list: options?.relatedList === 'contracts' ? 'contracts' : 'purchases' };
}

/**
 * Picker options of a source: the list and by-id endpoints, `search` as the query parameter,
 * and for contracts the `module` filter. Other picker `ui:options` (itemsPerPage…) still apply.
 */
export function relatedPickerOptions({ source, list }: RelatedSource, uiOptions?: Record<string, unknown>): PickerOptions {
  const defaults: Partial<PickerOptions> = list === 'purchases'
    ? { endpoint: '/purchases/list', itemEndpoint: '/purchases/{id}', searchParam: 'search', labelKey: 'code' }
    : { endpoint: '/contracts/list', itemEndpoint: '/contracts/{id}', searchParam: 'search', labelKey: 'code', extraParams: { module: source } };
  return readPickerOptions(defaults, uiOptions);
}

/** The by-id path of a related approval of a source. */
export function relatedItemPath({ list }: RelatedSource, id: number): string {
  return `/${list}/${id}`;
}

/** How a chosen related approval is named: its code, with the stamp number when it has one. */
export function relatedLabel(item: RelatedApproval | undefined): string {
  if (!item) return '';
  const code = item.code ?? `#${item.id}`;
  return item.stamp_no ? `${code} (${item.stamp_no})` : code;
}

/**
 * A picker row: the code (and stamp number), who the document is with and its amount in its
 * currency — "SUP-2026-000012 · Tokyo Denki · 1,200,000 JPY" — so a requester tells documents
 * apart without opening each; a part the document does not have is left out.
 */
export function relatedRowLabel(item: RelatedApproval, lang: Lang): string {
  const currency = ('currency_code' in item ? item.currency_code : 'currency' in item ? item.currency : null) ?? undefined;
  const amount = item.amount === null || item.amount === undefined ? '' : [formatAmount(item.amount, currency, lang), currency].filter(Boolean).join(' ');
  return [relatedLabel(item), item.counterparty?.trim(), amount].filter(Boolean).join(' · ');
}
