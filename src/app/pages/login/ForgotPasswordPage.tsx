import { useState, type FormEvent } from 'react';
import { Button, Field, Input, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api';
import { useFeedback } from '../../feedback';
import type { PageProps } from '../../navigation';
import { useSession } from '../../session';
import { usePageStyles } from '../common/page-styles';
import type { ForgetPasswordBody } from '../../../wire/auth';

// Deliberately loose: the server decides whether the address belongs to an account.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * "Forgot password": POST /forget_password {email}. Empty → alert asking for the email;
 * malformed or refused → alert "invalid email address"; sent → success toast, then back.
 */
export function ForgotPasswordPage({ params, close }: PageProps<{ email?: string }>) {
  const { t } = useTranslation();
  const styles = usePageStyles();
  const feedback = useFeedback();
  const { api } = useSession();
  const [email, setEmail] = useState(params?.email ?? '');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const title = t('app.common.alertTitle');
    const value = email.trim();
    if (value === '') return feedback.alert(title, t('app.forgot.empty'));
    if (!EMAIL.test(value)) return feedback.alert(title, t('app.forgot.invalidEmail'));
    setBusy(true);
    try {
      await api.post('/forget_password', { email: value } satisfies ForgetPasswordBody, { ringiSilent: true });
      feedback.toast(t('app.forgot.sent'), 'success');
      close();
    } catch (error) {
      // Only a 400 means the address itself is not usable (malformed). An unknown address gets the
      // same neutral "sent" answer as a known one (the server does not reveal accounts); any other
      // failure (rate limit, transport) says so itself.
      const refused = error instanceof ApiError && error.status === 400;
      await feedback.alert(title, refused || !(error instanceof Error) ? t('app.forgot.invalidEmail') : error.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.page} data-testid="forgot-password">
      <Text as="p">{t('app.forgot.intro')}</Text>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <Field label={t('app.forgot.email')}>
          <Input type="email" autoComplete="email" value={email} onChange={(_, data) => setEmail(data.value)} />
        </Field>
        <Button type="submit" appearance="primary" size="large" disabled={busy}>
          {busy ? t('app.forgot.submitting') : t('app.forgot.submit')}
        </Button>
      </form>
    </div>
  );
}
