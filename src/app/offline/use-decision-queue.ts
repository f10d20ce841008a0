import { useEffect, useState } from 'react';
import { onQueueChange, queuedDecisions, type QueuedDecision } from './decision-queue';

/** The user's queued decisions, read again after each change (null while the first read runs; none without a user). */
export function useDecisionQueue(userId: number | undefined): QueuedDecision[] | null {
  const [items, setItems] = useState<QueuedDecision[] | null>(null);
  useEffect(() => {
    let live = true;
    const read = () => void (userId === undefined ? Promise.resolve([]) : queuedDecisions(userId)).then((list) => live && setItems(list), () => live && setItems([]));
    read();
    const stop = onQueueChange(read);
    return () => {
      live = false;
      stop();
    };
  }, [userId]);
  return items;
}

/** A time the way the user's language writes it (date and hour:minute). */
export function formatWhen(ms: number, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(ms));
}
