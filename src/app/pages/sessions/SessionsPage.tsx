import { Badge, Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toDisplayTimestamp } from '../../../engine';
import { invalidateResources, resourceKey } from '../../../renderer/resource-key';
import type { UserSession, UserSessionCollection } from '../../../wire/sessions';
import { useFeedback } from '../../feedback';
import { useSession } from '../../session';
import { ListStates } from '../common/ListStates';
import { usePageStyles } from '../common/page-styles';
import { deviceLabel } from '../../lib/device-label';

const useStyles = makeStyles({
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

/**
 * Admin → Signed-in devices (issue #34 item 7): the user's live sessions — browser and system,
 * address, sign-in and last use, "This device" marked — and End on any of them (behind a
 * confirmation; ending this device's signs it out: the server refuses its token from the next
 * request on, and the app's 401 handling returns to the login page).
 */
export function SessionsPage() {
  const { t } = useTranslation();
  const styles = { ...usePageStyles(), ...useStyles() };
  const { api } = useSession();
  const queryClient = useQueryClient();
  const feedback = useFeedback();
  const list = useQuery({
    queryKey: resourceKey('/sessions', undefined, 'members'),
    queryFn: async () => (await api.get<UserSessionCollection>('/sessions', { ringiSilent: true })).data['hydra:member'],
  });
  const end = useMutation({ mutationFn: (id: string) => api.delete(`/sessions/${id}`, { ringiSilent: true }), onSettled: () => invalidateResources(queryClient, ['/sessions']) });

  const describe = (session: UserSession) => {
    const { browser, system } = deviceLabel(session.user_agent);
    const unknown = t('app.sessions.unknown');
    return t('app.sessions.device', { browser: browser ?? unknown, system: system ?? unknown });
  };

  const endOne = async (session: UserSession) => {
    const question = session.current ? t('app.sessions.endCurrentConfirm') : t('app.sessions.endConfirm', { device: describe(session) });
    if (!(await feedback.confirm(question, t('app.sessions.endTitle')))) return;
    try {
      await end.mutateAsync(session.id);
      feedback.toast(t('app.sessions.ended'), 'success');
    } catch {
      feedback.toast(t('app.sessions.endFailed'), 'error');
    }
  };

  const rows = list.data ?? [];
  return (
    <section className={styles.page} data-testid="sessions">
      <Text>{t('app.sessions.intro')}</Text>
      <ListStates query={list} count={rows.length}
        loadFailed={t('app.sessions.loadFailed')} retry={t('app.sessions.retry')} empty={t('app.sessions.empty')} emptyTestId="sessions-empty" />
      {rows.length > 0 ? (
        <ul className={styles.list} aria-label={t('app.sessions.listLabel')}>
          {rows.map((session) => (
            <li key={session.id} className={styles.row} data-testid="session-row">
              <span className={styles.rowText}>
                <span className={styles.head}>
                  <Text weight="semibold">{describe(session)}</Text>
                  {session.current ? <Badge appearance="tint" color="success">{t('app.sessions.current')}</Badge> : null}
                </span>
                <Text size={200}>{t('app.sessions.address', { ip: session.ip ?? t('app.sessions.unknown') })}</Text>
                <Text size={200} className={styles.muted}>
                  {t('app.sessions.times', { signedIn: toDisplayTimestamp(session.created_at), lastUsed: toDisplayTimestamp(session.last_used_at) })}
                </Text>
              </span>
              <Button appearance="subtle" icon={<DeleteRegular />} aria-label={t('app.sessions.endLabel', { device: describe(session) })} onClick={() => void endOne(session)} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
