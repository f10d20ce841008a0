import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Spinner, Text } from '@fluentui/react-components';
import { ChevronRightRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useRendererHost } from '../../../../renderer/host';
import { companyOptions } from '../../../api/queries';
import { useSession } from '../../../session';
import { SearchList } from '../../admin/SearchList';
import type { CompanyQuery } from '../../../../wire/organisation';
import { usePageStyles } from '../../common/page-styles';
import { COMPANY_PAGE_SIZE, type AccountCompany } from './account-modules';

/**
 * The company list of the bank and expense account screens (spec 001 §2): name with colleague
 * and bank account counts; tapping one opens its accounts. A group admin manages every company
 * (searchable, 10 per page); anyone else only their own, which is the one row shown.
 */
export function CompanyAccountsList({ onOpen }: { onOpen(company: AccountCompany): void }) {
  const { t } = useTranslation();
  const { profile } = useSession();
  const groupAdmin = Boolean(profile?.is_ringi_group_member && profile?.is_authorizer);
  const row = (company: AccountCompany) => <CompanyRow company={company} onOpen={() => onOpen(company)} />;
  if (groupAdmin) {
    return <SearchList<AccountCompany, CompanyQuery> endpoint="/companies" itemsPerPage={COMPANY_PAGE_SIZE} label={t('statistic.accounts.companies')} keyOf={(c) => c.id} renderItem={row} />;
  }
  return <OwnCompany render={row} />;
}

function OwnCompany({ render }: { render(company: AccountCompany): ReactNode }) {
  const { t } = useTranslation();
  const host = useRendererHost();
  const styles = usePageStyles();
  const { profile } = useSession();
  const id = profile?.company?.id;
  const query = useQuery({ ...companyOptions(host.api, id ?? 0), enabled: Boolean(id) });
  const company = query.data;
  if (!id || query.isError) return <Text role="alert">{t('statistic.accounts.noCompany')}</Text>;
  if (!company) return <Spinner size="small" label={t('statistic.common.loading')} />;
  return <ul className={styles.list} aria-label={t('statistic.accounts.companies')}><li className={styles.row}>{render(company)}</li></ul>;
}

function CompanyRow({ company, onOpen }: { company: AccountCompany; onOpen(): void }) {
  const { t } = useTranslation();
  const styles = usePageStyles();
  return (
    <Button appearance="transparent" icon={<ChevronRightRegular />} iconPosition="after" onClick={onOpen}
      style={{ flexGrow: 1, justifyContent: 'space-between', textAlign: 'start' }}>
      <span className={styles.rowText}>
        <Text>{company.name}</Text>
        <Text size={200} className={styles.muted}>
          {t('statistic.accounts.counts', {
            colleagues: t('statistic.accounts.colleagueCount', { count: company.colleague_count }),
            accounts: t('statistic.accounts.accountCount', { count: company.count_company_bank_accounts }),
          })}
        </Text>
      </span>
    </Button>
  );
}
