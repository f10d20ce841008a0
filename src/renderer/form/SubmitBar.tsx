import { Button, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useDangerStyles } from '../theme/danger';
import { useFormEnv } from './form-env';
import { useFormSelector } from './use-form-selector';

const useStyles = makeStyles({
  bar: {
    position: 'sticky',
    bottom: 0,
    zIndex: 1,
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    justifyContent: 'flex-end',
    alignItems: 'center',
    padding: tokens.spacingVerticalS,
    backgroundColor: tokens.colorNeutralBackground1,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  // Japanese breaks between phrases (チェ/ック was split mid-word in the narrow bar).
  hint: { color: tokens.colorNeutralForeground3, marginRight: 'auto', minWidth: 0, wordBreak: 'auto-phrase' as 'normal', textWrap: 'pretty' },
});

export interface SubmitBarProps {
  mode: 'form' | 'item';
  busy: boolean;
  loading: boolean;
  submitDisabled: boolean;
  submitLabel?: string;
  danger: boolean;
  onReset(): void;
}

/**
 * The form's sticky bar: why submit is off (`rules.submitEnabled`'s hint), Reset, Submit (or
 * Next). Subscribed to the submit rule's answer only, so typing does not render it.
 */
export function SubmitBar({ mode, busy, loading, submitDisabled, submitLabel, danger, onReset }: SubmitBarProps) {
  const { module, t, readOnly, store } = useFormEnv();
  const styles = useStyles();
  const dangerStyles = useDangerStyles();
  // `rules.submitEnabled` (e.g. the seal's three borrow agreements): a hint says why the button
  // is off; the validations still refuse the same body if it is submitted another way.
  const ruleAllowsSubmit = useFormSelector(store, (s) => s.derived.submitEnabled);
  const hintId = `${module.code}__submit-hint`;
  return (
    <div className={styles.bar}>
      {!readOnly && !loading && !ruleAllowsSubmit ? (
        <Text id={hintId} size={200} className={styles.hint} role="note" data-submit-hint="">
          {t(module.rules.submitEnabled?.hint ?? 'engine.renderer.submitBlocked')}
        </Text>
      ) : null}
      {busy ? <Spinner size="tiny" label={t('engine.renderer.submitting')} /> : null}
      {mode === 'form' && !readOnly ? (
        <Button appearance="secondary" onClick={onReset} disabled={busy}>
          {t('engine.renderer.reset')}
        </Button>
      ) : null}
      {readOnly ? null : (
        <Button
          appearance="primary"
          type="submit"
          className={danger ? dangerStyles.solid : undefined}
          data-danger={danger || undefined}
          disabled={busy || loading || submitDisabled || !ruleAllowsSubmit}
          aria-describedby={!loading && !ruleAllowsSubmit ? hintId : undefined}
        >
          {submitLabel ?? (mode === 'item' ? t('engine.renderer.next') : t('engine.renderer.submit'))}
        </Button>
      )}
    </div>
  );
}
