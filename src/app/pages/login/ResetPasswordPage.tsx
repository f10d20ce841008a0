import { useState, type FormEvent } from 'react';
import { Button, Field, Input, Link, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../feedback';
import type { PageProps } from '../../navigation';
import { useSession } from '../../session';
import { usePageStyles } from '../common/page-styles';
import type { ResetPasswordBody } from '../../../wire/auth';

/** Minimum length of a new password. */
export const MIN_PASSWORD_LENGTH = 8;

/** Parameters of the page opened from the e-mailed link `/reset-password?token=…`. */
export interface ResetPasswordParams {
  token: string;
  /** Called after success or when the user gives up: the shell shows the login screen. */
  onDone: () => void;
}

/** Sets a new password with the e-mailed token: POST /reset_password {token, password}. */
export function ResetPasswordPage({ params }: PageProps<ResetPasswordParams>) {
  const { t } = useTranslation();
  const styles = usePageStyles();
  const feedback = useFeedback();
  const { api } = useSession();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (password.length < MIN_PASSWORD_LENGTH) return setProblem(t('app.reset.tooShort', { min: MIN_PASSWORD_LENGTH }));
    if (password !== repeat) return setProblem(t('app.reset.mismatch'));
    setProblem(undefined);
    setBusy(true);
    try {
      await api.post('/reset_password', { token: params.token, password } satisfies ResetPasswordBody, { ringiSilent: true });
      feedback.toast(t('app.reset.done'), 'success');
      params.onDone();
    } catch (error) {
      await feedback.alert(t('app.common.alertTitle'), error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  if (!params.token) {
    return (
      <div className={styles.page} data-testid="reset-password">
        <Text as="p">{t('app.reset.missingToken')}</Text>
        <Link as="button" type="button" onClick={params.onDone}>
          {t('app.reset.toLogin')}
        </Link>
      </div>
    );
  }

  return (
    <div className={styles.page} data-testid="reset-password">
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <Field label={t('app.reset.password')} validationMessage={problem} validationState={problem ? 'error' : 'none'}>
          <Input type="password" autoComplete="new-password" value={password} onChange={(_, data) => setPassword(data.value)} />
        </Field>
        <Field label={t('app.reset.repeat')}>
          <Input type="password" autoComplete="new-password" value={repeat} onChange={(_, data) => setRepeat(data.value)} />
        </Field>
        <Button type="submit" appearance="primary" size="large" disabled={busy}>
          {busy ? t('app.reset.submitting') : t('app.reset.submit')}
        </Button>
        <Link as="button" type="button" onClick={params.onDone}>
          {t('app.reset.toLogin')}
        </Link>
      </form>
    </div>
  );
}
