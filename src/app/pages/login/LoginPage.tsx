import { useState, type FormEvent } from 'react';
import { Button, Field, Input, Link, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api';
import { useFeedback } from '../../feedback';
import { usePageStack } from '../../navigation';
import { useSession } from '../../session';
import { usePageStyles } from '../common/page-styles';
import { ForgotPasswordPage } from './ForgotPasswordPage';

const useStyles = makeStyles({
  heading: { marginTop: tokens.spacingVerticalXXL, textAlign: 'center' },
  // Balanced lines, Japanese broken between phrases: no "す。" left alone on the last line.
  footer: { marginTop: tokens.spacingVerticalXXL, textAlign: 'center', color: tokens.colorNeutralForeground3, textWrap: 'balance', wordBreak: 'auto-phrase' as 'normal' },
});

/** Reads the lock state and attempt count of a failed login (401 `data: {locked, failed_attempt}`). */
function loginFailure(error: ApiError): { locked: boolean; attempts: number | null } {
  const data = (error.body.data ?? {}) as { locked?: unknown; failed_attempt?: unknown };
  const locked = data.locked === true || error.code === 'ACCOUNT_LOCKED';
  const attempts = typeof data.failed_attempt === 'number' ? data.failed_attempt : null;
  return { locked, attempts };
}

/**
 * Email + password login. Empty fields are marked without a request; a 401 opens a dialog
 * (locked, or invalid with the failed-attempt count); success loads the profile and the shell
 * switches to Home.
 */
export function LoginPage() {
  // One reading of spec 000 §2 has the login screen always in Chinese; it follows the app's
  // language instead (default ja, spec 000 §9), so the picker above it changes what it shows.
  const { t } = useTranslation();
  const styles = { ...usePageStyles(), ...useStyles() };
  const { login } = useSession();
  const feedback = useFeedback();
  const stack = usePageStack();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<{ email?: string; password?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const missing = {
      email: email.trim() === '' ? t('app.login.emptyEmail') : undefined,
      password: password === '' ? t('app.login.emptyPassword') : undefined,
    };
    setProblems(missing);
    if (missing.email || missing.password) return;
    setBusy(true);
    try {
      await login(email.trim(), password);
    } catch (error) {
      const title = t('app.common.alertTitle');
      if (error instanceof ApiError && error.status === 401) {
        const { locked, attempts } = loginFailure(error);
        const message = locked ? t('app.login.locked') : t('app.login.invalid', { n: attempts ?? '' });
        await feedback.alert(title, message);
      } else {
        await feedback.alert(title, error instanceof Error ? error.message : String(error));
      }
    } finally {
      setBusy(false);
    }
  };

  const openForgot = () => {
    void stack.push({ title: { key: 'app.forgot.title' }, component: ForgotPasswordPage, params: { email: email.trim() } });
  };

  return (
    <div className={styles.page} data-testid="login">
      <Text as="h2" size={600} weight="semibold" className={styles.heading}>
        {t('app.login.heading')}
      </Text>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <Field label={t('app.login.email')} validationMessage={problems.email} validationState={problems.email ? 'error' : 'none'}>
          <Input type="email" autoComplete="username" value={email} onChange={(_, data) => setEmail(data.value)} />
        </Field>
        <Field
          label={t('app.login.password')}
          validationMessage={problems.password}
          validationState={problems.password ? 'error' : 'none'}
        >
          <Input type="password" autoComplete="current-password" value={password} onChange={(_, data) => setPassword(data.value)} />
        </Field>
        <Link as="button" type="button" onClick={openForgot}>
          {t('app.login.forgot')}
        </Link>
        <Button type="submit" appearance="primary" size="large" disabled={busy}>
          {busy ? t('app.login.submitting') : t('app.login.submit')}
        </Button>
      </form>
      <Text as="p" size={200} className={styles.footer}>
        {t('app.login.footer')}
      </Text>
    </div>
  );
}
