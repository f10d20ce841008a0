import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { CompiledModule } from '../../../../engine';
import { moduleDefinitionListOptions } from '../../../api/queries';
import { Badge, Button, Tab, TabList, Text } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useRendererHost } from '../../../../renderer/host';
import { SearchList } from '../../admin/SearchList';
import { usePageStyles } from '../../common/page-styles';
import { CompanyAccountsList } from './CompanyAccountsList';
import { useAccountRequest } from './use-account-request';
import { EXPENSE_ACCOUNT_KIND, EXPENSE_PAGE_SIZE, EXPENSE_TOAST_MS, type AccountCompany, type ExpenseAccountRow } from './account-modules';
import type { ExpenseAccountQuery } from '../../../../wire/organisation';

/**
 * The modules whose documents choose an expense account (`ui:module.expenseAccounts`), in launcher
 * order: one tab each (spec 001 §2: Reimbursement and Payment), from the served definitions.
 */
function useExpenseAccountModules(): CompiledModule[] | null {
  const host = useRendererHost();
  // The definition list query registers the modules' translations; a failed load is no tab.
  const query = useQuery(moduleDefinitionListOptions(host.api));
  return useMemo(() => (query.isPending ? null : (query.data ?? []).filter((m) => m.kind === 'module' && m.meta.expenseAccounts === true)
    .sort((a, b) => (a.meta.launcher?.order ?? 999) - (b.meta.launcher?.order ?? 999) || a.code.localeCompare(b.code))), [query.isPending, query.data]);
}

/** Expense account management (spec 001 §2): the company list, then one company's accounts. */
export function ExpenseAccountsScreen() {
  const host = useRendererHost();
  const styles = usePageStyles();
  return (
    <section className={styles.page} data-testid="expense-account-companies">
      <CompanyAccountsList onOpen={(company) => void host.openPage(company.name, () => <CompanyExpenseAccounts company={company} />)} />
    </section>
  );
}

/**
 * One company's expense accounts with a tab per module with expense accounts (spec 001 §2:
 * Reimbursement and Payment; §9: 100 per page), Add, and Edit / Delete per account, each filed through the expense account module's approval.
 */
export function CompanyExpenseAccounts({ company }: { company: AccountCompany }) {
  const { t } = useTranslation();
  const styles = usePageStyles();
  const uses = useExpenseAccountModules();
  const [picked, setUse] = useState<string | null>(null);
  const use = picked ?? uses?.[0]?.code ?? null;
  const request = useAccountRequest(EXPENSE_ACCOUNT_KIND, '/expense_accounts', EXPENSE_TOAST_MS);
  const file = async (titleKey: string, operation: 'create' | 'edit' | 'delete', account?: ExpenseAccountRow) => {
    const initialData = account
      ? { company_id: company.id, module_type: account.module_type, name: account.name, name_jp: account.name_jp, name_zh: account.name_zh, is_transportation: account.is_transportation }
      : { company_id: company.id, module_type: use };
    await request(titleKey, operation, account?.id, initialData);
  };
  return (
    <section className={styles.page} data-testid="company-expense-accounts">
      {use ? (
        <TabList selectedValue={use} onTabSelect={(_, d) => setUse(d.value as string)}>
          {(uses ?? []).map((m) => <Tab key={m.code} value={m.code}>{t(m.meta.title)}</Tab>)}
        </TabList>
      ) : null}
      <Button appearance="primary" icon={<AddRegular />} onClick={() => void file('statistic.accounts.addExpense', 'create')}>{t('statistic.accounts.add')}</Button>
      {use ? <SearchList<ExpenseAccountRow, ExpenseAccountQuery>
        key={use}
        endpoint="/expense_accounts"
        params={{ companyId: company.id, moduleCode: use }}
        itemsPerPage={EXPENSE_PAGE_SIZE}
        label={t('statistic.accounts.expenseAccounts')}
        keyOf={(a) => a.id}
        renderItem={(account) => (
          <>
            {/* The badge sits under the name, not beside it: beside it, with Edit and Delete, the
                name's column was squeezed to 74 px and an account named "Transportation" (90 px)
                spilled out of it — the cut the crawl reported was the name, not the badge. */}
            <span className={styles.rowText}>
              <Text>{account.label}</Text>
              <Text size={200} className={styles.muted}>{account.code}</Text>
              {account.is_transportation ? <Badge appearance="tint" className={styles.rowBadge}>{t('statistic.accounts.transportation')}</Badge> : null}
            </span>
            <Button size="small" onClick={() => void file('statistic.accounts.editExpense', 'edit', account)}>{t('statistic.accounts.edit')}</Button>
            <Button size="small" onClick={() => void file('statistic.accounts.deleteExpense', 'delete', account)}>{t('statistic.accounts.delete')}</Button>
          </>
        )}
      /> : null}
    </section>
  );
}
