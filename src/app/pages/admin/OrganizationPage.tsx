import { Avatar, Button, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { usePageStack, type PageProps } from '../../navigation';
import { usePageStyles } from '../common/page-styles';
import type { AdminUser } from './admin-types';
import { SearchList } from './SearchList';
import { UserDetailPage } from './UserDetailPage';
import type { NamePageQuery } from '../../../wire/organisation';
import type { PicUserQuery } from '../../../wire/users';

/** Which colleagues: my company (`/my-organization`), or another company's users. */
export interface OrganizationParams {
  companyId?: number;
}

/** My organization (or a company's organization): users with their department; a row opens the user detail. */
export function OrganizationPage({ params }: PageProps<OrganizationParams>) {
  const { t } = useTranslation();
  const styles = usePageStyles();
  const stack = usePageStack();
  const open = async (user: AdminUser) => {
    // A change filed from the detail invalidates the user lists, this one among them.
    await stack.push<unknown, { id: number }>({ title: { key: 'app.admin.userDetail' }, component: UserDetailPage, params: { id: user.id } });
  };
  const list = {
    label: t('app.admin.myOrganization'),
    keyOf: (u: AdminUser) => u.id,
    renderItem: (user: AdminUser) => (
      <Button appearance="transparent" style={{ justifyContent: 'flex-start', width: '100%' }} onClick={() => void open(user)}>
        <Avatar size={32} initials={user.initial_name} name={user.name} />
        <span className={styles.rowText} style={{ marginLeft: 8, textAlign: 'start' }}>
          <Text>{user.name}</Text>
          <Text size={200} className={styles.muted}>{user.department?.name ?? '-'}</Text>
        </span>
      </Button>
    ),
  };
  return (
    <section className={styles.page} data-testid="organization">
      {params?.companyId
        ? <SearchList<AdminUser, PicUserQuery> endpoint="/users/pic" params={{ companyId: params.companyId }} {...list} />
        : <SearchList<AdminUser, NamePageQuery> endpoint="/my-organization" {...list} />}
    </section>
  );
}
