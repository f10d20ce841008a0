import { Suspense, lazy, useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Field, Input, Link, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api';
import { useFeedback } from '../../feedback';
import { usePageStack } from '../../navigation';
import { useSession } from '../../session';
import { usePageStyles } from '../common/page-styles';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { SsoRefusalNotice, ssoCallbackParams } from './SsoRefusalNotice';
import type { DiscoverBody, DiscoverReply } from '../../../wire/sign-in';

// Decisions taken offline that still wait for their user (issue #33 item 3): read from the device's store after the first paint.
const WaitingDecisionsNotice = lazy(() => import('../../offline/WaitingDecisionsNotice'));

/** Milliseconds after the last keystroke in the e-mail before its domain is looked up. */
const DISCOVER_DELAY_MS = 400;

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
 * Email first, then password or single sign-on (issue #34 item 1). The e-mail's domain is looked
 * up (`POST /sign_in/discover`) as it is typed and again at submit: a company that signs in
 * through its IdP gets "Continue with single sign-on" (the browser goes to the IdP) and a link to
 * use a password instead (its break-glass admin; the server refuses the others with a clear
 * message); every other address sees today's page with the password field at once. Empty fields
 * are marked without a request; a 401 opens a dialog (locked, or invalid with the failed-attempt
 * count); success loads the profile and the shell switches to Home. Back from the IdP, the
 * address's one-time ticket signs in, or its refusal reason is shown above the form.
 */
export function LoginPage() {
  // One reading of spec 000 §2 has the login screen always in Chinese; it follows the app's
  // language instead (default ja, spec 000 §9), so the picker above it changes what it shows.
  const { t } = useTranslation();
  const styles = { ...usePageStyles(), ...useStyles() };
  const { login, loginWithTicket, api } = useSession();
  const feedback = useFeedback();
  const stack = usePageStack();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<{ email?: string; password?: string }>({});
  const [busy, setBusy] = useState(false);
  // The SSO answer of the e-mail typed (null: password, or not known yet) and the break-glass choice.
  const [sso, setSso] = useState<{ email: string; url: string; required: boolean } | null>(null);
  const [passwordChosen, setPasswordChosen] = useState(false);
  const [callback] = useState(ssoCallbackParams);
  const asked = useRef(0);

  /** How the address signs in: its SSO answer, or null for a password (also when the lookup fails). */
  const discover = async (address: string) => {
    const ask = (asked.current += 1);
    const reply = await api.post<DiscoverReply>('/sign_in/discover', { email: address } satisfies DiscoverBody, { ringiSilent: true }).catch(() => null);
    const found = reply?.data?.method === 'sso' && reply.data.sso_url ? { email: address, url: reply.data.sso_url, required: reply.data.sso_required === true } : null;
    if (ask === asked.current) setSso(found);
    return found;
  };

  useEffect(() => {
    const address = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) {
      setSso(null);
      return undefined;
    }
    const timer = window.setTimeout(() => void discover(address), DISCOVER_DELAY_MS);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- looks up the typed address only
  }, [email]);

  // Back from the IdP with a ticket: exchange it once, and take it out of the address.
  useEffect(() => {
    if (!callback.ticket) return;
    window.history.replaceState(null, '', '/');
    setBusy(true);
    loginWithTicket(callback.ticket).catch(async (error: unknown) => {
      setBusy(false);
      await feedback.alert(t('app.common.alertTitle'), error instanceof Error ? error.message : String(error));
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the address the page opened with
  }, []);

  const usingSso = sso !== null && sso.email === email.trim() && !passwordChosen;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const address = email.trim();
    if (address !== '' && !passwordChosen) {
      const found = sso?.email === address ? sso : await discover(address);
      if (found) {
        setBusy(true);
        window.location.assign(found.url);
        return;
      }
    }
    const missing = {
      email: address === '' ? t('app.login.emptyEmail') : undefined,
      password: password === '' ? t('app.login.emptyPassword') : undefined,
    };
    setProblems(missing);
    if (missing.email || missing.password) return;
    setBusy(true);
    try {
      await login(email.trim(), password);
    } catch (error) {
      const title = t('app.common.alertTitle');
      if (error instanceof ApiError && error.status === 403) {
        await feedback.alert(t('app.sso.passwordRefusedTitle'), error.message);
      } else if (error instanceof ApiError && error.status === 401) {
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
      {callback.refusal ? <SsoRefusalNotice reason={callback.refusal} /> : null}
      <Suspense fallback={null}><WaitingDecisionsNotice /></Suspense>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <Field label={t('app.login.email')} validationMessage={problems.email} validationState={problems.email ? 'error' : 'none'}>
          <Input type="email" autoComplete="username" value={email} onChange={(_, data) => { setEmail(data.value); setPasswordChosen(false); }} />
        </Field>
        {usingSso ? (
          <>
            <Text data-testid="sso-note">{t(sso.required ? 'app.sso.requiredNote' : 'app.sso.note')}</Text>
            <Button type="submit" appearance="primary" size="large" disabled={busy} data-testid="sso-continue">
              {t('app.sso.continue')}
            </Button>
            <Link as="button" type="button" onClick={() => setPasswordChosen(true)} data-testid="sso-use-password">
              {t('app.sso.usePassword')}
            </Link>
          </>
        ) : (
          <>
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
          </>
        )}
      </form>
      <Text as="p" size={200} className={styles.footer}>
        {t('app.login.footer')}
      </Text>
    </div>
  );
}
