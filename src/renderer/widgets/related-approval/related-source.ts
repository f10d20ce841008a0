import type { PickerItem } from '../picker/item-label';
import { readPickerOptions, type PickerOptions } from '../picker/picker-options';

/** What a related approval picker lists (spec 001 §2): purchases, or one kind of contract. */
export type RelatedSource = 'purchase' | 'contract-supplier' | 'contract-customer';

/** A related approval as `/purchases/*` and `/contracts/*` answer it (server/routes/related/README.md). */
export interface RelatedApproval extends PickerItem {
  code?: string;
  stamp_no?: string | null;
  currency?: string | null;
  currency_code?: string | null;
  total_estimated?: number;
  purchase_goods?: Array<Record<string, unknown>>;
  data?: Record<string, unknown>;
  module?: string;
  contract_full_name?: string | null;
  supplier_account?: Record<string, unknown> | null;
  contract_item_type?: { code: string; name: string } | null;
}

/** The source named by `ui:options.source`; purchases when absent or unknown. */
export function relatedSourceOf(options: Record<string, unknown> | undefined): RelatedSource {
  const source = options?.source;
  return source === 'contract-supplier' || source === 'contract-customer' ? source : 'purchase';
}

/**
 * Picker options of a source: the list and by-id endpoints, `search` as the query parameter,
 * and for contracts the `module` filter. Other picker `ui:options` (itemsPerPage…) still apply.
 */
export function relatedPickerOptions(source: RelatedSource, uiOptions?: Record<string, unknown>): PickerOptions {
  const defaults: Partial<PickerOptions> = source === 'purchase'
    ? { endpoint: '/purchases/list', itemEndpoint: '/purchases/{id}', searchParam: 'search', labelKey: 'code' }
    : { endpoint: '/contracts/list', itemEndpoint: '/contracts/{id}', searchParam: 'search', labelKey: 'code', extraParams: { module: source } };
  return readPickerOptions(defaults, uiOptions);
}

/** The by-id path of a related approval of a source. */
export function relatedItemPath(source: RelatedSource, id: number): string {
  return source === 'purchase' ? `/purchases/${id}` : `/contracts/${id}`;
}

/** How a chosen related approval is named: its code, with the stamp number when it has one. */
export function relatedLabel(item: RelatedApproval | undefined): string {
  if (!item) return '';
  const code = item.code ?? `#${item.id}`;
  return item.stamp_no ? `${code} (${item.stamp_no})` : code;
}
