import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Checkbox, MessageBar, MessageBarBody, Spinner, Tab, TabList, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { DeleteRegular, SignOutRegular } from '@fluentui/react-icons';
import { useDangerStyles } from '../../../renderer';
import { useRendererHost } from '../../../renderer/host';
import { resourceKey } from '../../../renderer/resource-key';
import type { PageProps } from '../../navigation';
import { usePageStyles } from '../common/page-styles';
import type { AdminUser } from './admin-types';
import { useEntityRequest } from './open-entity-form';
import { isGroupAdminProfile } from './admin-entries';
import { useFeedback } from '../../feedback';
import { useSession } from '../../session';

const FLAGS = ['is_authorizer', 'is_finance', 'is_treasury', 'is_legal'] as const;

/** The user form's data from a user detail (edit and delete start with it). */
function formDataOf(user: AdminUser): Record<string, unknown> {
  return {
    company_id: user.company?.id ?? null, department_id: user.department?.id ?? null, location_id: user.location?.id ?? null,
    join_date: user.join_date ?? null, name: user.name, email: user.email,
    ...Object.fromEntries(FLAGS.map((f) => [f, user[f]])),
    user_settings: (user.user_settings ?? []).map((s) => ({ setting_type_id: s.setting_type_id, approver_id: s.approver_id })),
    manager_id: user.manager?.id ?? null,
    posts: (user.posts ?? []).map((p, i) => ({
      index: i + 1, company_id: p.company_id, department_id: p.department_id, position_code: p.position_code,
      effective_from: p.effective_from, effective_to: p.effective_to,
    })),
  };
}

/**
 * User detail (spec 000 §2): company info and settings tabs, read-only role flags, Delete and
 * Edit (both file a request through the user module's approval chain), and for an admin of the
 * user (a group admin, or the company authorizer of the user's company) End sessions, which signs
 * the user out on every device at once (issue #34 item 7; `DELETE /users/{id}/sessions`).
 */
export function UserDetailPage({ params, close }: PageProps<{ id: number }>) {
  const { t } = useTranslation();
  const styles = usePageStyles();
  const danger = useDangerStyles();
  const host = useRendererHost();
  const requestChange = useEntityRequest();
  const query = useQuery({ queryKey: resourceKey(`/users/${params.id}`), queryFn: () => host.api.get<AdminUser>(`/users/${params.id}`) });
  const [tab, setTab] = useState<'company' | 'settings'>('company');
  const { profile, api } = useSession();
  const feedback = useFeedback();
  const user = query.data;
  if (query.isPending) return <Spinner label={t('app.common.loading')} />;
  if (!user) return <MessageBar intent="error"><MessageBarBody>{t('app.admin.loadFailed')}</MessageBarBody></MessageBar>;
  const request = async (operation: 'edit' | 'delete') => {
    const filed = await requestChange('user', operation === 'edit' ? 'app.admin.editUser' : 'app.admin.deleteUser', { operation, targetId: user.id, initialData: formDataOf(user) });
    if (filed) close(true);
  };
  const mayEndSessions = isGroupAdminProfile(profile) || (profile?.is_authorizer === true && profile.company?.id !== undefined && profile.company.id === user.company?.id);
  const endSessions = async () => {
    if (!(await feedback.confirm(t('app.admin.endSessionsConfirm', { name: user.name }), t('app.admin.endSessions')))) return;
    try {
      await api.delete(`/users/${user.id}/sessions`, { ringiSilent: true });
      feedback.toast(t('app.admin.sessionsEnded'), 'success');
    } catch {
      feedback.toast(t('app.admin.endSessionsFailed'), 'error');
    }
  };
  const rows: Array<[string, string]> = [
    [t('app.admin.fields.company'), user.company?.name ?? '-'], [t('app.admin.fields.department'), user.department?.name ?? '-'],
    [t('app.admin.fields.location'), user.location?.address ?? '-'], [t('app.admin.fields.joinDate'), user.join_date?.replaceAll('-', '/') ?? '-'],
    [t('app.admin.fields.manager'), user.manager?.name ?? '-'],
    [t('app.admin.fields.posts'), (user.posts ?? []).map((p) => [
      `${p.company_name} / ${p.department_name}${p.position_name ? ` · ${p.position_name}` : ''}`,
      p.effective_from ? t('app.admin.fields.postFrom', { date: p.effective_from.replaceAll('-', '/') }) : '',
      p.effective_to ? t('app.admin.fields.postUntil', { date: p.effective_to.replaceAll('-', '/') }) : '',
    ].filter(Boolean).join(' ')).join('\n') || '-'],
  ];
  return (
    <section className={styles.page} data-testid="user-detail">
      <Text size={500} weight="semibold">{user.name}</Text>
      <Text className={styles.muted}>{user.email}</Text>
      <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as 'company' | 'settings')}>
        <Tab value="company">{t('app.admin.tabs.company')}</Tab>
        <Tab value="settings">{t('app.admin.tabs.settings')}</Tab>
      </TabList>
      {tab === 'company' ? (
        <dl className={styles.list} style={{ padding: 12 }}>
          {rows.map(([label, value]) => (<div key={label}><dt><Text size={200} className={styles.muted}>{label}</Text></dt><dd style={{ margin: 0, whiteSpace: 'pre-line' }}><Text>{value}</Text></dd></div>))}
        </dl>
      ) : (
        <ul className={styles.list}>
          {(user.user_settings ?? []).map((s) => (
            <li key={s.setting_type_id} className={styles.row}>
              <span className={styles.rowText}><Text size={200} className={styles.muted}>{s.setting_type.name}</Text><Text>{s.approver?.name ?? '-'}</Text></span>
              {s.approver?.is_authorizer ? <Badge appearance="tint">{t('app.admin.authorizerBadge')}</Badge> : null}
            </li>
          ))}
        </ul>
      )}
      <fieldset className={styles.form} disabled style={{ border: 0, padding: 0 }}>
        <legend><Text weight="semibold">{t('app.admin.roles')}</Text></legend>
        {FLAGS.map((flag) => <Checkbox key={flag} checked={user[flag]} label={t(`app.admin.flags.${flag}`)} disabled />)}
      </fieldset>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        {mayEndSessions ? <Button appearance="secondary" icon={<SignOutRegular />} onClick={() => void endSessions()}>{t('app.admin.endSessions')}</Button> : null}
        <Button appearance="secondary" className={danger.quiet} data-danger icon={<DeleteRegular />} onClick={() => void request('delete')}>{t('app.admin.delete')}</Button>
        <Button appearance="primary" onClick={() => void request('edit')}>{t('app.admin.edit')}</Button>
      </div>
    </section>
  );
}
