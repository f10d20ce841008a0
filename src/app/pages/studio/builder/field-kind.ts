import type { ModuleSource } from '../../../../engine';
import type { FieldRow } from './field-rows';

/** What the builder's field list calls a field's kind: a type the builder makes, or a kind it only shows. */
export type FieldKind = NonNullable<FieldRow['type']> | 'itemList' | 'financeForward' | 'other';

/**
 * The kind a row is shown as (`studio.builder.types.<kind>`): its builder type, else what its
 * widget makes of it — an item list (`ItemList` of sub-form items), the forward list to finance
 * (`FinanceUsersPicker`), or "other". Never a question mark: every field reads as something.
 */
export function fieldKind(source: ModuleSource, row: FieldRow): FieldKind {
  if (row.type) return row.type;
  const ui = (source.uiSchema[row.name] ?? {}) as { 'ui:field'?: unknown; 'ui:widget'?: unknown };
  if (ui['ui:field'] === 'ItemList') return 'itemList';
  if (ui['ui:widget'] === 'FinanceUsersPicker') return 'financeForward';
  return 'other';
}
