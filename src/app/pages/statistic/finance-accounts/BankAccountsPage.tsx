import { Button, Text } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useRendererHost } from '../../../../renderer/host';
import { SearchList } from '../../admin/SearchList';
import type { CompanyBankAccountQuery } from '../../../../wire/organisation';
import { usePageStyles } from '../../common/page-styles';
import { CompanyAccountsList } from './CompanyAccountsList';
import { useAccountRequest } from './use-account-request';
import { BANK_ACCOUNT_KIND, BANK_PAGE_SIZE, BANK_TOAST_MS, type AccountCompany, type BankAccountRow } from './account-modules';

/** Company bank account (spec 001 §2): the company list, then one company's accounts. */
export function BankAccountsScreen() {
  const { t } = useTranslation();
  const host = useRendererHost();
  const styles = usePageStyles();
  return (
    <section className={styles.page} data-testid="bank-account-companies">
      <CompanyAccountsList onOpen={(company) => void host.openPage(company.name, () => <CompanyBankAccounts company={company} />)} />
      <Text size={200} className={styles.muted}>{t('statistic.accounts.bankHint')}</Text>
    </section>
  );
}

/**
 * One company's bank accounts (spec 001 §2, §9): search by bank name, 10 per page, Add, and
 * Edit / Delete per account. Each files a request through the bank account module's approval;
 * the list shows the change once the request completes.
 */
export function CompanyBankAccounts({ company }: { company: AccountCompany }) {
  const { t } = useTranslation();
  const styles = usePageStyles();
  const request = useAccountRequest(BANK_ACCOUNT_KIND, `/company_bank_accounts_list/${company.id}`, BANK_TOAST_MS);
  const file = async (titleKey: string, operation: 'create' | 'edit' | 'delete', account?: BankAccountRow) => {
    const initialData = account
      ? { company_id: company.id, bank_name: account.bank_name, branch: account.branch, number: account.number, type: account.type }
      : { company_id: company.id };
    await request(titleKey, operation, account?.id, initialData);
  };
  return (
    <section className={styles.page} data-testid="company-bank-accounts">
      <Button appearance="primary" icon={<AddRegular />} onClick={() => void file('statistic.accounts.addBank', 'create')}>{t('statistic.accounts.add')}</Button>
      <SearchList<BankAccountRow, CompanyBankAccountQuery>
        endpoint={`/company_bank_accounts_list/${company.id}`}
        searchParam="bankName"
        itemsPerPage={BANK_PAGE_SIZE}
        label={t('statistic.accounts.bankAccounts')}
        keyOf={(a) => a.id}
        renderItem={(account) => (
          <>
            <span className={styles.rowText}>
              <Text>{`${account.bank_name} - ${account.branch}`}</Text>
              <Text size={200} className={styles.muted}>{`${t(`engine.codes.bankAccountType.${account.type}`, { defaultValue: account.type })} · ${account.number}`}</Text>
            </span>
            <Button size="small" onClick={() => void file('statistic.accounts.editBank', 'edit', account)}>{t('statistic.accounts.edit')}</Button>
            <Button size="small" onClick={() => void file('statistic.accounts.deleteBank', 'delete', account)}>{t('statistic.accounts.delete')}</Button>
          </>
        )}
      />
    </section>
  );
}
