import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { SSO_REFUSALS, type SsoRefusal } from '../../../wire/sign-in';

/** What the address the app opened with says about an SSO round trip: its ticket, or its refusal. */
export function ssoCallbackParams(): { ticket: string | null; refusal: SsoRefusal | null } {
  const params = new URLSearchParams(window.location.search);
  const ticket = params.get('sso_ticket');
  const reason = params.get('sso_error');
  return {
    ticket: ticket && /^[A-Za-z0-9_-]{16,128}$/.test(ticket) ? ticket : null,
    refusal: reason === null ? null : (SSO_REFUSALS as readonly string[]).includes(reason) ? reason as SsoRefusal : 'failed',
  };
}

/**
 * The refusal page's message (issue #34 item 4): an SSO sign-in the server refused, with the
 * reason in plain words and what to do. Nobody was signed in; the form below starts again.
 */
export function SsoRefusalNotice({ reason }: { reason: SsoRefusal }) {
  const { t } = useTranslation();
  return (
    <MessageBar intent="error" layout="multiline" data-testid="sso-refused" data-reason={reason}>
      <MessageBarBody>
        <MessageBarTitle>{t('app.sso.refusedTitle')}</MessageBarTitle>
        {/* On its own line under the title: on a phone a reason run on after the title reads as one sentence. */}
        <div>{t(`app.sso.reasons.${reason}`)}</div>
      </MessageBarBody>
    </MessageBar>
  );
}
