import { useEffect, useState } from 'react';
import { Button, Input, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useSearchList } from '../document-search/use-search-list';
import { InvoiceRowView } from './InvoiceRowView';
import type { InvoiceRow } from './types';
import type { InvoiceQuery } from '../../../../wire/invoices';
import type { QueryParams } from '../../../lib/query-string';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalL },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyleType: 'none' },
});

/** Spec 001 §9: the invoice register list holds 10 a page; search at most 20 characters. */
const PAGE = 10;
const SEARCH_MAX = 20;

/** The register list (spec 001 §2): approved documents of the module not registered yet; multi-select; Add (n) returns the ids. */
export function RegisterList({ moduleCode, onAdd }: { moduleCode: string; onAdd(ids: number[]): void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  useEffect(() => { const id = setTimeout(() => setSearch(text.trim()), 500); return () => clearTimeout(id); }, [text]);
  const params = { moduleCode, obtained: 'true', itemsPerPage: PAGE, ...(search ? { applicationCode: search } : {}) } satisfies QueryParams<InvoiceQuery>;
  const list = useSearchList<InvoiceRow, InvoiceQuery>('/invoice_managements', params);
  const toggle = (id: number, on: boolean) => setSelected((s) => { const n = new Set(s); if (on) n.add(id); else n.delete(id); return n; });
  return (
    <div className={styles.root} data-testid="invoice-register">
      <Input type="search" contentBefore={<SearchRegular />} aria-label={t('statistic.invoices.search')} placeholder={t('statistic.invoices.search')}
        maxLength={SEARCH_MAX} value={text} onChange={(_, d) => setText(d.value.slice(0, SEARCH_MAX))} />
      <ul className={styles.list}>
        {list.items.map((row) => <li key={row.id}><InvoiceRowView row={row} checked={selected.has(row.id)} onCheck={(on) => toggle(row.id, on)} /></li>)}
      </ul>
      {!list.loading && list.items.length === 0 ? <Text>{t('statistic.invoices.emptyRegister')}</Text> : null}
      {list.loading ? <Spinner size="small" label={t('statistic.common.loading')} /> : null}
      <div ref={list.sentinel} />
      <Button appearance="primary" disabled={selected.size === 0} onClick={() => onAdd([...selected])}>{t('statistic.invoices.add', { n: selected.size })}</Button>
    </div>
  );
}
