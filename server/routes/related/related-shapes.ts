import { sql } from 'kysely';

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

/** The goods of a stored purchase as a related approval lists them; `id` is the item's 1-based index. */
export function purchaseGoods(data: Record<string, unknown>): Array<{ id: number; goods_name: string | null; budget: number; estimated_unit_price: number; qty: number }> {
  const goods = Array.isArray(data.purchase_goods) ? (data.purchase_goods as Array<Record<string, unknown>>) : [];
  return goods.filter((g) => g && typeof g === 'object').map((g, i) => ({
    id: Number.isInteger(g.index) ? (g.index as number) : i + 1,
    goods_name: textOf(g.goods_name),
    budget: numberOf(g.budget),
    estimated_unit_price: numberOf(g.estimated_unit_price),
    qty: numberOf(g.qty),
  }));
}

/** A supplier account object of stored data with the spec's four fields, or null. */
export function supplierAccountOf(value: unknown): { name: string | null; no: string | null; bank_name: string | null; branch_name: string | null; registration_no: string | null } | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const a = value as Record<string, unknown>;
  // registration_no: the supplier's qualified-invoice number, kept on the account so a payment takes it over.
  return { name: textOf(a.name), no: textOf(a.no), bank_name: textOf(a.bank_name), branch_name: textOf(a.branch_name), registration_no: textOf(a.registration_no) };
}
