import { Button, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

/**
 * Loading and failure of a company's organisation data (positions, calendar): a spinner while a
 * chosen company's data loads, else the failure with Try again; nothing once it is in.
 */
export function CompanyQueryState({ query, companyChosen }: {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  companyChosen: boolean;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  if (query.isPending && companyChosen) return <Spinner size="small" label={t('app.common.loading')} />;
  if (!query.isError) return null;
  return (
    <div className={styles.row}>
      <Text role="alert">{t('app.admin.loadFailed')}</Text>
      <Button appearance="secondary" size="small" onClick={() => void query.refetch()}>{t('app.organisation.retry')}</Button>
    </div>
  );
}
