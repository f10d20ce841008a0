import type { Registry } from '@rjsf/utils';
import type { RingiFormContext } from '../form-context';

/**
 * The Ringi form context of an rjsf widget or field. A clear error names the widget when a
 * form is rendered without one, instead of a null dereference deep inside a picker.
 */
export function formContextOf(registry: Registry, widgetName: string): RingiFormContext {
  const ctx = registry.formContext as RingiFormContext | undefined;
  if (!ctx || !ctx.host) throw new Error(`Ringi widget ${widgetName}: the form has no RingiFormContext (formContext.host is missing)`);
  return ctx;
}

/** The code of the module being rendered, whatever else the compiled module carries. */
export function moduleCodeOf(ctx: Pick<RingiFormContext, 'module'> | undefined): string | undefined {
  return ctx?.module?.code;
}

/** Stored ids as numbers: one id, an array of ids, or nothing. */
export function idsOf(value: unknown): number[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value];
  return list.map((v) => Number(v)).filter((n) => Number.isFinite(n));
}
