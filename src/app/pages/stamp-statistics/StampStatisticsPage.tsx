import { useMemo, useState } from 'react';
import { Badge, Button, Card, CardHeader, Link, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { formatMoney, toDisplayDate } from '../../../engine';
import { useRendererHost } from '../../../renderer/host';
import { useQuery } from '@tanstack/react-query';
import { useSearchList } from '../statistic/document-search/use-search-list';
import { moduleDefinitionListOptions } from '../../api/queries';
import { StampFilterSheet } from './StampFilterSheet';
import { describeStampFilter } from './describe-stamp-filter';
import { downloadExport } from '../../api/download-export';
import { DEFAULT_STAMP_FILTER, queryString, stampParams, type StampFilter } from './stamp-query';
import type { StampQuery, StampRow } from '../../../wire/stamp-statistics';
import { moduleTitle } from '../application/module-definitions';

export type { StampRow } from '../../../wire/stamp-statistics';

/** The spec's page size of stamp statistics (spec 000 §9). */
export const STAMP_PAGE_SIZE = 10;

const useStyles = makeStyles({
  // The status badge keeps its words on one line (処理中 wrapped one character per line).
  badge: { flexShrink: 0, whiteSpace: 'nowrap' },
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`, minWidth: 0 },
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, padding: tokens.spacingHorizontalS,
    backgroundColor: tokens.colorNeutralBackground2, borderRadius: tokens.borderRadiusMedium },
  description: { flexGrow: 1, minWidth: 0 },
  // Change and Export keep their words whole (変/更 and エクス/ポート were squeezed onto two lines).
  action: { flexShrink: 0, whiteSpace: 'nowrap' },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyleType: 'none' },
  line: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground3, textAlign: 'center' },
});

const STATUS_COLOR: Record<number, 'warning' | 'success' | 'danger'> = { 0: 'warning', 1: 'success', 2: 'success', 3: 'danger', 10: 'danger' };

/**
 * Stamp statistics (spec 000 §2, §6, §9): the stamped documents of the user's company, ten at a
 * time with infinite scrolling, under a description of the filter with a Change link to the
 * filter sheet, and an export of the same filter as an XLSX workbook.
 */
export function StampStatisticsPage() {
  const { t } = useTranslation();
  const host = useRendererHost();
  const styles = useStyles();
  const [filter, setFilter] = useState<StampFilter>(DEFAULT_STAMP_FILTER);
  const [exporting, setExporting] = useState(false);
  const params = useMemo(() => ({ ...stampParams(filter), itemsPerPage: STAMP_PAGE_SIZE }), [filter]);
  const list = useSearchList<StampRow, StampQuery>('/stamp_statistics', params);

  const changeFilter = async () => {
    const next = await host.openPage<StampFilter>({ key: 'statistic.stamp.filter.title' }, (close) => <StampFilterSheet value={filter} onSave={close} />);
    if (next) setFilter(next);
  };
  const exportRows = async () => {
    setExporting(true);
    try {
      await downloadExport('/stamp_statistics/export', queryString(stampParams(filter)), host.language, 'stamp-statistics.xlsx');
      host.toast(t('statistic.stamp.exported'), 'success');
    } catch (error) {
      host.toast((error as Error).message || t('statistic.stamp.exportFailed'), 'error', 3000);
    } finally {
      setExporting(false);
    }
  };

  return (
    <section className={styles.root} data-testid="stamp-statistics">
      <div className={styles.bar} data-testid="stamp-filter-description">
        <Text size={200} className={styles.description}>{describeStampFilter(filter, t)}</Text>
        <Link as="button" className={styles.action} onClick={() => void changeFilter()}>{t('statistic.stamp.change')}</Link>
        <Button appearance="subtle" className={styles.action} icon={exporting ? <Spinner size="tiny" /> : <ArrowDownloadRegular />} disabled={exporting}
          onClick={() => void exportRows()}>
          {t('statistic.stamp.export')}
        </Button>
      </div>
      {list.failed ? <Text role="alert">{t('statistic.common.loadFailed')}</Text> : null}
      <ul className={styles.list} aria-busy={list.loading || undefined}>
        {list.items.map((row) => <li key={row.id}><StampRowCard row={row} /></li>)}
      </ul>
      {!list.loading && !list.failed && list.items.length === 0 ? <Text className={styles.muted}>{t('statistic.stamp.empty')}</Text> : null}
      {list.loading ? <Spinner size="small" label={t('statistic.common.loading')} /> : null}
      <div ref={list.sentinel} />
      {!list.loading && !list.done && !list.failed && list.items.length > 0 ? (
        <Button appearance="subtle" onClick={list.loadMore}>{t('statistic.common.loadMore')}</Button>
      ) : null}
    </section>
  );
}

/** One stamped document: module and codes, status, applicant, contract party, amount and dates. */
function StampRowCard({ row }: { row: StampRow }) {
  const { t } = useTranslation();
  const host = useRendererHost();
  const styles = useStyles();
  // Module texts arrive with the definitions (they are not in the app bundle).
  const modules = useQuery(moduleDefinitionListOptions(host.api)).data;
  const module = modules?.find((m) => m.code === row.module.code);
  const title = module ? moduleTitle(module, host.language) : row.module.code;
  return (
    <Card data-testid="stamp-row" aria-label={row.code}>
      <CardHeader
        header={<Text weight="semibold">{`${title} · ${row.stamp_no ?? '-'}`}</Text>}
        description={<Text size={200}>{row.code}</Text>}
        action={<Badge className={styles.badge} appearance="tint" color={STATUS_COLOR[row.status] ?? 'informative'}>{t(`app.approvals.status.${row.status}`)}</Badge>}
      />
      <div className={styles.line}>
        <Text size={200}>{t('statistic.stamp.row.applicant', { name: row.requester.name })}</Text>
        <Text size={200}>{t('statistic.stamp.row.party', { name: row.contract_party?.name ?? '-' })}</Text>
      </div>
      <div className={styles.line}>
        <Text size={200}>{row.amount === null ? '-' : `${row.currency?.code ?? ''} ${formatMoney(row.amount, row.currency?.code, host.language)}`}</Text>
        <Text size={200}>
          {row.completed_at ? t('statistic.stamp.row.completed', { date: toDisplayDate(row.completed_at) }) : t('statistic.stamp.row.submitted', { date: toDisplayDate(row.created_at) })}
        </Text>
      </div>
    </Card>
  );
}
