import { useEffect, useState } from 'react';
import { Button, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AlertOnRegular, DeleteRegular, PhoneRegular } from '@fluentui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PushDevice, PushDeviceList } from '../../../wire/push';
import { invalidateResources, resourceKey } from '../../../renderer/resource-key';
import { ApiError } from '../../api';
import { useFeedback } from '../../feedback';
import { useSession } from '../../session';
import { ListStates } from '../common/ListStates';
import { usePageStyles } from '../common/page-styles';
import { browserPush, PushRefused, subscribeDevice, type PushBrowser } from './push-client';

const useStyles = makeStyles({
  card: {
    display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge, backgroundColor: tokens.colorNeutralBackground1, boxShadow: tokens.shadow2,
  },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  grow: { flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column', wordBreak: 'break-word' },
  muted: { color: tokens.colorNeutralForeground3 },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

/** A short name for a device from its browser's user agent. */
function deviceName(userAgent: string | null): string {
  const ua = userAgent ?? '';
  const system = ['iPhone', 'iPad', 'Android', 'Windows', 'Macintosh', 'Linux'].find((name) => ua.includes(name))?.replace('Macintosh', 'Mac') ?? '';
  const browser = /Edg\//.test(ua) ? 'Edge' : /Firefox\//.test(ua) ? 'Firefox' : /Chrome\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : '';
  return [browser, system].filter(Boolean).join(' · ');
}

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');

/**
 * Admin → Notifications (issue 33 item 2): push on this device — turn it on (the browser asks for
 * permission; the subscription goes to the server) or off — with what the browser allows said
 * plainly (blocked, not supported, iPhone/iPad only from the Home Screen), and the user's devices
 * that receive pushes, each removable. Pushes say what waits for the user, what was sent back or
 * decided, and mentions; tapping one opens the document.
 */
export function NotificationsPage(props: { params?: { browser?: PushBrowser } }) {
  const { t } = useTranslation();
  const styles = { ...usePageStyles(), ...useStyles() };
  const { api } = useSession();
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const browser = props.params?.browser ?? browserPush;
  const [support, setSupport] = useState(() => browser.support());
  const [current, setCurrent] = useState<string | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    browser.current().then((endpoint) => live && setCurrent(endpoint), () => live && setCurrent(null));
    return () => { live = false; };
  }, [browser]);

  const devices = useQuery({
    queryKey: resourceKey('/push/subscriptions'),
    queryFn: async () => (await api.get<PushDeviceList>('/push/subscriptions', { ringiSilent: true })).data.items,
  });
  const reload = () => invalidateResources(queryClient, ['/push/subscriptions']);
  const remove = useMutation({ mutationFn: (id: number) => api.delete(`/push/subscriptions/${id}`, { ringiSilent: true }), onSettled: reload });

  const turnOn = async () => {
    setBusy(true);
    try {
      await subscribeDevice(api, browser);
      setCurrent(await browser.current());
      feedback.toast(t('app.notifications.turnedOn'), 'success');
    } catch (error) {
      if (error instanceof PushRefused) setSupport(browser.support());
      const message = error instanceof ApiError && error.message ? error.message : t(error instanceof PushRefused ? 'app.notifications.refused' : 'app.notifications.failed');
      feedback.toast(message, 'error', 4000);
    } finally {
      setBusy(false);
      await reload();
    }
  };

  const turnOff = async () => {
    setBusy(true);
    try {
      await browser.unsubscribe();
      setCurrent(null);
      feedback.toast(t('app.notifications.turnedOff'), 'success');
    } finally {
      setBusy(false);
    }
  };

  const removeDevice = async (device: PushDevice) => {
    if (!(await feedback.confirm(t('app.notifications.removeConfirm', { device: deviceName(device.user_agent) || device.service }), undefined, { danger: true }))) return;
    await remove.mutateAsync(device.id).catch(() => feedback.toast(t('app.notifications.failed'), 'error'));
  };

  const canAsk = support === 'default' || support === 'granted';
  return (
    <section className={styles.page} data-testid="notifications">
      <div className={styles.card}>
        <div className={styles.row}>
          <AlertOnRegular fontSize={24} />
          <div className={styles.grow}>
            <Text weight="semibold">{t('app.notifications.thisDevice')}</Text>
            <Text size={200} className={styles.muted} role="status">
              {current ? t('app.notifications.on') : t(`app.notifications.support.${support}`)}
            </Text>
          </div>
        </div>
        {current === undefined ? <Spinner size="tiny" /> : current ? (
          <Button onClick={() => void turnOff()} disabled={busy}>{t('app.notifications.turnOff')}</Button>
        ) : canAsk ? (
          <Button appearance="primary" onClick={() => void turnOn()} disabled={busy}>{busy ? <Spinner size="tiny" /> : t('app.notifications.turnOn')}</Button>
        ) : null}
        <Text size={200} className={styles.muted}>{t('app.notifications.iosNote')}</Text>
        <Text size={200} className={styles.muted}>{t('app.notifications.what')}</Text>
      </div>
      <div className={styles.card}>
        <Text weight="semibold" as="h2">{t('app.notifications.devices')}</Text>
        <ListStates query={devices} count={devices.data?.length ?? 0}
          loadFailed={t('app.notifications.loadFailed')} retry={t('app.notifications.retry')} empty={t('app.notifications.noDevices')} />
        {devices.data?.length ? (
          <ul className={styles.list} aria-label={t('app.notifications.devices')}>
            {devices.data.map((device) => (
              <li key={device.id} className={styles.row} data-device={device.id}>
                <PhoneRegular fontSize={20} />
                <div className={styles.grow}>
                  <Text>{deviceName(device.user_agent) || device.service}</Text>
                  <Text size={200} className={styles.muted}>
                    {t('app.notifications.since', { date: day(device.created_at) })}
                    {device.last_sent_at ? ` · ${t('app.notifications.lastPush', { date: day(device.last_sent_at) })}` : ''}
                  </Text>
                </div>
                <Button appearance="subtle" icon={<DeleteRegular />} aria-label={t('app.notifications.remove', { device: deviceName(device.user_agent) || device.service })}
                  onClick={() => void removeDevice(device)} />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
