import { Badge, Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { EditRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useRendererHost } from '../../../renderer/host';
import type { CompanySignIn } from '../../../wire/sign-in';
import { usePageStyles } from '../common/page-styles';
import { CompanyChooser, useChosenCompany } from './CompanyChooser';
import { CompanyQueryState } from './CompanyQueryState';
import { useEntityRequest } from './open-entity-form';
import { signInOptions } from './organisation-queries';

const useStyles = makeStyles({
  card: {
    display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge, backgroundColor: tokens.colorNeutralBackground1, boxShadow: tokens.shadow2,
  },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  term: { color: tokens.colorNeutralForeground3 },
  value: { overflowWrap: 'anywhere' },
});

/** The settings as the sign-in entity module's form data (what a change request starts from). */
function formData(s: CompanySignIn) {
  return {
    company_id: s.company_id, method: s.method, email_domains: s.email_domains.join('\n') || null, sso_required: s.sso_required,
    break_glass_email: s.break_glass?.email ?? null, jit: s.jit, oidc_issuer: s.oidc_issuer, oidc_client_id: s.oidc_client_id,
    oidc_client_secret: null, saml_metadata_url: s.saml_metadata_url, saml_entity_id: s.saml_entity_id, saml_sso_url: s.saml_sso_url,
    saml_email_attribute: s.saml_email_attribute,
  };
}

/**
 * Admin → Sign-in settings (issue #34 item 1): how a company's people sign in — password, OIDC
 * or SAML —, whether SSO is required and who the break-glass admin is, the e-mail domains, and
 * the addresses to give the IdP. "Request a change" files the sign-in entity module's edit; the
 * settings change when the request is approved (and the company's sessions end then). A group
 * admin chooses the company; an authorizer sees their own.
 */
export function SignInSettingsPage() {
  const { t } = useTranslation();
  const styles = { ...usePageStyles(), ...useStyles() };
  const host = useRendererHost();
  const requestChange = useEntityRequest();
  const [companyId, setCompanyId] = useChosenCompany();
  const settings = useQuery({ ...signInOptions(host.api, companyId ?? 0), enabled: companyId !== null });
  const s = settings.data;

  const change = async () => {
    if (companyId === null || !s) return;
    await requestChange('sign-in', 'app.signIn.changeTitle', {
      operation: 'edit', targetId: companyId, initialData: formData(s), readOnlyFields: ['company_id'],
    });
  };
  const row = (term: string, value: string | null | undefined, testId?: string) => (value ? (
    <div>
      <Text size={200} className={styles.term} block>{term}</Text>
      <Text className={styles.value} data-testid={testId}>{value}</Text>
    </div>
  ) : null);

  return (
    <section className={styles.page} data-testid="sign-in-settings-page">
      <Text>{t('app.signIn.intro')}</Text>
      <CompanyChooser value={companyId} onChange={setCompanyId} />
      <CompanyQueryState query={settings} companyChosen={companyId !== null} />
      {s ? (
        <>
          <div className={styles.card} data-testid="sign-in-method">
            <span className={styles.head}>
              <Text weight="semibold">{t(`company-sign-in.method.options.${s.method}`)}</Text>
              {s.sso_required ? <Badge appearance="tint" color="warning">{t('app.signIn.required')}</Badge> : null}
              {s.jit ? <Badge appearance="tint" color="informative">{t('app.signIn.jit')}</Badge> : null}
            </span>
            {row(t('app.signIn.domains'), s.email_domains.join(t('app.organisation.listSeparator')))}
            {row(t('app.signIn.breakGlass'), s.break_glass ? `${s.break_glass.name} (${s.break_glass.email})` : null)}
          </div>
          {s.method === 'oidc' ? (
            <div className={styles.card} data-testid="sign-in-oidc">
              {row(t('company-sign-in.oidc_issuer.label'), s.oidc_issuer)}
              {row(t('company-sign-in.oidc_client_id.label'), s.oidc_client_id)}
              {row(t('app.signIn.secret'), t(s.oidc_client_secret_set ? 'app.signIn.secretSet' : 'app.signIn.secretNotSet'), 'sign-in-secret')}
              {row(t('app.signIn.redirectUri'), s.oidc_redirect_uri)}
            </div>
          ) : null}
          {s.method === 'saml' ? (
            <div className={styles.card} data-testid="sign-in-saml">
              {row(t('company-sign-in.saml_metadata_url.label'), s.saml_metadata_url)}
              {row(t('company-sign-in.saml_entity_id.label'), s.saml_entity_id)}
              {row(t('company-sign-in.saml_sso_url.label'), s.saml_sso_url)}
              {s.saml_certificates.map((c) => row(t('app.signIn.certificate'), t('app.signIn.certificateValue', { subject: c.subject, date: c.valid_to.slice(0, 10) })))}
              {row(t('app.signIn.spEntityId'), s.sp_entity_id)}
              {row(t('app.signIn.spAcs'), s.sp_acs_url)}
              {s.sp_certificate ? row(t('app.signIn.spCertificate'), t('app.signIn.certificateValue', { subject: s.sp_certificate.subject, date: s.sp_certificate.valid_to.slice(0, 10) }), 'sign-in-sp-certificate') : null}
            </div>
          ) : null}
          {s.method === 'password' ? <Text className={styles.muted}>{t('app.signIn.passwordOnly')}</Text> : null}
          <Button appearance="primary" icon={<EditRegular />} onClick={() => void change()} data-testid="sign-in-change">
            {t('app.signIn.change')}
          </Button>
        </>
      ) : null}
    </section>
  );
}
