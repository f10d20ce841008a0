import { Button, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { useRendererHost } from '../../../renderer/host';
import { companyOptions } from '../../api/queries';
import { usePageStack } from '../../navigation';
import { usePageStyles } from '../common/page-styles';
import type { AdminCompany } from './admin-types';
import { companyFormData } from './company-form-data';
import { useEntityRequest } from './open-entity-form';
import { OrganizationPage, type OrganizationParams } from './OrganizationPage';
import { SearchList } from './SearchList';
import type { ExternalCompanyQuery } from '../../../wire/organisation';

/** External companies (spec 000 §2): colleague counts, organization and edit links. */
export function CompaniesPage() {
  const { t } = useTranslation();
  const styles = usePageStyles();
  const host = useRendererHost();
  const queryClient = useQueryClient();
  const stack = usePageStack();
  const requestChange = useEntityRequest();
  const edit = async (id: number) => {
    const company = await queryClient.fetchQuery(companyOptions(host.api, id));
    // A filed request invalidates the entity lists (this one among them): nothing to reload here.
    await requestChange('company', 'app.admin.editCompany', { operation: 'edit', targetId: id, initialData: companyFormData(company) });
  };
  return (
    <section className={styles.page} data-testid="external-companies">
      <SearchList<AdminCompany, ExternalCompanyQuery>
        endpoint="/companies-external"
        itemsPerPage={99999}
        label={t('app.admin.externalCompanies')}
        keyOf={(c) => c.id}
        renderItem={(company) => (
          <>
            <span className={styles.rowText}>
              <Text>{company.name}</Text>
              <Text size={200} className={styles.muted}>{t('app.admin.colleagues', { count: company.colleague_count })}</Text>
            </span>
            <Button size="small" onClick={() => void stack.push<unknown, OrganizationParams>({ title: { key: 'app.admin.organization' }, component: OrganizationPage, params: { companyId: company.id } })}>
              {t('app.admin.organization')}
            </Button>
            <Button size="small" onClick={() => void edit(company.id)}>{t('app.admin.edit')}</Button>
          </>
        )}
      />
    </section>
  );
}
