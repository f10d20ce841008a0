import { Avatar, Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronRightRegular, SignOut24Regular } from '@fluentui/react-icons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { useRendererHost } from '../../../renderer/host';
import { companyOptions } from '../../api/queries';
import { useFeedback } from '../../feedback';
import { usePageStack } from '../../navigation';
import { initialsOf, useSession } from '../../session';
import { openApplication } from '../application/open-application';
import { usePageStyles } from '../common/page-styles';
import { openStudio } from '../studio/open-studio';
import { adminEntries, type AdminEntryKey } from './admin-entries';
import { BackgroundsPage } from './BackgroundsPage';
import { CompaniesPage } from './CompaniesPage';
import { companyFormData } from './company-form-data';
import { useEntityModule } from './entity-module';
import { useEntityRequest } from './open-entity-form';
import { OrganizationPage } from './OrganizationPage';
import { PositionsPage } from './PositionsPage';
import { CalendarPage } from './CalendarPage';
import { WebhooksPage } from './WebhooksPage';
import { JournalMappingPage } from './JournalMappingPage';
import { DeputiesPage, ProxyFilersPage } from '../deputies/DeputiesPage';
import { NotificationsPage } from '../notifications/NotificationsPage';
import { ScimTokensPage } from './ScimTokensPage';
import { SignInSettingsPage } from './SignInSettingsPage';
import { SessionsPage } from '../sessions/SessionsPage';
import { AccessLogPage } from '../access-log/AccessLogPage';

const SignOutWarning = lazy(() => import('../../offline/SignOutWarning'));
const FollowUpsPendingPage = lazy(async () => ({ default: (await import('../follow-ups/FollowUpsPendingPage')).FollowUpsPendingPage }));

const useStyles = makeStyles({
  card: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalL,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
  },
  logout: { alignSelf: 'stretch' },
  entry: { justifyContent: 'space-between', width: '100%', minHeight: '48px', fontWeight: tokens.fontWeightRegular },
});

/**
 * Admin tab (spec 000 §2): profile card with initials, then the entries §6 allows the user —
 * My organization (colleague count), External companies (company count), Background groups
 * (group admins), Create company (group members), Edit company (own company), Create user —
 * and Log out behind a confirmation. Organisation changes are requests through approval.
 */
export function AdminPage() {
  const { t } = useTranslation();
  const styles = { ...usePageStyles(), ...useStyles() };
  const { profile, roles, logout, api } = useSession();
  const feedback = useFeedback();
  const stack = usePageStack();
  const host = useRendererHost();
  const queryClient = useQueryClient();
  const entityModule = useEntityModule();
  const requestChange = useEntityRequest();

  // Decisions taken offline and not sent yet would be forgotten with the device's copies: the warning says how many (issue #33 item 3).
  const [unsentWarning, setUnsentWarning] = useState(false);
  const askLogout = async () => {
    const { waitingDecisionCount } = await import('../../offline/SignOutWarning');
    if (profile && (await waitingDecisionCount(profile.id)) > 0) setUnsentWarning(true);
    else if (await feedback.confirm(t('app.admin.logoutConfirm'), t('app.admin.logoutTitle'))) logout();
  };

  const open: Record<AdminEntryKey, () => unknown> = {
    myOrganization: () => stack.push({ title: { key: 'app.admin.myOrganization' }, component: OrganizationPage, params: {} }),
    externalCompanies: () => stack.push({ title: { key: 'app.admin.externalCompanies' }, component: CompaniesPage, params: undefined }),
    backgroundGroups: () => stack.push({ title: { key: 'app.admin.backgroundGroups' }, component: BackgroundsPage, params: undefined }),
    createCompany: async () => openApplication(stack, await entityModule('company'), 'app.admin.createCompany'),
    editCompany: async () => {
      const id = profile?.company?.id;
      if (!id) return;
      const company = await queryClient.fetchQuery(companyOptions(host.api, id));
      await requestChange('company', 'app.admin.editCompany', { operation: 'edit', targetId: id, initialData: companyFormData(company) });
    },
    createUser: async () => openApplication(stack, await entityModule('user'), 'app.admin.createUser'),
    positions: () => stack.push({ title: { key: 'app.admin.positions' }, component: PositionsPage, params: undefined }),
    calendars: () => stack.push({ title: { key: 'app.admin.calendars' }, component: CalendarPage, params: undefined }),
    webhooks: () => stack.push({ title: { key: 'app.admin.webhooks' }, component: WebhooksPage, params: undefined }),
    journalMapping: () => stack.push({ title: { key: 'app.admin.journalMapping' }, component: JournalMappingPage, params: undefined }),
    deputies: () => stack.push({ title: { key: 'app.admin.deputies' }, component: DeputiesPage, params: undefined }),
    proxyFilers: () => stack.push({ title: { key: 'app.admin.proxyFilers' }, component: ProxyFilersPage, params: undefined }),
    followUps: () => stack.push({ title: { key: 'app.followUps.pending.title' }, component: FollowUpsPendingPage, params: undefined }),
    notifications: () => stack.push({ title: { key: 'app.admin.notifications' }, component: NotificationsPage, params: {} }),
    scimTokens: () => stack.push({ title: { key: 'app.admin.scimTokens' }, component: ScimTokensPage, params: undefined }),
    signIn: () => stack.push({ title: { key: 'app.admin.signIn' }, component: SignInSettingsPage, params: undefined }),
    sessions: () => stack.push({ title: { key: 'app.admin.sessions' }, component: SessionsPage, params: undefined }),
    accessLog: () => stack.push({ title: { key: 'app.admin.accessLog' }, component: AccessLogPage, params: undefined }),
  };
  const details: Partial<Record<AdminEntryKey, string>> = {
    myOrganization: t('app.admin.colleagues', { count: profile?.my_organization_count ?? 0 }),
    externalCompanies: t('app.admin.companies', { count: profile?.external_company_count ?? 0 }),
    positions: t('app.admin.positionsDetail'),
    calendars: t('app.admin.calendarsDetail'),
    webhooks: t('app.admin.webhooksDetail'),
    journalMapping: t('app.admin.journalMappingDetail'),
    deputies: t('app.admin.deputiesDetail'),
    proxyFilers: t('app.admin.proxyFilersDetail'),
    followUps: t('app.admin.followUpsDetail'),
    notifications: t('app.admin.notificationsDetail'),
    scimTokens: t('app.admin.scimTokensDetail'),
    signIn: t('app.admin.signInDetail'),
    sessions: t('app.admin.sessionsDetail'),
    accessLog: t('app.admin.accessLogDetail'),
  };

  return (
    <section className={styles.page} data-testid="admin">
      {profile && (
        <div className={styles.card} data-testid="profile-card">
          <Avatar size={56} color="brand" initials={initialsOf(profile)} name={profile.name} />
          <div className={styles.rowText}>
            <Text size={500} weight="semibold">
              {profile.name}
            </Text>
            <Text className={styles.muted}>{profile.email}</Text>
            {profile.company && <Text className={styles.muted}>{profile.company.name}</Text>}
          </div>
        </div>
      )}
      <ul className={styles.list} aria-label={t('app.admin.menuLabel')}>
        {adminEntries(profile).map((key) => (
          <li key={key} className={styles.row}>
            <Button className={styles.entry} appearance="transparent" icon={<ChevronRightRegular />} iconPosition="after" onClick={() => void open[key]()} data-entry={key}>
              <span className={styles.rowText} style={{ textAlign: 'start' }}>
                <Text>{t(`app.admin.${key}`)}</Text>
                {details[key] ? <Text size={200} className={styles.muted}>{details[key]}</Text> : null}
              </span>
            </Button>
          </li>
        ))}
        {roles.includes('ROLE_GROUP_ADMIN') && (
          <li className={styles.row}>
            <Button className={styles.entry} appearance="transparent" icon={<ChevronRightRegular />} iconPosition="after" onClick={() => openStudio(stack)} data-testid="admin-studio">
              <span className={styles.rowText} style={{ textAlign: 'start' }}>
                <Text>{t('studio.entry')}</Text>
                <Text size={200} className={styles.muted}>{t('studio.entryDetail')}</Text>
              </span>
            </Button>
          </li>
        )}
      </ul>
      <Button className={styles.logout} appearance="secondary" size="large" icon={<SignOut24Regular />} onClick={() => void askLogout()}>
        {t('app.admin.logout')}
      </Button>
      {unsentWarning ? (
        <Suspense fallback={null}>
          <SignOutWarning api={api} userId={profile?.id ?? 0} onCancel={() => setUnsentWarning(false)} onSignOut={() => { setUnsentWarning(false); logout(); }} />
        </Suspense>
      ) : null}
    </section>
  );
}
