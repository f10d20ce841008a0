import type { Kysely } from 'kysely';
import { widgetOf, widgetValue, type CompiledModule, type FormData, type Translate, type Violation } from '../../../src/engine';
import type { Database } from '../../db/database';

const one = (value: unknown): number | null => (Number.isInteger(value) ? (value as number) : null);

/**
 * Refuses a choice from another module's list (a customer-contract type on a supplier contract)
 * or from no list at all, at the field (422), and a copy the picker fills from the chosen row
 * (`ui:options.alsoSet`: the type's code, which chooses the item list) that disagrees with it.
 * The browser only offers the module's own list; this is the server's word on it.
 */
export async function moduleListViolations(
  db: Kysely<Database>, module: CompiledModule, data: FormData, t: Translate, label: (field: string) => string,
): Promise<Violation[]> {
  const out: Violation[] = [];
  const ui = (module.uiSchema ?? {}) as Record<string, Record<string, unknown> | undefined>;
  for (const field of Object.keys((module.schema.properties ?? {}) as Record<string, unknown>)) {
    // The pickers whose choices are a list of the filing module's own (the picker asks
    // `…/module/{$module}`): the widget-value table's lists `ofModule`, whose `module` column names the module.
    const list = widgetValue(widgetOf(ui[field]))?.list;
    if (!list?.ofModule) continue;
    const id = one(data[field]);
    if (id === null) continue;
    const row = await db.selectFrom(list.table as 'contract_item_types').selectAll().where('id', '=', id).executeTakeFirst() as Record<string, unknown> | undefined;
    if (!row || row.module !== module.code) {
      out.push({ propertyPath: field, field, messageKey: 'engine.validation.notInModuleList', message: t('engine.validation.notInModuleList', { field: label(field) }) });
      continue;
    }
    const also = ((ui[field]?.['ui:options'] ?? {}) as { alsoSet?: Record<string, string> }).alsoSet ?? {};
    for (const [copy, column] of Object.entries(also)) {
      const stored = data[copy];
      if (stored !== null && stored !== undefined && stored !== row[column]) {
        out.push({ propertyPath: copy, field: copy, messageKey: 'engine.validation.notInModuleList', message: t('engine.validation.notInModuleList', { field: label(field) }) });
      }
    }
  }
  return out;
}
