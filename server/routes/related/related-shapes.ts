import { sql } from 'kysely';
import type { CompiledModule, JsonSchema } from '../../../src/engine';
import type { ContractSupplierAccount, RelatedItemLine } from '../../../src/wire/related';

/** Reads a number from stored JSON data (numbers and numeric strings), else 0. */
export function numberOf(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
}

/** A string from stored JSON data, else null. */
export function textOf(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** `buffers.data -> key` as an integer when it is a JSON number, else null (never a cast error). */
export const dataInt = (key: string) =>
  sql<number | null>`case when jsonb_typeof(buffers.data -> ${key}) = 'number' then (buffers.data ->> ${key})::numeric::int end`;

/**
 * An integer field of the stored data chosen per module (`buffers.module_code`): the field each
 * module's definition names (`fieldOf`), null for a module that names none.
 */
export function moduleDataInt(modules: CompiledModule[], fieldOf: (module: CompiledModule) => string | undefined) {
  const named = modules.flatMap((m) => { const field = fieldOf(m); return field ? [{ code: m.code, field }] : []; });
  if (named.length === 0) return sql<number | null>`null::int`;
  return sql<number | null>`(case ${sql.join(named.map(({ code, field }) => sql`when buffers.module_code = ${code} then ${dataInt(field)}`), sql` `)} end)`;
}

/** The value at a dotted data path (`supplier_account`, `a.b`), else undefined. */
function valueAt(data: Record<string, unknown>, path: string | undefined): unknown {
  if (!path) return undefined;
  let value: unknown = data;
  for (const key of path.split('.')) {
    if (!value || typeof value !== 'object' || Array.isArray(value) || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** The stored value of a related list's member: the data field the module's `relatedAs.fields` maps it to. */
export function memberValue(module: CompiledModule | undefined, data: Record<string, unknown>, member: string): unknown {
  return valueAt(data, module?.meta.relatedAs?.fields?.[member]);
}

const isNumeric = (schema: JsonSchema | undefined) => [schema?.type].flat().some((t) => t === 'number' || t === 'integer');

/**
 * The items of a member mapped to an item list, each with the item fields `relatedAs.items`
 * names — a number where the sub-form's schema says number (0 when absent), else text or null —
 * and `id`, the item's 1-based `index`.
 */
export function memberItems(module: CompiledModule | undefined, data: Record<string, unknown>, member: string): RelatedItemLine[] {
  const field = module?.meta.relatedAs?.fields?.[member];
  const keep = module?.meta.relatedAs?.items?.[member] ?? [];
  const form = module?.meta.subForms.find((s) => s.field === field)?.form;
  const itemSchema = (form && Object.hasOwn(module!.subForms, form) ? module!.subForms[form].schema.properties : {}) as Record<string, JsonSchema>;
  const list = memberValue(module, data, member);
  return (Array.isArray(list) ? (list as Array<Record<string, unknown>>) : []).filter((item) => item && typeof item === 'object').map((item, i) => ({
    id: Number.isInteger(item.index) ? (item.index as number) : i + 1,
    ...Object.fromEntries(keep.map((key) => [key, isNumeric(itemSchema[key]) ? numberOf(item[key]) : textOf(item[key])])),
  }));
}

/** The accounts object of a stored document (`relatedAs.accounts`) with the spec's fields, or null. */
export function supplierAccountOf(module: CompiledModule | undefined, data: Record<string, unknown>): ContractSupplierAccount | null {
  const value = valueAt(data, module?.meta.relatedAs?.accounts);
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const a = value as Record<string, unknown>;
  // registration_no: the supplier's qualified-invoice number, kept on the account so a payment takes it over.
  return { name: textOf(a.name), no: textOf(a.no), bank_name: textOf(a.bank_name), branch_name: textOf(a.branch_name), registration_no: textOf(a.registration_no) };
}

/** The values at a statistics path (`a.b`, or with one `[]` for an item list: every item's). */
function valuesAt(data: Record<string, unknown>, path: string): unknown[] {
  const [head, tail] = path.split('[].');
  if (tail === undefined) return [valueAt(data, path)];
  const list = valueAt(data, head);
  return Array.isArray(list) ? list.map((item) => (item && typeof item === 'object' ? valueAt(item as Record<string, unknown>, tail) : undefined)) : [];
}

/**
 * Who the document is with, for a picker row: the first text of the module's records
 * counterparty paths (`statistics.records.counterparty`), else of its vendor paths; null when none.
 */
export function counterpartyOf(module: CompiledModule | undefined, data: Record<string, unknown>): string | null {
  const facts = module?.meta.statistics;
  for (const path of facts?.records?.counterparty ?? facts?.vendor ?? []) {
    const text = valuesAt(data, path).find((v): v is string => typeof v === 'string' && v.trim() !== '');
    if (text) return text;
  }
  return null;
}

/** The document's amount for a picker row (`statistics.records.amount`, else `statistics.amount`); null when the module names none or it is empty. */
export function amountOf(module: CompiledModule | undefined, data: Record<string, unknown>): number | null {
  const facts = module?.meta.statistics;
  const path = facts?.records?.amount ?? facts?.amount;
  const value = path ? valueAt(data, path) : undefined;
  return value === undefined || value === null || value === '' ? null : numberOf(value);
}
