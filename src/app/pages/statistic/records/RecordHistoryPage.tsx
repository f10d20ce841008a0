import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Input, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useRendererHost } from '../../../../renderer/host';
import { readToken } from '../../../api/token-store';
import { resourceKey } from '../../../../renderer/resource-key';
import { toDisplayTimestamp, type CompiledModule } from '../../../../engine';
import type { HistoryCollection, HistoryEntry, HistoryQuery } from '../../../../wire/records';
import type { DocumentView } from '../../approvals/types';
import { documentOptions, type DocumentRef } from '../../../api/queries';
import { HistoryChanges } from './HistoryChanges';
import { readerHistory } from './reader-history';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`, minWidth: 0 },
  bar: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyleType: 'none' },
  entry: { borderLeft: `3px solid ${tokens.colorBrandStroke1}`, paddingLeft: tokens.spacingHorizontalS },
  mono: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere' },
});


/**
 * Opened from a document's detail page: the document and its module, to read the history in, and
 * how the detail page read it (`ref`). The page reads the document again through `ref` (the
 * detail page's query, so from its cache): the decisions' texts are worded by the server in the
 * reader's language, and a language chosen while this page is open words them again — `doc` is
 * the document as it was when the page opened, shown until then.
 */
export interface HistoryReader {
  doc: DocumentView;
  module: CompiledModule;
  ref?: DocumentRef;
}

/**
 * A document's change history (電子帳簿保存法 真実性, 通達 10-2): every entry with who, when, why,
 * the fields changed and the files added or removed, searchable, and printable as the server's PDF.
 * Both show the chain's verdict. From the records view (no `reader`) an entry shows its stored
 * keys and SHA-256 hash, for the auditor; from the document (`reader`) it reads in the reader's language
 * — labels, values as the detail card shows them, the status by name, no hashes — and lists every
 * decision of the route, also those that changed no data (readerHistory).
 */
export function RecordHistoryPage({ documentId, code, reader }: { documentId: number; code: string; reader?: HistoryReader }) {
  const { t, i18n } = useTranslation();
  const host = useRendererHost();
  const styles = useStyles();
  const [q, setQ] = useState('');
  const [query, setQuery] = useState('');
  // Under the document's path: an action or an edit adds an entry, and invalidates this too.
  const params: HistoryQuery = query ? { q: query } : {};
  const history = useQuery({
    queryKey: resourceKey(`/buffers/${documentId}/history`, params, 'entries'),
    queryFn: async () => {
      const r = await host.api.get<HistoryCollection>(`/buffers/${documentId}/history`, params);
      return { entries: r['hydra:member'] ?? [], ok: r.chain_ok };
    },
  });
  const data = history.data ?? null;
  // A deputy's entry reads as the timeline does: "deputy on behalf of principal".
  const actorText = (e: HistoryEntry) => {
    const actor = e.actor?.name ?? t('statistic.records.nobody');
    return e.on_behalf_of ? t('app.approvals.timeline.onBehalf', { deputy: actor, principal: e.on_behalf_of.name }) : actor;
  };
  // The document as read now (in the reader's language), else as it was when the page opened.
  const live = useQuery({ ...documentOptions(host.api, reader?.ref ?? {}), enabled: Boolean(reader?.ref) });
  const doc = reader ? (live.data?.doc ?? reader.doc) : null;
  const failed = history.isError;
  const rows = data ? (doc ? readerHistory(data.entries, doc) : data.entries.map((entry) => ({ kind: 'entry' as const, at: entry.at, entry }))) : [];
  const reasonText = (e: HistoryEntry) => e.reason ? t(`statistic.records.reasons.${e.reason}`, { defaultValue: e.reason }) : '-';

  const print = async () => {
    const token = readToken();
    const response = await fetch(`/api/buffers/${documentId}/history?format=pdf`, { headers: { 'accept-language': i18n.language, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
    if (!response.ok) { host.toast(t('statistic.records.printFailed'), 'error'); return; }
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = `history-${code}.pdf`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  return (
    <section className={styles.root} data-testid="record-history">
      <div className={styles.bar}>
        <Input aria-label={t('statistic.records.historySearch')} placeholder={t('statistic.records.historySearch')} value={q} onChange={(_, d) => setQ(d.value)} onKeyDown={(e) => e.key === 'Enter' && setQuery(q.trim())} />
        <Button onClick={() => setQuery(q.trim())}>{t('statistic.records.search')}</Button>
        <Button onClick={() => void print()}>{t('statistic.records.print')}</Button>
      </div>
      {data ? <Badge appearance="filled" color={data.ok ? 'success' : 'danger'}>{t(data.ok ? 'statistic.records.chainOk' : 'statistic.records.chainBroken')}</Badge> : null}
      {!data && !failed ? <Spinner size="small" label={t('statistic.records.loading')} /> : null}
      {failed ? <Text>{t('statistic.records.failed')}</Text> : null}
      {data && data.entries.length === 0 ? <Text>{t('statistic.records.empty')}</Text> : null}
      <ol className={styles.list}>
        {rows.map((row, index) => {
          if (row.kind === 'decision') {
            return (
              <li key={`d${index}`} className={styles.entry} data-history-row="decision">
                <Text block weight="semibold">{toDisplayTimestamp(row.at)}</Text>
                <Text block size={200}>{row.log.log_text}</Text>
              </li>
            );
          }
          const e = row.entry;
          return (
            <li key={e.seq} className={styles.entry} data-history-row="entry">
              {reader ? (
                <>
                  <Text block weight="semibold">{`${toDisplayTimestamp(e.at)} · ${reasonText(e)}`}</Text>
                  <Text block size={200}>{actorText(e)}</Text>
                  <HistoryChanges entry={e} module={reader.module} data={(doc ?? reader.doc).data} />
                </>
              ) : (
                <>
                  <Text block weight="semibold">{`#${e.seq} ${toDisplayTimestamp(e.at)} · ${t(`statistic.records.kinds.${e.kind}`, { defaultValue: e.kind })}`}</Text>
                  <Text block size={200}>{`${actorText(e)} · ${reasonText(e)}`}</Text>
                  {e.after && e.kind !== 'filed' ? <Text block size={200}>{t('statistic.records.changed', { fields: Object.keys(e.after).join(', ') })}</Text> : null}
                </>
              )}
              {e.files_added.map((f) => <Text block size={200} key={`a${f.id}`}>{`+ ${f.name}`}</Text>)}
              {e.files_removed.map((f) => <Text block size={200} key={`r${f.id}`}>{`− ${f.name}`}</Text>)}
              {reader ? null : <Text block size={100} className={styles.mono}>{`SHA-256 ${e.hash}`}</Text>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
