import { useEffect, useState } from 'react';
import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { waitingDecisionsByUser } from './decision-queue';

/**
 * On the sign-in screen: the decisions taken offline on this device that still wait to be sent, per
 * user who took them (issue #33 item 3). A session that expired, or another user who signed in
 * since, keeps them; each is sent only once its own user signs in again (the server refuses it from
 * anyone else), so the note names whose they are. Nothing when none waits, or the store cannot be read.
 */
export default function WaitingDecisionsNotice() {
  const { t } = useTranslation();
  const [waiting, setWaiting] = useState<Awaited<ReturnType<typeof waitingDecisionsByUser>>>([]);
  useEffect(() => {
    let live = true;
    void waitingDecisionsByUser().then((list) => live && setWaiting(list), () => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (!waiting.length) return null;
  return (
    <div data-testid="waiting-decisions">
      {waiting.map((user) => (
        <MessageBar key={user.userId} intent="warning" layout="multiline">
          <MessageBarBody>{t('app.offline.waiting.signIn', { count: user.count, name: user.userName || `#${user.userId}` })}</MessageBarBody>
        </MessageBar>
      ))}
    </div>
  );
}
