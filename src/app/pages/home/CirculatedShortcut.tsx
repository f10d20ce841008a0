import { lazy, memo } from 'react';
import { Button, CounterBadge, makeStyles, tokens } from '@fluentui/react-components';
import { InfoRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useRendererHost } from '../../../renderer/host';
import { usePageStack } from '../../navigation';
import { CIRCULATED_PATH } from '../../lib/circulated-key';
import { resourceKey } from '../../../renderer/resource-key';
import type { QueryParams } from '../../lib/query-string';
import type { CirculatedItem, CirculatedQuery } from '../../../wire/workflow';
import type { Collection } from '../../../wire/common';

const CirculatedListPage = lazy(async () => ({ default: (await import('../approvals/CirculatedListPage')).CirculatedListPage }));

const useStyles = makeStyles({
  button: { justifyContent: 'flex-start', gap: tokens.spacingHorizontalS },
});

const UNREAD_PARAMS = { unread: '1', itemsPerPage: 1 } satisfies QueryParams<CirculatedQuery>;

/**
 * Home's entry to "For your information" (回覧, issue #20) with the number of circulated
 * documents not yet read (`/buffer/circulated?unread=1`), fetched again when invalidated (a
 * mark-read, a document action, Home shown again).
 */
export const CirculatedShortcut = memo(function CirculatedShortcut() {
  const { t } = useTranslation();
  const host = useRendererHost();
  const stack = usePageStack();
  const styles = useStyles();
  const unread = useQuery({
    queryKey: resourceKey(CIRCULATED_PATH, UNREAD_PARAMS, 'total'),
    queryFn: async () => (await host.api.get<Collection<CirculatedItem>>(CIRCULATED_PATH, UNREAD_PARAMS))['hydra:totalItems'] ?? 0,
  });
  const count = unread.data ?? 0;
  return (
    <Button
      className={styles.button}
      appearance="subtle"
      icon={<InfoRegular />}
      data-shortcut="circulated"
      aria-label={count ? t('app.circulated.titleWithCount', { count }) : t('app.circulated.title')}
      onClick={() => void stack.push({ title: { key: 'app.circulated.title' }, component: CirculatedListPage, params: {} })}
    >
      {t('app.circulated.title')}
      {count ? <CounterBadge count={count} overflowCount={99} size="small" data-testid="circulated-badge" /> : null}
    </Button>
  );
});
