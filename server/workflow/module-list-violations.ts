import type { Kysely } from 'kysely';
import type { CompiledModule, FormData, Translate, Violation } from '../../src/engine';
import type { Database } from '../db/database';

/**
 * The pickers whose choices are a list of the filing module's own (the picker asks
 * `…/module/{$module}`): the table, whose `module` column names the module a row belongs to.
 * One entry per such list; the check below reads every field of every module by its widget.
 */
export const MODULE_LISTS: Readonly<Record<string, { table: 'contract_item_types' }>> = {
  ContractTypePicker: { table: 'contract_item_types' },
};

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
    const list = MODULE_LISTS[String(ui[field]?.['ui:widget'] ?? '')];
    const id = one(data[field]);
    if (!list || id === null) continue;
    const row = await db.selectFrom(list.table).selectAll().where('id', '=', id).executeTakeFirst() as Record<string, unknown> | undefined;
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
