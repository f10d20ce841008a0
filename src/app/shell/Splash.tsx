import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { PageEntry } from '../navigation';
import { ProgressSpinner } from './ProgressSpinner';
import { Toolbar } from './Toolbar';

const useStyles = makeStyles({
  root: {
    flexGrow: 1,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalL,
  },
});

/** The bar's page on Home's splash. */
const HOME_TITLE: PageEntry = { id: 0, title: { key: 'app.home.title' }, render: () => null, settle: () => {} };

export interface SplashProps {
  /**
   * On Home's address: Home's bar and banner where Home paints them, so Home opens under a banner
   * already there. The banner is the static first screen's (`fs-home`, `fs-banner`: its CSS is in
   * the built index.html, scripts/lib/first-screen-plugin.ts), not Home's own component, which
   * stays out of the first screen's JavaScript.
   */
  home?: boolean;
}

/** Shown while the stored login token is checked. */
export function Splash({ home = false }: SplashProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const status = (
    <div className={styles.root} data-testid="splash" role="status">
      {home ? null : (
        <Text size={800} weight="bold">
          {t('app.name')}
        </Text>
      )}
      <ProgressSpinner label={t('app.splash')} />
    </div>
  );
  if (!home) return status;
  return (
    <>
      <Toolbar top={HOME_TITLE} depth={1} onBack={() => {}} />
      <div className="fs-home">
        <div className="fs-banner" role="img" aria-label={t('app.home.banner')}>
          <p>{t('app.home.banner')}</p>
        </div>
      </div>
      {status}
    </>
  );
}
