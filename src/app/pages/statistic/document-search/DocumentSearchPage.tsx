import { useEffect, useMemo, useState } from 'react';
import { Button, Link, ProgressBar, Spinner, Tab, TabList, Text, ToggleButton, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, ArrowSortRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useRendererHost } from '../../../../renderer/host';
import { downloadFile } from '../../../../renderer/widgets/file-uploader/open-file';
import { PdfViewer } from '../../../../renderer/widgets/file-uploader/pdf/PdfViewer';
import { openDetail } from '../../approvals/open-detail';
import { ApplicationRow, FileRow, type FoundFile, type SearchDocument } from './SearchRows';
import { Gallery } from './Gallery';
import { SearchFilterSheet } from './SearchFilterSheet';
import { SearchSortSheet } from './SearchSortSheet';
import { describeFilter } from './describe-filter';
import { downloadZip, type Progress } from './download-zip';
import { DEFAULT_FILE_SORT, DEFAULT_SORT, defaultFilter, searchParams, type FileSort, type SearchFilter, type SearchSort } from './search-query';
import { useSearchList } from './use-search-list';
import type { DocumentSearchQuery, FileSearchQuery } from '../../../../wire/document-search';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`, minWidth: 0 },
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, padding: tokens.spacingHorizontalS,
    backgroundColor: tokens.colorNeutralBackground2, borderRadius: tokens.borderRadiusMedium },
  description: { flexGrow: 1, minWidth: 0 },
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyleType: 'none' },
  muted: { color: tokens.colorNeutralForeground3, textAlign: 'center' },
});

type SearchTab = 'applications' | 'files';

/**
 * Document search (spec 001 §2): applications and files of the user's companies. A description
 * bar says what the filter is, with a Change link to the filter sheet; a sort sheet; five at a
 * time with infinite scrolling. Files: a select toggle and a zip download of the selection
 * with progress; images open in a gallery, other files in a new window. An application opens
 * its detail page with submit hidden.
 */
export function DocumentSearchPage() {
  const { t } = useTranslation();
  const host = useRendererHost();
  const styles = useStyles();
  const [tab, setTab] = useState<SearchTab>('applications');
  const [filter, setFilter] = useState<SearchFilter>(() => defaultFilter());
  const [sort, setSort] = useState<SearchSort>(DEFAULT_SORT);
  const [fileSort, setFileSort] = useState<FileSort>(DEFAULT_FILE_SORT);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [progress, setProgress] = useState<Progress | null>(null);
  const files = tab === 'files';
  const params = useMemo(() => searchParams(filter, files ? fileSort : sort, files), [filter, sort, fileSort, files]);
  const [images, setImages] = useState<FoundFile[]>([]);
  const [pdf, setPdf] = useState<FoundFile | null>(null);

  const changeFilter = async () => {
    const next = await host.openPage<SearchFilter>({ key: 'statistic.search.filter.title' }, (close) => <SearchFilterSheet value={filter} onSave={close} />);
    if (next) { setFilter(next); setSelected(new Set()); }
  };
  const changeSort = async () => {
    if (files) {
      const next = await host.openPage<FileSort>({ key: 'statistic.search.sort.title' }, (close) => (
        <SearchSortSheet<FileSort> value={fileSort} fields={['date', 'amount'] as const} initial={DEFAULT_FILE_SORT} onSave={close} />));
      if (next) setFileSort(next);
    } else {
      const next = await host.openPage<SearchSort>({ key: 'statistic.search.sort.title' }, (close) => (
        <SearchSortSheet<SearchSort> value={sort} fields={['code', 'createdAt', 'updatedAt'] as const} initial={DEFAULT_SORT} onSave={close} />));
      if (next) setSort(next);
    }
  };
  const toggle = (id: number, on: boolean) => setSelected((s) => { const n = new Set(s); if (on) n.add(id); else n.delete(id); return n; });
  const openFile = (file: FoundFile) => {
    if (file.type === 'pdf') { setPdf(file); return; }
    if (file.type !== 'image') { downloadFile(file.url, file.name); return; }
    const shown = images.filter((f) => f.type === 'image');
    void host.openPage(file.name, () => <Gallery images={shown} start={Math.max(0, shown.findIndex((f) => f.id === file.id))} />);
  };
  const download = async () => {
    setProgress({ received: 0, total: null });
    try {
      await downloadZip([...selected], host.language, setProgress);
      host.toast(t('statistic.search.downloaded'), 'success');
      setSelected(new Set());
      setSelecting(false);
    } catch (error) {
      host.toast((error as Error).message || t('statistic.search.downloadFailed'), 'error', 3000);
    } finally {
      setProgress(null);
    }
  };

  return (
    <section className={styles.root} data-testid="document-search">
      <TabList selectedValue={tab} onTabSelect={(_, d) => { setTab(d.value as SearchTab); setSelected(new Set()); setSelecting(false); }}>
        <Tab value="applications">{t('statistic.search.tabs.applications')}</Tab>
        <Tab value="files">{t('statistic.search.tabs.files')}</Tab>
      </TabList>
      <div className={styles.bar} data-testid="filter-description">
        <Text size={200} className={styles.description}>{describeFilter(filter, t)}</Text>
        <Link as="button" onClick={() => void changeFilter()}>{t('statistic.search.change')}</Link>
        <Button appearance="subtle" icon={<ArrowSortRegular />} aria-label={t('statistic.search.sort.title')} title={t('statistic.search.sort.title')} onClick={() => void changeSort()} />
      </div>
      {files ? (
        <div className={styles.actions}>
          <ToggleButton size="small" checked={selecting} onClick={() => { setSelecting(!selecting); setSelected(new Set()); }}>
            {t('statistic.search.selectFiles')}
          </ToggleButton>
          {selecting ? (
            <Button size="small" appearance="primary" icon={<ArrowDownloadRegular />} disabled={selected.size === 0 || progress !== null} onClick={() => void download()}>
              {t('statistic.search.download', { n: selected.size })}
            </Button>
          ) : null}
        </div>
      ) : null}
      {progress ? (
        <ProgressBar
          aria-label={t('statistic.search.downloading')}
          value={progress.total ? progress.received / progress.total : undefined}
          data-testid="zip-progress"
        />
      ) : null}
      <SearchResults
        key={tab}
        tab={tab}
        params={params}
        selecting={selecting}
        selected={selected}
        onSelect={toggle}
        onOpenFile={openFile}
        onFiles={setImages}
        onOpenDocument={(doc) => void openDetail(host, doc.code, { documentId: doc.id, hideSubmit: true, statistic: true })}
      />
      {pdf ? <PdfViewer url={pdf.url} name={pdf.name} onClose={() => setPdf(null)} onDownload={() => downloadFile(pdf.url, pdf.name)} /> : null}
    </section>
  );
}

interface ResultsProps {
  tab: SearchTab;
  params: ReturnType<typeof searchParams>;
  selecting: boolean;
  selected: Set<number>;
  onSelect(id: number, on: boolean): void;
  onOpenFile(file: FoundFile): void;
  onFiles(files: FoundFile[]): void;
  onOpenDocument(doc: SearchDocument): void;
}

/** One tab's results (mounted per tab, so rows of one tab never render as the other's). */
function SearchResults({ tab, params, selecting, selected, onSelect, onOpenFile, onFiles, onOpenDocument }: ResultsProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const files = tab === 'files';
  const path = files ? '/buffer_files/statistic_search' : '/buffer/statistic_search';
  const list = useSearchList<SearchDocument & FoundFile, FileSearchQuery | DocumentSearchQuery>(path, params);
  useEffect(() => { if (files) onFiles(list.items); }, [files, list.items, onFiles]);
  return (
    <>
      {list.failed ? <Text role="alert">{t('statistic.common.loadFailed')}</Text> : null}
      <ul className={styles.list} aria-busy={list.loading || undefined}>
        {list.items.map((item) => (
          <li key={item.id}>
            {files ? (
              <FileRow file={item} selecting={selecting} selected={selected.has(item.id)} onSelect={(on) => onSelect(item.id, on)} onOpen={() => onOpenFile(item)} />
            ) : (
              <ApplicationRow doc={item} onOpen={() => onOpenDocument(item)} />
            )}
          </li>
        ))}
      </ul>
      {!list.loading && !list.failed && list.items.length === 0 ? <Text className={styles.muted}>{t('statistic.search.empty')}</Text> : null}
      {list.loading ? <Spinner size="small" label={t('statistic.common.loading')} /> : null}
      <div ref={list.sentinel} />
      {!list.loading && !list.done && !list.failed && list.items.length > 0 ? (
        <Button appearance="subtle" onClick={list.loadMore}>{t('statistic.common.loadMore')}</Button>
      ) : null}
    </>
  );
}
