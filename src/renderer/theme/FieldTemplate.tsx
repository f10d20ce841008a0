import { memo } from 'react';
import { Label, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { FieldTemplateProps } from '@rjsf/utils';

const useStyles = makeStyles({
  field: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, marginBottom: tokens.spacingVerticalM },
  error: { color: tokens.colorPaletteRedForeground1 },
  help: { color: tokens.colorNeutralForeground3 },
});

/** The field's label: the same while the value changes, so typing does not render it. */
const FieldLabel = memo(function FieldLabel({ id, label, required }: { id: string; label: string; required?: boolean }) {
  return (
    <Label htmlFor={id} required={required} weight="semibold">
      {label}
    </Label>
  );
});

/**
 * One field: label with the required mark, the widget, the inline error (first message) and
 * help. Booleans render their own label next to the box, so the template omits it for them.
 */
export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, required, displayLabel, rawErrors, rawHelp, children, hidden, classNames } = props;
  const styles = useStyles();
  if (hidden) return <div hidden>{children}</div>;
  const error = rawErrors?.find(Boolean);
  return (
    <div className={`${styles.field} ${classNames ?? ''}`} data-field={id}>
      {displayLabel && label ? <FieldLabel id={id} label={label} required={required} /> : null}
      {children}
      {error ? (
        <Text id={`${id}__error`} size={200} className={styles.error} data-inline-error="">
          {error}
        </Text>
      ) : null}
      {rawHelp ? (
        <Text id={`${id}__help`} size={200} className={styles.help}>
          {rawHelp}
        </Text>
      ) : null}
    </div>
  );
}
