import { Badge, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { usePageStyles } from '../common/page-styles';

/** Spec 001 §2 "Statistic area": the menu, in the spec's order (translation keys under app.statistic). */
export const STATISTIC_MENU = [
  'paymentProjection',
  'invoiceManagement',
  'companyBankAccount',
  'expenseAccount',
  'export',
  'documentSearch',
] as const;

/** Statistic tab: the menu, each entry honestly marked as not yet available. */
export function StatisticPage() {
  const { t } = useTranslation();
  const styles = usePageStyles();
  return (
    <section className={styles.page} data-testid="statistic">
      <ul className={styles.list} aria-label={t('app.statistic.menuLabel')}>
        {STATISTIC_MENU.map((entry) => (
          <li key={entry} className={styles.row} aria-disabled="true">
            <Text className={styles.rowText}>{t(`app.statistic.${entry}`)}</Text>
            <Badge appearance="tint" color="subtle">
              {t('app.common.notAvailable')}
            </Badge>
          </li>
        ))}
      </ul>
    </section>
  );
}
