import { useRef } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MessageBar, MessageBarBody, MessageBarTitle, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { budgetLines, type CompiledModule, type FormData } from '../engine';
import type { BudgetCheckBody, BudgetCheckView } from '../wire/budgets';
import { useFormSelector } from './form/use-form-selector';
import type { FormStore } from './form/form-store';
import { useRendererHost } from './host';
import { useRendererT } from './i18n';
import { resourceKey } from './resource-key';
import { useDebouncedValue } from './widgets/use-debounced-value';

const CHECK_PATH = '/budgets/check';
/** The pause after typing before the budgets are asked again. */
export const BUDGET_CHECK_DEBOUNCE_MS = 400;

const useStyles = makeStyles({
  list: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  line: { overflowWrap: 'anywhere' },
});

/**
 * What the form's data asks of budgets (issue #36 item 4), shown under the form while the
 * requester types: for each budget of its department and expense accounts, what would remain after
 * this document — a warning when over (the definition's `ui:module.budget.over` says whether filing
 * will then be refused, get an extra approval step or only a warning). The server answers (`POST /budgets/check`): it knows the
 * budgets and what other documents hold. Asked 400 ms after the lines or the company change; nothing
 * is shown for a form that asks no budget.
 */
export function BudgetHint({ module, store, documentId }: { module: CompiledModule; store: FormStore; documentId?: number }) {
  const host = useRendererHost();
  const t = useRendererT(module);
  const styles = useStyles();
  const data = useFormSelector(store, (s) => s.data) as FormData;
  const lines = budgetLines(module.meta.budget, data);
  const key = JSON.stringify([data.company_id ?? null, lines]);
  const settled = useDebouncedValue(key, BUDGET_CHECK_DEBOUNCE_MS);
  const latest = useRef(data);
  latest.current = data;
  const asks = lines.length > 0;
  const { data: check, isError, isFetching } = useQuery({
    queryKey: resourceKey(CHECK_PATH, { module_code: module.code, values: settled, documentId }, 'budget'),
    queryFn: () => host.api.post<BudgetCheckView>(CHECK_PATH, {
      module_code: module.code, data: latest.current, ...(documentId ? { buffer_id: documentId } : {}),
    } satisfies BudgetCheckBody),
    enabled: asks && Boolean(module.meta.budget),
    staleTime: 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
  if (!module.meta.budget || !asks) return null;
  const money = (n: number) => new Intl.NumberFormat(host.language === 'en' ? 'en-US' : host.language === 'ja' ? 'ja-JP' : 'zh-CN', { maximumFractionDigits: 2 }).format(n);
  if (isError) {
    return <MessageBar intent="error" role="status"><MessageBarBody>{t('engine.renderer.budget.error')}</MessageBarBody></MessageBar>;
  }
  if (!check) return <Spinner size="tiny" label={t('engine.renderer.budget.loading')} />;
  // No budget for these lines (or an answer without any): nothing to say.
  if (!Array.isArray(check.budgets) || !check.budgets.length) return null;
  const refused = check.over && check.policy === 'refuse';
  // Over budget: refused, routed to an extra approval, or only warned — as the definition says.
  const overTitle = refused ? 'engine.renderer.budget.overRefused' : check.policy === 'route' ? 'engine.renderer.budget.overRoute' : 'engine.renderer.budget.over';
  return (
    <MessageBar intent={check.over ? (refused ? 'error' : 'warning') : 'info'} layout="multiline" role="status" aria-busy={isFetching || undefined} data-budget-hint>
      <MessageBarBody>
        <MessageBarTitle>{t(check.over ? overTitle : 'engine.renderer.budget.title', { year: check.fiscal_year })}</MessageBarTitle>
        <ul className={styles.list}>
          {check.budgets.map((b) => (
            <li key={b.id} className={styles.line}>
              <Text weight="semibold">{b.department_name} / {b.expense_account_name}</Text>{' '}
              <Text>{t(b.remaining_after < 0 ? 'engine.renderer.budget.lineOver' : 'engine.renderer.budget.line', {
                remaining: money(b.remaining), requested: money(b.requested), after: money(Math.abs(b.remaining_after)), amount: money(b.amount),
              })}</Text>
            </li>
          ))}
        </ul>
      </MessageBarBody>
    </MessageBar>
  );
}
