import { memo, startTransition, useEffect, useMemo, useState } from 'react';
import type { JsonSchema } from '../../engine';
import { builtInWidgetNames } from '../../engine/definitions/widget-names';
import { childErrors } from './errors';
import { useFormEnv } from './form-env';
import { orderedProperties } from './ObjectFields';
import { PropertyField } from './PropertyField';
import { resolveWidget } from './resolve-widget';
import { RuleLabelsContext } from './rule-labels';
import { guessedHeight, screenHeight, screenfulFrom } from './staged-fields';
import { useFormSelector, useFormValue } from './use-form-selector';
import type { ReactNode } from 'react';

/**
 * What else of the data a top-level field reads: `all` for widgets that may read other fields
 * through `formContext.formData` (pickers depending on the company, item lists, nested objects),
 * the currency field for money (decimals follow the currency), nothing for the other built-ins
 * and inline arrays (their rows are memoized by their own data).
 */
function watchOf(schema: JsonSchema, uiSchema: Record<string, unknown> | undefined, currencyField: string | undefined): 'all' | string | null {
  const kind = resolveWidget(schema, uiSchema);
  if ('layout' in kind) return kind.layout === 'array' ? null : 'all';
  if (kind.name === 'money') return currencyField ?? null;
  return (builtInWidgetNames as readonly string[]).includes(kind.name) ? null : 'all';
}

interface RootFieldProps {
  name: string;
  schema: JsonSchema;
  uiSchema?: Record<string, unknown>;
  required: boolean;
  watch: 'all' | string | null;
  /** An array edited inline: its rows select their own items, the list its length (the value is not passed down). */
  list: boolean;
}

/**
 * One top-level field, subscribed to its own value (told only when a change touches it),
 * errors and visibility (and what `watch` names). An inline list does not subscribe to its
 * value: a keystroke in a row renders that row's cell.
 */
const RootField = memo(function RootField({ name, schema, uiSchema, required, watch, list }: RootFieldProps) {
  const { store } = useFormEnv();
  const path = useMemo(() => [name], [name]);
  const value = useFormValue(store, list ? null : path);
  const errors = useFormSelector(store, (s) => childErrors(s.errors, name));
  const visible = useFormSelector(store, (s) => s.derived.visibility[name] !== false);
  useFormSelector(store, (s) => (watch === 'all' ? s.data : watch ? s.data[watch] : null));
  if (!visible) return null;
  return <PropertyField name={name} path={path} schema={schema} uiSchema={uiSchema} value={value} required={required} errors={errors} />;
});

/** The rule-chosen labels of the form, re-provided only when a label rule changed its answer. */
function RuleLabels({ children }: { children: ReactNode }) {
  const { store } = useFormEnv();
  const labels = useFormSelector(store, (s) => s.derived.labels);
  return <RuleLabelsContext.Provider value={labels}>{children}</RuleLabelsContext.Provider>;
}

/**
 * The fields of the form, top level in UI-schema order. Rendered once per module: after that
 * each field renders itself when its slice of the store changes.
 *
 * `staged` (a form opened from a tap): the first commit renders the fields that fill the first
 * screen (by guessed heights), then the rest follow a screenful at a time, each as a transition
 * after the commit before (React renders it in slices and the main thread stays free between),
 * so the tap is not one long task that mounts and lays out the whole form. Every field is
 * rendered in the end (then `onStaged` is called); the form's data, rules and submit do not
 * depend on what is mounted.
 */
export const FormLayout = memo(function FormLayout({ staged = false, onStaged }: { staged?: boolean; onStaged?: () => void }) {
  const { module, store } = useFormEnv();
  const fields = useMemo(() => {
    const properties = (module.schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = (module.schema.required ?? []) as string[];
    return orderedProperties(module.schema, module.uiSchema).map((name) => {
      const uiSchema = module.uiSchema?.[name] as Record<string, unknown> | undefined;
      const kind = resolveWidget(properties[name], uiSchema);
      const list = 'layout' in kind && kind.layout === 'array';
      const builtIn = !('layout' in kind) && (builtInWidgetNames as readonly string[]).includes(kind.name);
      return { field: { name, schema: properties[name], uiSchema, required: required.includes(name), watch: watchOf(properties[name], uiSchema, module.meta.currencyField), list }, kind, builtIn };
    });
  }, [module]);
  const heights = useMemo(
    () => fields.map(({ field, kind, builtIn }) => guessedHeight(kind, builtIn, store.derived.visibility[field.name] !== false)),
    // The visibility the form opens with (a hidden field takes no room on the first screen).
    [fields, store],
  );
  const [screenPx] = useState(screenHeight);
  const [shown, setShown] = useState(() => (staged ? screenfulFrom(heights, 0, screenPx) : Number.POSITIVE_INFINITY));
  useEffect(() => {
    if (shown >= fields.length) onStaged?.();
    else startTransition(() => setShown((n) => screenfulFrom(heights, n, screenPx)));
  }, [shown, fields.length, heights, screenPx, onStaged]);
  return (
    <RuleLabels>
      {fields.slice(0, shown).map(({ field }) => (
        <RootField key={field.name} {...field} />
      ))}
    </RuleLabels>
  );
});
