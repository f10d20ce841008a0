import { Textarea } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { BaseInputTemplate } from './BaseInputTemplate';

/** Single-line text; `ui:options.maxLength` (or the schema's) limits typing. */
export function TextWidget(props: WidgetProps) {
  return <BaseInputTemplate {...props} type="text" />;
}

/** Multi-line text (Fluent `Textarea`). */
export function TextareaWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, options, rawErrors, placeholder, required } = props;
  const hasError = Boolean(rawErrors?.length);
  return (
    <Textarea
      id={id}
      name={id}
      value={value ?? ''}
      disabled={disabled}
      readOnly={readonly}
      required={required}
      placeholder={placeholder}
      rows={typeof options.rows === 'number' ? options.rows : 3}
      maxLength={typeof options.maxLength === 'number' ? options.maxLength : undefined}
      aria-invalid={hasError || undefined}
      aria-describedby={hasError ? `${id}__error` : undefined}
      onChange={(_, data) => onChange(data.value === '' ? options.emptyValue : data.value)}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
      resize="vertical"
    />
  );
}

/** Not shown; the value is kept in the data. */
export function HiddenWidget(props: WidgetProps) {
  return <input type="hidden" id={props.id} name={props.id} value={props.value ?? ''} />;
}
