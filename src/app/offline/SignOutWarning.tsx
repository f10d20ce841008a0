import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ApiClient } from '../api';
import { queuedDecisions, sendQueuedDecisions } from './decision-queue';

// The sign-out button asks this chunk (kept for offline with the warning) how many wait, not a chunk of its own.
export { waitingDecisionCount } from './decision-queue';
import { useDecisionQueue } from './use-decision-queue';
import { useOnline } from './use-online';
import { useDangerStyles } from '../../renderer/theme/danger';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  actions: { flexWrap: 'wrap' },
  problem: { color: tokens.colorPaletteRedForeground1 },
});

export interface SignOutWarningProps {
  api: ApiClient;
  /** The user signing out: their queued decisions are counted, sent and forgotten (no one else's). */
  userId: number;
  /** Signs out (the session forgets this device's copies and queue). */
  onSignOut(): void;
  onCancel(): void;
}

/**
 * Signing out with decisions taken offline still waiting to be sent (issue #33 item 3): signing out
 * forgets the device's queue, so the user is told how many would be lost and offered "Send now"
 * (online: sends them, then signs out once none waits; otherwise says not all could be sent) or
 * "Sign out anyway". Offline it says they can be sent only once online. An alert dialog: focus
 * stays inside, Escape cancels.
 */
export default function SignOutWarning({ api, userId, onSignOut, onCancel }: SignOutWarningProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const danger = useDangerStyles();
  const queue = useDecisionQueue(userId);
  const online = useOnline();
  const [sending, setSending] = useState(false);
  const [notSent, setNotSent] = useState(false);
  const pending = queue?.filter((item) => item.state === 'pending').length ?? 0;
  if (queue === null) return null;

  const sendNow = async () => {
    setSending(true);
    setNotSent(false);
    await sendQueuedDecisions(api, userId).catch(() => undefined);
    const left = (await queuedDecisions(userId)).filter((item) => item.state === 'pending').length;
    setSending(false);
    if (left === 0) onSignOut();
    else setNotSent(true);
  };

  return (
    <Dialog open modalType="alert" onOpenChange={(_, data) => !data.open && onCancel()}>
      <DialogSurface aria-describedby="sign-out-warning-text" data-testid="sign-out-warning">
        <DialogBody>
          <DialogTitle>{t('app.offline.signOut.title')}</DialogTitle>
          <DialogContent id="sign-out-warning-text" className={styles.content}>
            <Text>{t('app.offline.signOut.message', { count: pending })}</Text>
            {online ? null : <Text>{t('app.offline.signOut.offline')}</Text>}
            {notSent ? <Text role="alert" className={styles.problem}>{t('app.offline.signOut.notSent')}</Text> : null}
          </DialogContent>
          <DialogActions className={styles.actions}>
            <Button appearance="secondary" onClick={onCancel}>{t('app.offline.signOut.cancel')}</Button>
            <Button appearance="secondary" className={danger.quiet} data-danger onClick={onSignOut} disabled={sending}>{t('app.offline.signOut.anyway')}</Button>
            {online && pending > 0 ? (
              <Button appearance="primary" onClick={() => void sendNow()} disabled={sending}>
                {sending ? t('app.offline.signOut.sending') : t('app.offline.signOut.sendNow')}
              </Button>
            ) : null}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
