import { Button, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  failed: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  empty: { color: tokens.colorNeutralForeground3, textAlign: 'center' },
});

/** What ListStates reads of a list's query (TanStack Query's result). */
export interface ListQuery {
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  refetch: () => unknown;
}

/**
 * The states of a page's list around its rows: a spinner while it loads, the failure with a
 * retry button, and the empty text once it loaded with no row (`count` = the rows shown). The
 * rows themselves are the page's. `asked` false: the query waits for a choice (a company), so no
 * spinner shows.
 */
export function ListStates({ query, count, asked = true, loadFailed, retry, empty, emptyTestId }: {
  query: ListQuery;
  count: number;
  asked?: boolean;
  loadFailed: string;
  retry: string;
  empty: string;
  emptyTestId?: string;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  if (query.isPending) return asked ? <Spinner size="small" label={t('app.common.loading')} /> : null;
  if (query.isError) {
    return (
      <div className={styles.failed}>
        <Text role="alert">{loadFailed}</Text>
        <Button appearance="secondary" size="small" onClick={() => void query.refetch()}>{retry}</Button>
      </div>
    );
  }
  if (query.isSuccess && count === 0) return <Text className={styles.empty} data-testid={emptyTestId}>{empty}</Text>;
  return null;
}
