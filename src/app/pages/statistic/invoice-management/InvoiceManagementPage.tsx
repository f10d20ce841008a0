import { useEffect, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Spinner, Tab, TabList, Text, makeStyles, tokens } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useRendererHost } from '../../../../renderer/host';
import { useSearchList } from '../document-search/use-search-list';
import { moduleDefinitionListOptions } from '../../../api/queries';
import { invalidateResources } from '../../../../renderer/resource-key';
import { InvoiceRowView } from './InvoiceRowView';
import { InvoiceUploadForm } from './InvoiceUploadForm';
import { RegisterList } from './RegisterList';
import { TOASTS, type InvoiceRow } from './types';
import type { InvoiceDone, InvoiceQuery, InvoiceTransactions } from '../../../../wire/invoices';
import type { QueryParams } from '../../../lib/query-string';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`, paddingBottom: '72px', minWidth: 0 },
  bar: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyleType: 'none' },
  bottom: { position: 'sticky', bottom: 0, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS,
    padding: tokens.spacingVerticalS, backgroundColor: tokens.colorNeutralBackground1, boxShadow: tokens.shadow8 },
});

const SEARCH_MAX = 20;

/**
 * Invoice management (spec 001 §2, §8): a tab per invoice module (from the definitions;
 * switching clears the selection and reloads), search by application code, the registered
 * documents five at a time with infinite scrolling, the register list behind Register, the
 * upload form behind each row's icon, and a bottom bar with the selected count and Confirm.
 */
export function InvoiceManagementPage() {
  const { t } = useTranslation();
  const host = useRendererHost();
  const styles = useStyles();
  const queryClient = useQueryClient();
  const definitions = useQuery(moduleDefinitionListOptions(host.api));
  // The invoice modules in launcher order (a failed load is none).
  const modules = useMemo(() => definitions.isPending ? null : (definitions.data ?? [])
    .filter((m) => m.kind === 'module' && m.meta.statistics?.invoices)
    .sort((a, b) => (a.meta.launcher?.order ?? 1e9) - (b.meta.launcher?.order ?? 1e9))
    .map((m) => m.code), [definitions.isPending, definitions.data]);
  const [picked, setModuleCode] = useState('');
  const moduleCode = picked || (modules?.[0] ?? '');
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Set<number>>(new Set());

  useEffect(() => { const id = setTimeout(() => setSearch(text.trim()), 500); return () => clearTimeout(id); }, [text]);

  // Nothing is asked before the modules are known (an empty moduleCode would be refused).
  const params = { moduleCode, itemsPerPage: 5, ...(search ? { applicationCode: search } : {}) } satisfies QueryParams<InvoiceQuery>;
  const list = useSearchList<InvoiceRow, InvoiceQuery>('/invoice_managements', params, moduleCode !== '');
  // Register, upload and confirm change the invoice lists (both tabs' and the register list).
  const invalidate = () => void invalidateResources(queryClient, ['/invoice_managements']);
  const registerShown = useMutation({ mutationFn: (ids: number[]) => host.api.post<InvoiceDone>('/invoice_management_show', { transactions: ids } satisfies InvoiceTransactions), onSuccess: invalidate });
  const approve = useMutation({ mutationFn: (ids: number[]) => host.api.post<InvoiceDone>('/invoice_management_approve', { transactions: ids } satisfies InvoiceTransactions), onSuccess: invalidate });
  const toggle = (id: number, on: boolean) => setSelected((s) => { const n = new Set(s); if (on) n.add(id); else n.delete(id); return n; });
  const switchModule = (code: string) => { setModuleCode(code); setSelected(new Set()); };

  const register = async () => {
    const ids = await host.openPage<number[]>({ key: 'statistic.invoices.registerTitle' }, (close) => <RegisterList moduleCode={moduleCode} onAdd={close} />);
    if (!ids?.length) return;
    await registerShown.mutateAsync(ids);
    host.toast(t('statistic.invoices.registered'), 'success', TOASTS.register);
  };
  const upload = async (row: InvoiceRow) => {
    const saved = await host.openPage<boolean>({ key: 'statistic.invoices.uploadTitle' }, (close) => <InvoiceUploadForm row={row} onDone={close} />);
    if (!saved) return;
    host.toast(t('statistic.invoices.submitted'), 'success', TOASTS.submit);
  };
  const confirm = async () => {
    await approve.mutateAsync([...selected]);
    host.toast(t('statistic.invoices.approved'), 'success', TOASTS.approve);
    setSelected(new Set());
  };

  if (modules === null) return <Spinner label={t('statistic.common.loading')} />;
  return (
    <section className={styles.root} data-testid="invoice-management">
      <TabList selectedValue={moduleCode} onTabSelect={(_, d) => switchModule(String(d.value))}>
        {modules.map((code) => <Tab key={code} value={code}>{t(`${code}.title`)}</Tab>)}
      </TabList>
      <div className={styles.bar}>
        <Input type="search" style={{ flexGrow: 1, minWidth: 0 }} contentBefore={<SearchRegular />} aria-label={t('statistic.invoices.search')}
          placeholder={t('statistic.invoices.search')} maxLength={SEARCH_MAX} value={text} onChange={(_, d) => setText(d.value.slice(0, SEARCH_MAX))} />
        <Button onClick={() => void register()}>{t('statistic.invoices.register')}</Button>
      </div>
      {list.failed ? <Text role="alert">{t('statistic.common.loadFailed')}</Text> : null}
      <ul className={styles.list} aria-busy={list.loading || undefined}>
        {list.items.map((row) => (
          <li key={row.id}><InvoiceRowView row={row} checked={selected.has(row.id)} onCheck={(on) => toggle(row.id, on)} onUpload={() => void upload(row)} /></li>
        ))}
      </ul>
      {!list.loading && !list.failed && list.items.length === 0 ? <Text>{t('statistic.invoices.empty')}</Text> : null}
      {list.loading ? <Spinner size="small" label={t('statistic.common.loading')} /> : null}
      <div ref={list.sentinel} />
      <div className={styles.bottom}>
        <Text aria-live="polite">{t('statistic.invoices.selected', { n: selected.size })}</Text>
        <Button appearance="primary" disabled={selected.size === 0} onClick={() => void confirm()}>{t('statistic.invoices.confirm')}</Button>
      </div>
    </section>
  );
}
