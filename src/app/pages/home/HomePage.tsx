import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session';
import { usePageStyles } from '../common/page-styles';
import { Launchers } from './Launchers';

const useStyles = makeStyles({
  banner: {
    borderRadius: tokens.borderRadiusXLarge,
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalL}`,
    backgroundImage: `linear-gradient(135deg, ${tokens.colorBrandBackground}, ${tokens.colorBrandBackgroundPressed})`,
    color: tokens.colorNeutralForegroundOnBrand,
  },
});

/**
 * Home tab. For now the banner and a greeting; the approval shortcuts, lists and module
 * launchers (spec 000 §2 "Home") are added on top of this page. A module page is opened with
 * `usePageStack().push({ title, render: (close) => … })`.
 */
export function HomePage() {
  const { t } = useTranslation();
  const styles = { ...usePageStyles(), ...useStyles() };
  const { profile } = useSession();
  return (
    <section className={styles.page} data-testid="home" aria-labelledby="ringi-home-greeting">
      <div className={styles.banner} role="img" aria-label={t('app.home.banner')}>
        <Text as="p" size={500} weight="semibold">
          {t('app.home.banner')}
        </Text>
      </div>
      <Text as="h2" size={500} weight="semibold" id="ringi-home-greeting">
        {t('app.home.greeting', { name: profile?.name ?? '' })}
      </Text>
      {profile?.company && <Text className={styles.muted}>{t('app.home.company', { company: profile.company.name })}</Text>}
      <Launchers />
      <Text as="p" className={styles.muted}>
        {t('app.home.comingSoon')}
      </Text>
    </section>
  );
}
