import { Avatar, Badge, Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { SignOut24Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../feedback';
import { initialsOf, useSession } from '../../session';
import { usePageStyles } from '../common/page-styles';

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
});

/**
 * Admin tab: profile card, My organization and External companies (with their counts, not yet
 * available), and Log out behind a confirmation.
 */
export function AdminPage() {
  const { t } = useTranslation();
  const styles = { ...usePageStyles(), ...useStyles() };
  const { profile, logout } = useSession();
  const feedback = useFeedback();

  const askLogout = async () => {
    if (await feedback.confirm(t('app.admin.logoutConfirm'), t('app.admin.logoutTitle'))) logout();
  };

  const entries = [
    { key: 'myOrganization', detail: t('app.admin.colleagues', { n: profile?.my_organization_count ?? 0 }) },
    { key: 'externalCompanies', detail: t('app.admin.companies', { n: profile?.external_company_count ?? 0 }) },
  ];

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
        {entries.map((entry) => (
          <li key={entry.key} className={styles.row} aria-disabled="true">
            <span className={styles.rowText}>
              <Text>{t(`app.admin.${entry.key}`)}</Text>
              <Text size={200} className={styles.muted}>
                {entry.detail}
              </Text>
            </span>
            <Badge appearance="tint" color="subtle">
              {t('app.common.notAvailable')}
            </Badge>
          </li>
        ))}
      </ul>
      <Button className={styles.logout} appearance="secondary" size="large" icon={<SignOut24Regular />} onClick={() => void askLogout()}>
        {t('app.admin.logout')}
      </Button>
    </section>
  );
}
