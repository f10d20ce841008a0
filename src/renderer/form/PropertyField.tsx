import { memo, useCallback, useMemo, type ComponentType } from 'react';
import type { FieldPathId } from '@rjsf/utils';
import { labelKey, type JsonSchema } from '../../engine';
import { FIELD_LABEL_KEY } from '../host';
import { FieldTemplate } from '../theme/FieldTemplate';
import { enumChoices } from './enum-choices';
import type { ErrorTree } from './errors';
import { useFormEnv } from './form-env';
import { idOf, type DataPath } from './paths';
import { resolveWidget } from './resolve-widget';
import { useRuleLabelKey } from './rule-labels';
import { textOrKey } from './text-or-key';
import { UnknownWidgetMessage } from './UnknownWidgetMessage';
import { useFormValue } from './use-form-selector';

export interface PropertyFieldProps {
  name: string;
  path: DataPath;
  schema: JsonSchema;
  uiSchema?: Record<string, unknown>;
  value: unknown;
  required: boolean;
  errors?: ErrorTree;
  disabled?: boolean;
  /** Shown instead of the derived label (an inline array row's index label, e.g. "①"). */
  labelText?: string;
  /**
   * The value is read from the form's store at `path` (`value` is not used): a plain widget then
   * follows it by itself (`BoundWidget`), so a keystroke renders the widget, not this field,
   * its template and label.
   */
  bound?: boolean;
}

/** A widget that reads its own value from the store: what a keystroke into a bound field renders. */
function BoundWidget({ Component, path, props }: { Component: ComponentType<Record<string, unknown>>; path: DataPath; props: Record<string, unknown> }) {
  const { store } = useFormEnv();
  const value = useFormValue(store, path);
  return <Component {...props} value={value} />;
}

const noop = () => undefined;

/**
 * One field of the form: picks the registry entry (UI schema name or schema type), renders it
 * inside the theme's field template with its translated label, choices and inline error.
 */
export function PropertyField({ name, path, schema, uiSchema, value: given, required, errors, disabled, labelText, bound = false }: PropertyFieldProps) {
  const env = useFormEnv();
  const dotted = path.join('.');
  const id = idOf(path, env.idPrefix);
  const key = useMemo(() => labelKey(env.module, dotted), [env.module, dotted]);
  const kind = resolveWidget(schema, uiSchema);
  const entry = 'layout' in kind ? undefined : env.findEntry(kind.name);
  // Bound: a plain widget reads its value itself; a layout or rjsf field gets it from here.
  const selfBound = bound && entry?.kind === 'widget';
  const selected = useFormValue(env.store, bound && !selfBound ? path : null);
  const value = bound ? (selfBound ? undefined : selected) : given;
  // A `labels` rule (the label follows the data) wins over the derived key.
  const labelShown = useRuleLabelKey(path) ?? key;
  // Translated once per key and language, not on every keystroke into the field.
  const translated = useMemo(() => env.t(labelShown), [env, labelShown]);
  const label = labelText ?? (translated === labelShown ? name : translated);
  const onChange = useCallback((next: unknown) => env.setValue(path, next), [env, dotted]); // eslint-disable-line react-hooks/exhaustive-deps -- `path` is a new array each render; dotted is its value
  const options = useMemo(() => {
    const uiOptions = (uiSchema?.['ui:options'] ?? {}) as Record<string, unknown>;
    const choices = enumChoices(schema, uiSchema, key.replace(/\.label$/, ''), env.t);
    // The label's key (when it has a translation): a widget that opens a page titled with its
    // label gives the stack the key, so the title follows a language change while open. Its own
    // option name: `labelKey` is a picker's option (which property of an item names it).
    const withKey = labelText === undefined && translated !== labelShown ? { ...uiOptions, [FIELD_LABEL_KEY]: labelShown } : uiOptions;
    return choices ? { ...withKey, enumOptions: choices } : withKey;
  }, [schema, uiSchema, key, env.t, labelText, translated, labelShown]);
  const rawErrors = errors?.__errors;
  const isDisabled = Boolean(disabled || uiSchema?.['ui:disabled']);
  const readonly = env.readOnly || Boolean(uiSchema?.['ui:readonly']);
  const help = useMemo(() => textOrKey(uiSchema?.['ui:help'], env.t), [uiSchema, env]);
  const placeholder = useMemo(() => textOrKey(uiSchema?.['ui:placeholder'], env.t), [uiSchema, env]);

  if ('layout' in kind) {
    const Layout = kind.layout === 'array' ? env.ArrayField : env.Fields;
    return <Layout name={name} label={label} path={path} schema={schema} uiSchema={uiSchema} value={value} errors={errors} disabled={isDisabled} />;
  }
  if (!entry) return <UnknownWidgetMessage field={dotted} widget={kind.name} />;
  const Component = entry.component;
  const fieldPathId: FieldPathId = { $id: id, path: [...path] } as FieldPathId;
  const common = {
    id,
    name,
    schema,
    uiSchema: uiSchema ?? {},
    registry: env.registry,
    formContext: env.formContext,
    required,
    disabled: isDisabled,
    readonly,
    rawErrors,
    label,
    onBlur: noop,
    onFocus: noop,
  };
  const isBoolean = kind.name === 'checkbox' || kind.name === 'switch';
  // rjsf 6 fields call onChange(value, path) with the absolute path of the changed value (their
  // own `fieldPathId.path` or deeper); widgets call onChange(value) for their own field.
  return (
    <FieldTemplate
      id={id}
      label={label}
      required={required}
      displayLabel={!isBoolean && entry.kind === 'widget' && kind.name !== 'hidden'}
      hidden={kind.name === 'hidden'}
      rawErrors={rawErrors}
      rawHelp={help}
      schema={schema}
      uiSchema={uiSchema}
      registry={env.registry}
      fieldPathId={fieldPathId}
      classNames=""
      readonly={readonly}
      disabled={isDisabled}
      onChange={noop as never}
      onKeyRename={noop}
      onKeyRenameBlur={noop}
      onRemoveProperty={noop}
    >
      {entry.kind === 'field' ? (
        <Component {...common} formData={value} fieldPathId={fieldPathId} errorSchema={errors ?? {}} onChange={(next: unknown, changePath?: DataPath) => (changePath && changePath.length > 0 ? env.setValue(changePath, next) : onChange(next))} />
      ) : (
        selfBound ? (
          <BoundWidget Component={Component as ComponentType<Record<string, unknown>>} path={path} props={{ ...common, options, placeholder, onChange, hideError: false }} />
        ) : (
          <Component
            {...common}
            value={value}
            options={options}
            placeholder={placeholder}
            onChange={onChange}
            hideError={false}
          />
        )
      )}
    </FieldTemplate>
  );
}

function sameCell(a: Omit<PropertyFieldProps, 'value'>, b: Omit<PropertyFieldProps, 'value'>): boolean {
  return (
    a.errors === b.errors &&
    a.schema === b.schema &&
    a.uiSchema === b.uiSchema &&
    a.required === b.required &&
    a.disabled === b.disabled &&
    a.labelText === b.labelText &&
    a.name === b.name &&
    a.path.join('.') === b.path.join('.')
  );
}

/**
 * A field inside an array row, bound to its value in the form's store: typing in one cell
 * renders that cell's widget, not its row (the row does not follow its item's contents), the
 * row's other cells or the cell's template. Re-rendered otherwise only when its errors or
 * definition change.
 */
export const RowPropertyField = memo(function RowPropertyField(props: Omit<PropertyFieldProps, 'value' | 'bound'>) {
  return <PropertyField {...props} value={undefined} bound />;
}, sameCell);
