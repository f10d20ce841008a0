import type { CompiledModule } from '../../engine';
import { useRendererT } from '../i18n';

/** The widgets' own strings: keys under `engine.widgets` (`locales/<lang>/engine.json`). */
export function useWidgetText(): (key: string, values?: Record<string, unknown>) => string {
  const t = useRendererT();
  return (key, values) => t(`engine.widgets.${key}`, values);
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
