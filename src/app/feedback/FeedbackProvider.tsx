import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FeedbackContext, TOAST_DURATION_MS, type DialogOptions, type Feedback, type ToastIntent } from './feedback-context';
import type { PendingDialog, ToastRequest } from './pending';
import { whenIdle } from '../lib/when-idle';

// Fluent's Toaster and Dialog (with their motion and focus-trap code) are not needed to paint
// the first screen: their chunk loads when the browser is idle after it, or at the first toast or
// dialog if that comes sooner; a toast asked for before it is in waits for it.
const FeedbackHost = lazy(() => import('./FeedbackHost'));

/**
 * Hosts the Fluent Toaster and one dialog at a time (later requests wait their turn,
 * so alerts are shown one by one as the spec asks). Fluent's Dialog traps focus.
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [dialogs, setDialogs] = useState<PendingDialog[]>([]);
  const nextId = useRef(1);
  // Toasts asked for before the host's chunk is in are shown once it is.
  const showToast = useRef<((request: ToastRequest) => void) | null>(null);
  const waitingToasts = useRef<ToastRequest[]>([]);
  const [hostWanted, setHostWanted] = useState(false);
  useEffect(() => whenIdle(() => setHostWanted(true), 3000), []);
  const onHostReady = useCallback((show: (request: ToastRequest) => void) => {
    showToast.current = show;
    for (const request of waitingToasts.current.splice(0)) show(request);
  }, []);

  const open = useCallback((kind: PendingDialog['kind'], title: string, message: string, options?: DialogOptions) => {
    return new Promise<boolean>((resolve) => {
      const focused = document.activeElement;
      const opener = focused instanceof HTMLElement && focused !== document.body ? focused : null;
      setDialogs((queue) => [...queue, { id: nextId.current++, kind, title, message, lng: options?.lng, danger: options?.danger, opener, resolve }]);
    });
  }, []);

  const feedback = useMemo<Feedback>(
    () => ({
      toast(message: string, intent: ToastIntent = 'info', durationMs?: number) {
        const request = { message, intent, timeout: durationMs ?? TOAST_DURATION_MS[intent] };
        if (showToast.current) showToast.current(request);
        else {
          waitingToasts.current.push(request);
          setHostWanted(true);
        }
      },
      confirm: (message, title, options) =>
        open('confirm', title ?? t('app.common.confirmTitle', { lng: options?.lng }), message, options),
      alert: async (title, message, options) => {
        await open('alert', title, message, options);
      },
    }),
    [open, t],
  );

  const current = dialogs[0];
  // The dialogs are opened from code (no Fluent trigger to restore focus to): when the last one
  // closes, focus goes back to the control that asked for the first of them, if still usable.
  const shown = useRef<PendingDialog | undefined>(undefined);
  useEffect(() => {
    const before = shown.current;
    if (current && !shown.current) shown.current = current;
    if (!current && before) {
      shown.current = undefined;
      const opener = before.opener;
      if (opener?.isConnected && !opener.closest('[inert]')) opener.focus();
    }
  }, [current]);
  const settle = useCallback(
    (confirmed: boolean) => {
      if (!current) return;
      current.resolve(confirmed);
      setDialogs((queue) => queue.filter((dialog) => dialog.id !== current.id));
    },
    [current],
  );

  return (
    <FeedbackContext.Provider value={feedback}>
      {children}
      {(hostWanted || current) && (
        <Suspense fallback={null}>
          <FeedbackHost current={current} settle={settle} onReady={onHostReady} />
        </Suspense>
      )}
    </FeedbackContext.Provider>
  );
}
