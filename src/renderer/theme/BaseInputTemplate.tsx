import { useCallback, type ChangeEvent } from 'react';
import { Input } from '@fluentui/react-components';
import type { BaseInputTemplateProps } from '@rjsf/utils';

/**
 * The single-line input every text-like widget renders (Fluent v9 `Input`). The input's id is
 * the field id so the field template's `<label htmlFor>` names it; inline errors are linked
 * through `aria-describedby`.
 */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, htmlName, value, readonly, disabled, autofocus, onBlur, onFocus, onChange, onChangeOverride, options, placeholder, rawErrors, type, required } = props;
  const emptyValue = options.emptyValue;
  const handleChange = useCallback(
    (event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value === '' ? emptyValue : event.target.value),
    [onChange, emptyValue],
  );
  const hasError = Boolean(rawErrors && rawErrors.length > 0);
  const maxLength = typeof options.maxLength === 'number' ? options.maxLength : (props.schema.maxLength as number | undefined);
  return (
    <Input
      id={id}
      name={htmlName || id}
      type={(type as 'text') ?? 'text'}
      value={value === null || value === undefined ? '' : String(value)}
      readOnly={readonly}
      disabled={disabled}
      autoFocus={autofocus}
      required={required}
      placeholder={placeholder}
      maxLength={maxLength}
      inputMode={options.inputMode as 'text' | undefined}
      aria-invalid={hasError || undefined}
      aria-describedby={hasError ? `${id}__error` : undefined}
      onChange={onChangeOverride ?? handleChange}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
      style={{ width: '100%' }}
    />
  );
}
