import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { ArrayFieldTemplateProps, ObjectFieldTemplateProps } from '@rjsf/utils';

const useStyles = makeStyles({
  group: { display: 'flex', flexDirection: 'column' },
  title: { marginBottom: tokens.spacingVerticalS },
  row: { borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, paddingBottom: tokens.spacingVerticalS, marginBottom: tokens.spacingVerticalS },
});

/** An object: its title (if any) and its properties stacked in UI-schema order. */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const styles = useStyles();
  return (
    <fieldset className={styles.group} style={{ border: 'none', padding: 0, margin: 0 }}>
      {props.title ? (
        <legend>
          <Text weight="semibold" className={styles.title}>{props.title}</Text>
        </legend>
      ) : null}
      {props.properties.filter((p) => !p.hidden).map((p) => (
        <div key={p.name}>{p.content}</div>
      ))}
    </fieldset>
  );
}

/** An array rendered by rjsf's own ArrayField: items, then an Add button when allowed. */
export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const styles = useStyles();
  return (
    <div className={styles.group}>
      {props.title ? <Text weight="semibold" className={styles.title}>{props.title}</Text> : null}
      {props.items.map((item, index) => (
        <div key={index} className={styles.row}>{item}</div>
      ))}
      {props.canAdd && !props.readonly && !props.disabled ? (
        <Button onClick={() => props.onAddClick()} appearance="secondary">+</Button>
      ) : null}
    </div>
  );
}

/** Ringi shows the first failure as an alert and marks fields inline, so rjsf's error list is suppressed. */
export function ErrorListTemplate() {
  return null;
}
