import { useEffect, useState, useSyncExternalStore } from 'react';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { copyServedAt, keepOfflineCopies, onCopyServed } from './offline-copies';
import { useRendererHost } from '../../renderer';
import { useSession } from '../session';
import { loadOfflineCopies } from '../api/offline-transport';
import { ownQueuedDecisions, sendQueuedDecisions } from './decision-queue';
import { forgetKept, readOwner, writeOwner } from './offline-db';
import { forgetReadAhead, keepPendingOffline } from './offline-prefetch';
import { useReadsAhead, type ReadCardAhead } from './ReadsAhead';
import { keepShellOffline } from './offline-shell';
import { formatWhen, useDecisionQueue } from './use-decision-queue';
import { useOnline } from './use-online';

const useStyles = makeStyles({
  bar: {
    display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`, backgroundColor: tokens.colorPaletteYellowBackground2,
    color: tokens.colorNeutralForeground1, borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  queue: { backgroundColor: tokens.colorNeutralBackground1 },
});

/** The pending documents are read again at most once a minute (a tab brought back often reads them once). */
const KEEP_INTERVAL_MS = 60_000;
let keptAt = 0;
function keepPendingOfflineNow(api: Parameters<typeof keepPendingOffline>[0], readCard: ReadCardAhead) {
  if (Date.now() - keptAt < KEEP_INTERVAL_MS) return undefined;
  keptAt = Date.now();
  return keepPendingOffline(api, readCard).catch(() => {
    keptAt = 0;
  });
}


/**
 * Offline for the signed-in user (issue #33 item 3; docs/ARCHITECTURE.md "Offline"), loaded after
 * sign-in and not part of the first screen: makes the offline store this user's (another user's
 * data is forgotten first), keeps the API answers the transport sees and the last 50 pending
 * documents (their cards read ahead for the names they show, their attachments up to 5 MB), keeps the app shell in the service worker, sends queued decisions when online or back
 * in the foreground, and shows a bar: offline with the "as of" time of what is shown, and the
 * decisions waiting or refused, which opens their list.
 */
export default function OfflineStatus() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const session = useSession();
  const host = useRendererHost();
  const online = useOnline();
  const asOf = useSyncExternalStore(onCopyServed, copyServedAt, () => null);
  const userId = session.profile?.id;
  const queue = useDecisionQueue(userId);
  const [ready, setReady] = useState(false);
  const ahead = useReadsAhead(session.api);
  const readCard = ahead.read;

  useEffect(() => {
    if (userId === undefined) return undefined;
    let live = true;
    void (async () => {
      // A shared phone: the previous user's documents go before this user's are kept (their queued
      // decisions stay, theirs only: sent when they sign in again, never in this session).
      if ((await readOwner()) !== userId) {
        await ownQueuedDecisions();
        await forgetKept();
        await writeOwner(userId);
      }
      if (!live) return;
      keptAt = 0;
      forgetReadAhead();
      keepOfflineCopies(true);
      setReady(true);
      // The code a document is read and decided with offline, and signing out (with its warning) up to
      // the sign-in screen (a session may end offline, or as the network comes back), loaded now so that the worker keeps it.
      const warm = () => Promise.all([
        import('../pages/approvals/DocumentDetailPage'), import('./DecisionQueuePage'), loadOfflineCopies(), import('../pages/admin/AdminPage'), import('./SignOutWarning'),
        import('../pages/login/LoginPage'), import('./WaitingDecisionsNotice'),
      ]);
      void keepShellOffline(warm).catch(() => undefined);
    })().catch(() => undefined);
    return () => {
      live = false;
      keepOfflineCopies(false);
    };
  }, [userId]);

  // Online (at start, on reconnecting, back in the foreground): queued decisions first, then the copies.
  useEffect(() => {
    if (!ready || !online || userId === undefined) return undefined;
    const api = session.api;
    const refresh = () => {
      if (document.visibilityState !== 'visible' || !navigator.onLine) return;
      void sendQueuedDecisions(api, userId).then(() => keepPendingOfflineNow(api, readCard)).catch(() => undefined);
    };
    refresh();
    document.addEventListener('visibilitychange', refresh);
    return () => document.removeEventListener('visibilitychange', refresh);
  }, [ready, online, session.api, readCard, userId]);

  const count = (state: string) => queue?.filter((item) => item.state === state).length ?? 0;
  const queued = queue?.length ?? 0;
  const offline = !online || asOf !== null;
  if (!offline && queued === 0) return <>{ahead.portal}</>;

  const openQueue = async () => {
    const { DecisionQueuePage } = await import('./DecisionQueuePage');
    if (userId !== undefined) void host.openPage({ key: 'app.offline.queue.title' }, () => <DecisionQueuePage api={session.api} userId={userId} />);
  };
  return (
    <>
      {ahead.portal}
      <div className={styles.bar} role="status" data-testid="offline-status">
        {offline ? (
          <Text size={200} weight="semibold">
            {asOf !== null ? t('app.offline.asOf', { when: formatWhen(asOf, i18n.language) }) : t('app.offline.offline')}
          </Text>
        ) : null}
        {queued > 0 ? (
          <Button size="small" className={styles.queue} onClick={() => void openQueue()}>
            {t('app.offline.queue.summary', { pending: count('pending'), sent: count('sent'), refused: count('refused') })}
          </Button>
        ) : null}
      </div>
    </>
  );
}
