import { Suspense } from 'react';
import { Badge, Button, Spinner, Text } from '@fluentui/react-components';
import { ChevronRightRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useRendererHost } from '../../../renderer/host';
import { usePageStyles } from '../common/page-styles';
import { STATISTIC_SCREENS } from './screens';

/** Spec 001 §2 "Statistic area": the menu, in the spec's order (translation keys under app.statistic). */
export const STATISTIC_MENU = [
  'paymentProjection',
  'invoiceManagement',
  'companyBankAccount',
  'expenseAccount',
  'export',
  'documentSearch',
  // Electronic records (電子帳簿保存法; docs/COMPLIANCE.md): our entry after the spec's six.
  'records',
  // Exchange rates (issue #35 item 5): the company's rate table and reporting currency.
  'exchangeRates',
  // Journal export (issue #35): decided documents as journals for 弥生, MoneyForward, freee.
  'journalExport',
  // Budget vs actual (issue #36 item 4): budgets per department and expense account against what is consumed and reserved.
  'budgets',
] as const;

/** Statistic tab: the menu; a built screen opens as a page, the others are marked not yet available. */
export function StatisticPage() {
  const { t } = useTranslation();
  const host = useRendererHost();
  const styles = usePageStyles();
  return (
    <section className={styles.page} data-testid="statistic">
      <ul className={styles.list} aria-label={t('app.statistic.menuLabel')}>
        {STATISTIC_MENU.map((entry) => {
          const Screen = STATISTIC_SCREENS[entry];
          return Screen ? (
            <li key={entry} className={styles.row}>
              <Button
                appearance="transparent"
                icon={<ChevronRightRegular />}
                iconPosition="after"
                style={{ flexGrow: 1, justifyContent: 'space-between' }}
                onClick={() => void host.openPage({ key: `app.statistic.${entry}` }, () => (
                  <Suspense fallback={<Spinner />}><Screen /></Suspense>
                ))}
              >
                {t(`app.statistic.${entry}`)}
              </Button>
            </li>
          ) : (
            <li key={entry} className={styles.row} aria-disabled="true">
              <Text className={styles.rowText}>{t(`app.statistic.${entry}`)}</Text>
              <Badge appearance="tint" color="subtle">{t('app.common.notAvailable')}</Badge>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
