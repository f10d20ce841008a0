import { labelValue, listText, pairsText, type CompiledModule } from '../../engine';
import { useRendererT } from '../i18n';

/** The widgets' own strings: keys under `engine.widgets` (`locales/<lang>/engine.json`). */
export function useWidgetText(): (key: string, values?: Record<string, unknown>) => string {
  const t = useRendererT();
  return (key, values) => t(`engine.widgets.${key}`, values);
}

/**
 * Texts the widgets put together, in the reader's language (`engine.format`): "label: value" and
 * a list of names ("A, B"; Chinese "标签：值", "甲、乙").
 */
export function useFormatText(): { labelValue(label: string, value: string): string; pairs(pairs: readonly (readonly [string, string])[]): string; list(items: readonly string[]): string } {
  const t = useRendererT();
  return { labelValue: (label, value) => labelValue(t, label, value), pairs: (pairs) => pairsText(t, pairs), list: (items) => listText(t, items) };
}

/**
 * A field label of the module being rendered (`<module>.<field>.label`), falling back to
 * the field name so a hint still names something when a key is missing (the checker reports it).
 */
export function useFieldLabel(module: CompiledModule | undefined): (field: string) => string {
  const t = useRendererT(module);
  return (field) => {
    if (!module) return field;
    const key = `${module.code}.${field}.label`;
    const text = t(key);
    return text === key ? field : text;
  };
}
