import { Checkbox, Radio, RadioGroup, Select, Switch } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';

type EnumOption = { value: unknown; label: string; schema?: unknown };

function enumOptionsOf(props: WidgetProps): EnumOption[] {
  return (props.options.enumOptions ?? []) as EnumOption[];
}

function describedBy(props: WidgetProps): string | undefined {
  return props.rawErrors?.length ? `${props.id}__error` : undefined;
}

/**
 * A choice from `enumOptions` (labels already translated by the form). The native `<select>`
 * inside Fluent's `Select` keeps keyboard and screen-reader behaviour of the platform; option
 * values are indexes so numbers and strings round-trip exactly.
 */
export function SelectWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, onBlur, onFocus, options, placeholder, required } = props;
  const choices = enumOptionsOf(props);
  const selected = choices.findIndex((o) => o.value === value || String(o.value) === String(value));
  return (
    <Select
      id={id}
      name={id}
      value={selected < 0 ? '' : String(selected)}
      disabled={disabled || readonly}
      required={required}
      aria-invalid={props.rawErrors?.length ? true : undefined}
      aria-describedby={describedBy(props)}
      onChange={(_, data) => onChange(data.value === '' ? options.emptyValue : choices[Number(data.value)]?.value)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    >
      <option value="">{placeholder ?? ''}</option>
      {choices.map((o, i) => (
        <option key={i} value={String(i)}>{o.label}</option>
      ))}
    </Select>
  );
}

/** One boolean as a checkbox with its own label. */
export function CheckboxWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, label, required } = props;
  return (
    <Checkbox
      id={id}
      checked={Boolean(value)}
      disabled={disabled || readonly}
      required={required}
      label={label}
      aria-describedby={describedBy(props)}
      onChange={(_, data) => onChange(Boolean(data.checked))}
    />
  );
}

/** One boolean as a switch with its own label (bypass, remember approvers). */
export function SwitchWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, label } = props;
  return (
    <Switch
      id={id}
      checked={Boolean(value)}
      disabled={disabled || readonly}
      label={label}
      aria-describedby={describedBy(props)}
      onChange={(_, data) => onChange(Boolean(data.checked))}
    />
  );
}

/** One choice among few, all visible. */
export function RadioWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, label } = props;
  const choices = enumOptionsOf(props);
  const selected = choices.findIndex((o) => o.value === value);
  return (
    <RadioGroup
      id={id}
      aria-label={label}
      value={selected < 0 ? '' : String(selected)}
      disabled={disabled || readonly}
      aria-describedby={describedBy(props)}
      onChange={(_, data) => onChange(choices[Number(data.value)]?.value)}
    >
      {choices.map((o, i) => (
        <Radio key={i} id={`${id}-${i}`} value={String(i)} label={o.label} />
      ))}
    </RadioGroup>
  );
}

/** Several choices (an array of enum values), kept in option order. */
export function CheckboxesWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, label } = props;
  const choices = enumOptionsOf(props);
  const current: unknown[] = Array.isArray(value) ? value : [];
  const toggle = (option: unknown, checked: boolean) => {
    const next = choices.map((o) => o.value).filter((v) => (v === option ? checked : current.includes(v)));
    onChange(next);
  };
  return (
    <div role="group" aria-label={label} id={id} aria-describedby={describedBy(props)}>
      {choices.map((o, i) => (
        <Checkbox
          key={i}
          id={`${id}-${i}`}
          label={o.label}
          checked={current.includes(o.value)}
          disabled={disabled || readonly}
          onChange={(_, data) => toggle(o.value, Boolean(data.checked))}
        />
      ))}
    </div>
  );
}
