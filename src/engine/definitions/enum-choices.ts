import type { JsonSchema, Translate } from '../types';

/** One choice of an enum field: its stored value and translated label. */
export interface EnumChoice {
  value: unknown;
  label: string;
}

/**
 * The choices of an enum field with translated labels, in this order of preference:
 * `ui:enumNames` (translation keys), `oneOf`/`anyOf` entries' `title` (a key or text), then the
 * derived key `<field key>.options.<value>`; the value itself when no translation exists.
 * `fieldKey` is the field's label key without `.label` (`purchase.currency_id`).
 */
export function enumChoices(schema: JsonSchema, uiSchema: Record<string, unknown> | undefined, fieldKey: string, t: Translate): EnumChoice[] | undefined {
  const source = (schema.type === 'array' ? (schema.items as JsonSchema | undefined) : schema) ?? {};
  const names = uiSchema?.['ui:enumNames'] as string[] | undefined;
  const translated = (key: string, fallback: string) => {
    const text = t(key);
    return text === key ? fallback : text;
  };
  if (Array.isArray(source.enum)) {
    // A `null` member only allows clearing the field; it is not a choice of its own.
    return (source.enum as unknown[]).flatMap((value, i) => (value === null ? [] : [{
      value,
      label: names?.[i] ? translated(names[i], names[i]) : translated(`${fieldKey}.options.${String(value)}`, String(value)),
    }]));
  }
  const alternatives = (source.oneOf ?? source.anyOf) as JsonSchema[] | undefined;
  if (Array.isArray(alternatives) && alternatives.every((a) => 'const' in a)) {
    return alternatives.map((a, i) => {
      const title = typeof a.title === 'string' ? a.title : undefined;
      const fallback = title ?? String(a.const);
      const label = names?.[i]
        ? translated(names[i], names[i])
        : title
          ? translated(title, title)
          : translated(`${fieldKey}.options.${String(a.const)}`, fallback);
      return { value: a.const, label };
    });
  }
  return undefined;
}
