/**
 * Every file id in form data under one of `fieldNames`, at any depth (items, content lines),
 * with the property path it was found at (`transaction_items[0].item_e_invoices[1]`).
 */
export function fileIdsIn(data: unknown, fieldNames: ReadonlySet<string>, path = ''): Array<{ id: number; propertyPath: string }> {
  if (Array.isArray(data)) return data.flatMap((item, i) => fileIdsIn(item, fieldNames, `${path}[${i}]`));
  if (!data || typeof data !== 'object') return [];
  return Object.entries(data as Record<string, unknown>).flatMap(([key, value]) => {
    const at = path ? `${path}.${key}` : key;
    if (fieldNames.has(key) && Array.isArray(value)) {
      return value.flatMap((id, i) => (Number.isInteger(id) ? [{ id: id as number, propertyPath: `${at}[${i}]` }] : []));
    }
    return fileIdsIn(value, fieldNames, at);
  });
}
