import { lazy, memo, useDeferredValue, useEffect, type ReactElement } from 'react';
import { Button, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import {
  AppsRegular, CartRegular, DataBarVerticalRegular, DocumentTextRegular, MoneyRegular, PaymentRegular, ReceiptRegular, SignatureRegular,
} from '@fluentui/react-icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usePageStack } from '../../navigation';
import { useSession } from '../../session';
import { openApplication } from '../application/open-application';
import { prefetchForms } from '../application/prefetch-forms';
import { whenIdle } from '../../lib/when-idle';
import { useRendererHost } from '../../../renderer/host';
import { moduleDefinitionListOptions } from '../../api/queries';

import type { LauncherGroup } from '../../../engine';

const LauncherGroupPage = lazy(async () => ({ default: (await import('./LauncherGroupPage')).LauncherGroupPage }));
const StampStatisticsPage = lazy(async () => ({ default: (await import('../stamp-statistics/StampStatisticsPage')).StampStatisticsPage }));

/** Icons a definition may name in `ui:module.launcher.icon`; unknown names get a generic one. */
const ICONS: Record<string, ReactElement> = {
  receipt: <ReceiptRegular />,
  payment: <PaymentRegular />,
  cart: <CartRegular />,
  documentText: <DocumentTextRegular />,
  stamp: <SignatureRegular />,
  money: <MoneyRegular />,
};

const useStyles = makeStyles({
  // A tile is never narrower than its longest word ("Reimbursement" needed 117 px in a 112 px
  // tile at 390 px): the columns share the row but none goes under its label's min-content, and
  // the tiles keep little side padding and column gap so three English labels fit a phone's row.
  grid: { display: 'grid', gridTemplateColumns: 'repeat(3, minmax(min-content, 1fr))', columnGap: tokens.spacingHorizontalXS, rowGap: tokens.spacingVerticalS },
  launcher: {
    display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, height: 'auto', minHeight: '84px', minWidth: 0,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalXS}`, whiteSpace: 'normal', textAlign: 'center',
  },
});

interface Entry {
  key: string;
  order: number;
  label: string;
  icon: ReactElement;
  /** The module whose form the launcher opens (none for a group or Stamp Statistics). */
  module?: string;
  open(): void;
}

/**
 * Home's launchers (spec 000 §2): one per module whose definition has `ui:module.launcher`,
 * read from `GET /module-definitions` (a module added on the server appears without a rebuild),
 * in `launcher.order`, labelled `launcher.label` or else the module title; each `launcher.group`
 * adds one launcher at the group's order that opens the group's page listing its modules (the
 * collection index), and a `groupOnly` module is offered there only; Stamp Statistics last, only
 * for authorizer, legal or treasury users. A launcher's optional `roles` lists profile flags.
 */
export const Launchers = memo(function Launchers() {
  const { t } = useTranslation();
  const styles = useStyles();
  const stack = usePageStack();
  const { profile, api } = useSession();
  const client = useQueryClient();
  const host = useRendererHost();
  const { data, isPending } = useQuery(moduleDefinitionListOptions(host.api));
  // The answer is rendered in a transition (sliced), not in the query's synchronous update.
  const modules = useDeferredValue(data);
  const flags = (profile ?? {}) as unknown as Record<string, unknown>;

  const offered = (modules ?? [])
    .filter((m) => m.kind === 'module' && m.meta.launcher)
    .filter((m) => !m.meta.launcher?.roles?.length || m.meta.launcher.roles.some((role) => flags[role] === true));
  const groups = new Map<string, LauncherGroup>();
  const entries: Entry[] = [];
  for (const m of offered) {
    const group = m.meta.launcher?.group;
    if (group && !groups.has(group.key)) groups.set(group.key, group);
    if (m.meta.launcher?.groupOnly) continue;
    entries.push({
      key: m.code,
      order: m.meta.launcher?.order ?? 999,
      label: t(m.meta.launcher?.label ?? m.meta.title),
      icon: ICONS[m.meta.launcher?.icon ?? ''] ?? <AppsRegular />,
      module: m.code,
      open: () => void openApplication(stack, m.code, m.meta.title),
    });
  }
  for (const group of groups.values()) {
    entries.push({
      key: group.key, order: group.order, label: t(group.title), icon: ICONS[group.icon ?? ''] ?? <AppsRegular />,
      open: () => void stack.push({ title: { key: group.title }, component: LauncherGroupPage, params: group }),
    });
  }
  entries.sort((a, b) => a.order - b.order || a.key.localeCompare(b.key));
  // Once Home is idle, what the launchers' forms need is fetched (in launcher order), so a tap
  // renders the form instead of waiting for the network on a slow phone line (docs/PERFORMANCE.md).
  const formModules = entries.flatMap((entry) => (entry.module ? [entry.module] : [])).join(',');
  useEffect(() => {
    if (!formModules) return undefined;
    return whenIdle(() => void prefetchForms(client, api, formModules.split(','), host.language), 4000);
  }, [client, api, formModules, host.language]);
  if (profile && (profile.is_authorizer || profile.is_legal || profile.is_treasury)) {
    entries.push({
      key: 'stamp-statistics', order: 1000, label: t('app.launchers.stampStatistics'), icon: <DataBarVerticalRegular />,
      open: () => void stack.push({ title: { key: 'app.launchers.stampStatistics' }, component: StampStatisticsPage, params: undefined }),
    });
  }

  return (
    <nav aria-label={t('app.launchers.title')} data-testid="launchers">
      {isPending || (modules === undefined && data !== undefined) ? <Spinner size="small" label={t('app.common.loading')} /> : null}
      <div className={styles.grid}>
        {entries.map((entry) => (
          <Button key={entry.key} className={styles.launcher} appearance="subtle" icon={entry.icon} onClick={entry.open} data-launcher={entry.key}>
            {entry.label}
          </Button>
        ))}
      </div>
    </nav>
  );
});
