import { useId, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Field, Input, Select, Spinner, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../engine/money/format-money';
import { useRendererHost } from '../../../../renderer/host';
import { resourceKey } from '../../../../renderer/resource-key';
import { PickerPage } from '../../../../renderer/widgets/picker/PickerPage';
import type { PickerItem } from '../../../../renderer/widgets/picker/item-label';
import { companiesOptions, invalidateDocuments, moduleDefinitionListOptions } from '../../../api/queries';
import { moduleTitle } from '../../application/module-definitions';
import { BULK_APPROVE_MAX, type BulkApproveBody, type BulkApproveItemResult, type BulkApproveResult } from '../../../../wire/bulk-approvals';
import type { PicUserQuery } from '../../../../wire/users';
import type { ApprovalItem, Collection } from '../types';
import { amountRange, bulkListParams, EMPTY_BULK_FILTER, type BulkFilter } from './bulk-query';
import { BulkResults } from './BulkResults';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  filters: { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: tokens.spacingHorizontalS, '& .fui-Input': { minWidth: 0 } },
  pick: { justifyContent: 'flex-start', textAlign: 'start', fontWeight: tokens.fontWeightRegular, minWidth: 0, overflowWrap: 'anywhere' },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  row: { borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, paddingBottom: tokens.spacingVerticalXS },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

/**
 * 一括承認 (issue #33 item 4) on the pending list: one screen of up to 100 steps waiting for the
 * reader's decision, filtered by module, company, requester and amount (on the server), a checkbox
 * per row and "select all on screen", an optional comment, and "Approve selected" after a
 * confirmation; `POST /approvals/bulk` then answers per item and the results are shown (approved,
 * skipped, failed, each with its reason). Documents sent back to the reader are not offered:
 * they wait for the requester's fix, not for a decision.
 */
export function BulkApprovePanel({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const host = useRendererHost();
  const styles = useStyles();
  const queryClient = useQueryClient();
  const countId = useId();
  const [filter, setFilter] = useState<BulkFilter>(EMPTY_BULK_FILTER);
  const [selected, setSelected] = useState<number[]>([]);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<Array<BulkApproveItemResult & { code: string }> | null>(null);
  const [problem, setProblem] = useState('');
  const companies = useQuery(companiesOptions(host.api)).data ?? [];
  const definitions = useQuery(moduleDefinitionListOptions(host.api)).data;
  const modules = useMemo(() => (definitions ?? []).filter((m) => m.kind === 'module'), [definitions]);
  const amountsOk = amountRange(filter) !== null;
  const params = bulkListParams(filter);
  const list = useQuery({
    queryKey: resourceKey('/approvals/my', params, 'bulk'),
    queryFn: () => host.api.get<Collection<ApprovalItem>>('/approvals/my', params),
    enabled: amountsOk,
  });
  const items = useMemo(() => (list.data?.['hydra:member'] ?? []).filter((i) => i.awaiting !== 'requester').slice(0, BULK_APPROVE_MAX), [list.data]);
  const onScreen = items.map((i) => i.id);
  const chosen = selected.filter((id) => onScreen.includes(id));
  const allChosen = onScreen.length > 0 && chosen.length === onScreen.length;

  const change = (next: Partial<BulkFilter>) => {
    setFilter((f) => ({ ...f, ...next }));
    setSelected([]);
  };
  const toggle = (id: number, on: boolean) => setSelected((s) => (on ? [...s.filter((x) => x !== id), id] : s.filter((x) => x !== id)));
  const chooseRequester = async () => {
    const chosenUser = await host.openPage<PickerItem | PickerItem[]>({ key: 'app.approvals.filter.requesters' }, (close) => (
      <PickerPage<PickerItem, PicUserQuery> host={host} endpoint="/users/pic" selected={filter.requester ? [{ ...filter.requester }] : []}
        label={(u) => String(u.name ?? u.id)} close={close} />
    ));
    const user = Array.isArray(chosenUser) ? chosenUser[0] : chosenUser;
    if (user) change({ requester: { id: user.id, name: String(user.name ?? user.id) } });
  };
  const approve = async () => {
    if (!chosen.length || busy) return;
    if (!(await host.confirm(t('app.approvals.bulk.confirm', { count: chosen.length })))) return;
    setBusy(true);
    setProblem('');
    try {
      const body: BulkApproveBody = { ids: chosen, approve: true, ...(comment.trim() ? { comment: comment.trim() } : {}) };
      const answer = await host.api.post<BulkApproveResult>('/approvals/bulk', body);
      const codes = new Map(items.map((i) => [i.id, i.buffer?.code ?? String(i.id)]));
      setResults(answer.results.map((r) => ({ ...r, code: codes.get(r.id) ?? String(r.id) })));
      setSelected([]);
      setComment('');
      await invalidateDocuments(queryClient);
    } catch {
      setProblem(t('app.approvals.bulk.sendFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.root} data-testid="bulk-approve">
      <Button appearance="subtle" onClick={onClose}>{t('app.approvals.bulk.stop')}</Button>
      <div className={styles.filters} role="group" aria-label={t('app.approvals.filter.title')}>
        <Field label={t('app.approvals.bulk.module')}>
          <Select value={filter.module} onChange={(_, d) => change({ module: d.value })}>
            <option value="">{t('app.approvals.bulk.anyModule')}</option>
            {modules.map((m) => <option key={m.code} value={m.code}>{moduleTitle(m, host.language)}</option>)}
          </Select>
        </Field>
        <Field label={t('app.approvals.filter.company')}>
          <Select value={filter.companyId === null ? '' : String(filter.companyId)} onChange={(_, d) => change({ companyId: d.value ? Number(d.value) : null })}>
            <option value="">{t('app.approvals.filter.anyCompany')}</option>
            {companies.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          </Select>
        </Field>
        <Field label={t('app.approvals.bulk.requester')}>
          <Button className={styles.pick} appearance="outline" onClick={() => void chooseRequester()}>
            {filter.requester?.name ?? t('app.approvals.filter.anyRequester')}
          </Button>
        </Field>
        {filter.requester ? (
          <Button appearance="subtle" onClick={() => change({ requester: null })}>{t('app.approvals.bulk.anyone')}</Button>
        ) : <span />}
        <Field label={t('app.approvals.bulk.amountMin')} validationMessage={amountsOk ? undefined : t('app.approvals.bulk.badAmount')}>
          <Input inputMode="decimal" value={filter.amountMin} onChange={(_, d) => change({ amountMin: d.value })} />
        </Field>
        <Field label={t('app.approvals.bulk.amountMax')}>
          <Input inputMode="decimal" value={filter.amountMax} onChange={(_, d) => change({ amountMax: d.value })} />
        </Field>
      </div>

      {results ? <BulkResults results={results} onDismiss={() => setResults(null)} /> : null}

      <Checkbox
        label={t('app.approvals.bulk.selectAll', { max: BULK_APPROVE_MAX })}
        checked={allChosen ? true : chosen.length ? 'mixed' : false}
        disabled={!onScreen.length}
        onChange={(_, d) => setSelected(d.checked === true ? onScreen : [])}
      />
      <Text id={countId} aria-live="polite">{t('app.approvals.bulk.selected', { count: chosen.length, total: onScreen.length })}</Text>
      {list.isError ? <Text role="alert">{t('app.approvals.loadFailed')}</Text> : null}
      {list.isPending && amountsOk ? <Spinner size="small" label={t('app.approvals.loading')} /> : null}
      {list.isSuccess && items.length === 0 ? <Text className={styles.muted}>{t('app.approvals.bulk.empty')}</Text> : null}
      <ul className={styles.list} aria-label={t('app.approvals.lists.pending')}>
        {items.map((item) => {
          const info = item.buffer?.info;
          const total = info && info.total !== null ? `${formatMoney(info.total, info.currency, host.language)}${info.currency ? ` ${info.currency}` : ''}` : '';
          const title = `${info?.title ?? item.master_process.module.code} ${item.buffer?.code ?? ''}`;
          return (
            <li key={item.id} className={styles.row} data-step={item.id}>
              <Checkbox
                checked={chosen.includes(item.id)}
                onChange={(_, d) => toggle(item.id, d.checked === true)}
                label={(
                  <span>
                    <Text weight="semibold" block>{title}</Text>
                    <Text className={styles.muted} block>
                      {[t('app.approvals.applicant', { name: item.buffer?.requester?.name ?? '' }), total, item.on_behalf_of ? t('app.approvals.asDeputy', { name: item.on_behalf_of.name }) : ''].filter(Boolean).join(' · ')}
                    </Text>
                  </span>
                )}
              />
            </li>
          );
        })}
      </ul>
      <Text size={200} className={styles.muted}>{t('app.approvals.bulk.needsInputHint')}</Text>
      <div className={styles.actions}>
        <Field label={t('app.approvals.bulk.comment')}>
          <Textarea value={comment} maxLength={2000} onChange={(_, d) => setComment(d.value)} resize="vertical" />
        </Field>
        {problem ? <Text role="alert">{problem}</Text> : null}
        <Button appearance="primary" disabled={!chosen.length || busy} aria-describedby={countId} onClick={() => void approve()}>
          {busy ? t('app.approvals.bulk.approving') : t('app.approvals.bulk.approve', { count: chosen.length })}
        </Button>
      </div>
    </div>
  );
}
