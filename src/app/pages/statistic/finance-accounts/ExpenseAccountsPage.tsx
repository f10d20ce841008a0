import { useState } from 'react';
import { Badge, Button, Tab, TabList, Text } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useRendererHost } from '../../../../renderer/host';
import { usePageStack } from '../../../navigation';
import { openEntityForm } from '../../admin/open-entity-form';
import { SearchList } from '../../admin/SearchList';
import { usePageStyles } from '../../common/page-styles';
import { CompanyAccountsList } from './CompanyAccountsList';
import { useEntityModuleCode } from './entity-module-code';
import { EXPENSE_ACCOUNT_KIND, EXPENSE_PAGE_SIZE, EXPENSE_TOAST_MS, type AccountCompany, type ExpenseAccountRow } from './account-modules';

const USES = ['reimbursement', 'payment'] as const;
type Use = (typeof USES)[number];

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
 * One company's expense accounts with tabs Reimbursement and Payment (spec 001 §2, §9: 100 per
 * page), Add, and Edit / Delete per account, each filed through the expense account module's approval.
 */
export function CompanyExpenseAccounts({ company }: { company: AccountCompany }) {
  const { t } = useTranslation();
  const host = useRendererHost();
  const stack = usePageStack();
  const styles = usePageStyles();
  const [use, setUse] = useState<Use>('reimbursement');
  const [refresh, setRefresh] = useState(0);
  const moduleOf = useEntityModuleCode();
  const file = async (titleKey: string, operation: 'create' | 'edit' | 'delete', account?: ExpenseAccountRow) => {
    const initialData = account
      ? { company_id: company.id, module_type: account.module_type, name: account.name, name_jp: account.name_jp, name_zh: account.name_zh, is_transportation: account.is_transportation }
      : { company_id: company.id, module_type: use };
    const moduleCode = await moduleOf(EXPENSE_ACCOUNT_KIND).catch(() => null);
    if (!moduleCode) {
      host.toast(t('statistic.accounts.unavailable'), 'error', 3000);
      return;
    }
    const filed = await openEntityForm(stack, titleKey, { moduleCode, operation, targetId: account?.id, initialData });
    if (filed) {
      host.toast(t('statistic.accounts.filed'), 'success', EXPENSE_TOAST_MS);
      setRefresh((n) => n + 1);
    }
  };
  return (
    <section className={styles.page} data-testid="company-expense-accounts">
      <TabList selectedValue={use} onTabSelect={(_, d) => setUse(d.value as Use)}>
        {USES.map((u) => <Tab key={u} value={u}>{t(`statistic.accounts.uses.${u}`)}</Tab>)}
      </TabList>
      <Button appearance="primary" icon={<AddRegular />} onClick={() => void file('statistic.accounts.addExpense', 'create')}>{t('statistic.accounts.add')}</Button>
      <SearchList<ExpenseAccountRow>
        key={use}
        endpoint="/expense_accounts"
        params={{ companyId: company.id, moduleCode: use }}
        itemsPerPage={EXPENSE_PAGE_SIZE}
        label={t('statistic.accounts.expenseAccounts')}
        keyOf={(a) => a.id}
        refreshKey={refresh}
        renderItem={(account) => (
          <>
            <span className={styles.rowText}>
              <Text>{account.label}</Text>
              <Text size={200} className={styles.muted}>{account.code}</Text>
            </span>
            {account.is_transportation ? <Badge appearance="tint">{t('statistic.accounts.transportation')}</Badge> : null}
            <Button size="small" onClick={() => void file('statistic.accounts.editExpense', 'edit', account)}>{t('statistic.accounts.edit')}</Button>
            <Button size="small" onClick={() => void file('statistic.accounts.deleteExpense', 'delete', account)}>{t('statistic.accounts.delete')}</Button>
          </>
        )}
      />
    </section>
  );
}
