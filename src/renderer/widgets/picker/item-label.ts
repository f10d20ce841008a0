/** A record a picker lists: an id plus whatever the endpoint returns. */
export interface PickerItem {
  id: number;
  [key: string]: unknown;
}

/**
 * How a picker names an item (`ui:options.labelKey`):
 * - a key: `"name"`, `"address"`;
 * - a template with `{key}` parts: `"{bank_name} - {branch}"`;
 * - one of those per language: `{ "en": "name", "ja": "name_jp", "zh": "name_zh" }`.
 */
export type LabelKey = string | Partial<Record<'en' | 'ja' | 'zh', string>>;

/** The item's label by `labelKey`; falls back to `name`, then to the id, never to an empty row. */
export function itemLabel(item: Record<string, unknown> | null | undefined, labelKey: LabelKey | undefined, language: 'en' | 'ja' | 'zh'): string {
  if (!item) return '';
  const key = typeof labelKey === 'object' && labelKey !== null ? (labelKey[language] ?? labelKey.en ?? 'name') : (labelKey ?? 'name');
  let text: string;
  if (key.includes('{')) {
    text = key.replace(/\{([^}]+)\}/g, (_, part: string) => toText(item[part.trim()]));
  } else {
    text = toText(item[key]);
  }
  if (text.trim() !== '') return text;
  const fallback = toText(item.name);
  return fallback !== '' ? fallback : toText(item.id);
}

function toText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return toText((value as Record<string, unknown>).name);
  return String(value);
}
