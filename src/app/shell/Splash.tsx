import { Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

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

/** Shown while the stored login token is checked. */
export function Splash() {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.root} data-testid="splash" role="status">
      <Text size={800} weight="bold">
        {t('app.name')}
      </Text>
      <Spinner label={t('app.splash')} />
    </div>
  );
}
