import { WRAPPER_FIELDS, fieldGroup, readCondition, typeOf, type FieldSpec, type FieldType, type Logic, type ModuleSource, type Texts } from '../../../../engine';

type Json = Record<string, unknown>;

/** One row of the builder's field list: a field (a date range counts once) in form order. */
export interface FieldRow {
  name: string;
  type: FieldType | null;
  labels: Texts;
  hidden: boolean;
  required: boolean;
}

const text = (source: ModuleSource, lang: 'en' | 'ja' | 'zh', path: string[]): string => {
  let node: unknown = source.locales[lang];
  for (const part of path) node = node && typeof node === 'object' ? (node as Json)[part] : undefined;
  return typeof node === 'string' ? node : '';
};
const texts = (source: ModuleSource, path: string[]): Texts => ({ en: text(source, 'en', path), ja: text(source, 'ja', path), zh: text(source, 'zh', path) });

/** A date range's own label: its start's without the builder's "(from)" suffix. */
const rangeLabels = (start: Texts): Texts => ({ en: start.en.replace(/ \(from\)$/, ''), ja: start.ja.replace(/（開始）$/, ''), zh: start.zh.replace(/（开始）$/, '') });

/** The module's own fields (not the wrapper fields) in form order, date ranges folded into one row. */
export function fieldRows(source: ModuleSource): FieldRow[] {
  const props = ((source.schema as Json).properties ?? {}) as Record<string, Json>;
  const order = Array.isArray(source.uiSchema['ui:order']) ? (source.uiSchema['ui:order'] as string[]) : [];
  const names = [...order.filter((n) => n in props), ...Object.keys(props).filter((n) => !order.includes(n))];
  const rows: FieldRow[] = [];
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name) || (WRAPPER_FIELDS as readonly string[]).includes(name)) continue;
    const range = /^(.+)_start$/.exec(name);
    const base = range && fieldGroup(source, range[1]).length === 2 ? range[1] : name;
    for (const n of fieldGroup(source, base)) seen.add(n);
    const ui = (source.uiSchema[name] ?? {}) as Json;
    const validations = (source.rules.validations ?? []) as unknown as Json[];
    rows.push({
      name: base,
      type: base !== name ? 'dateRange' : typeOf(props[name] as never, ui['ui:widget'] ?? ui['ui:field']),
      labels: base !== name ? rangeLabels(texts(source, [name, 'label'])) : texts(source, [name, 'label']),
      hidden: ui['ui:widget'] === 'hidden',
      required: validations.some((v) => v.field === name && v.message === `${source.code}.messages.${base}_required`),
    });
  }
  return rows;
}

/** What the Add field form starts with to edit an existing field. */
export function specOfField(source: ModuleSource, row: FieldRow): FieldSpec {
  const name = row.type === 'dateRange' ? `${row.name}_start` : row.name;
  const prop = (((source.schema as Json).properties ?? {}) as Record<string, Json>)[name] ?? {};
  const ui = (source.uiSchema[name] ?? {}) as Json;
  const options = (ui['ui:options'] ?? {}) as Json;
  const values = ((prop.enum ?? (prop.items as Json | undefined)?.enum ?? []) as unknown[]).filter((v): v is string => typeof v === 'string');
  const labels = row.labels;
  const kinds = (source.attachments ?? {}) as Record<string, { accept: string[]; maxFiles: number }>;
  const documentType = typeof options.documentType === 'string' ? options.documentType : '';
  const help = texts(source, [name, 'help']);
  // The visibility condition the builder wrote, read back (editing the field keeps it).
  const visibleWhen = readCondition((source.rules.visibility as Record<string, Logic> | undefined)?.[name]);
  return {
    name: row.name,
    type: row.type ?? 'text',
    labels,
    required: row.required,
    requiredMessages: texts(source, ['messages', `${row.name}_required`]),
    ...(help.en ? { help } : {}),
    ...(typeof prop.maxLength === 'number' ? { maxLength: prop.maxLength } : {}),
    ...(typeof prop.pattern === 'string' ? { pattern: prop.pattern, patternMessages: texts(source, [name, 'pattern']) } : {}),
    ...(typeof prop.minimum === 'number' ? { minimum: prop.minimum } : {}),
    ...(typeof prop.maximum === 'number' ? { maximum: prop.maximum } : {}),
    ...(values.length ? { options: values.map((value) => ({ value, labels: texts(source, [name, 'options', value]) })) } : {}),
    ...(row.type === 'picker' ? { picker: String(ui['ui:widget']) } : {}),
    ...(row.type === 'upload' ? { upload: { documentType, accept: kinds[documentType]?.accept ?? ['pdf'], maxFiles: kinds[documentType]?.maxFiles ?? 1 } } : {}),
    ...(row.type === 'dateRange' ? { rangeMessages: texts(source, ['messages', `${row.name}_range`]) } : {}),
    ...(visibleWhen ? { visibleWhen } : {}),
  };
}
